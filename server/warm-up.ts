// A store process's first requests, asked of itself over loopback before it takes any: the HTTP,
// routing, rate-limit and JSON layers around the catalogue run cold otherwise, and the first
// buyers pay for their compilation.
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";

// What an integration's and a buyer's first requests ask: searches by relevance, narrowed and
// sorted, listings, what is typed into the search box. Each round asks other words (a word's first
// search costs a database round trip the next ones skip), another page size (so that no answer
// comes from the page cache the round before filled) and other letters typed.
const ROUNDS = [
  { words: ["grinding wheel", "industrial"], perPage: 47, typed: "grin" },
  { words: ["drill bit", "steel"], perPage: 46, typed: "flap" },
  { words: ["safety glasses", "tape"], perPage: 45, typed: "wire" },
];

const firstRequests = ({ words: [searched, narrowed], perPage, typed }: (typeof ROUNDS)[number]) => [
  `/api/v1/products?${new URLSearchParams({ q: searched ?? "", per_page: `${perPage}` })}`,
  `/api/v1/products?${new URLSearchParams({ q: narrowed ?? "", in_stock: "1", sort: "price_asc", per_page: `${perPage}` })}`,
  `/api/v1/products?category=abrasives&sort=name&per_page=${perPage}`,
  `/api/v1/products?sort=price_desc&per_page=${perPage}`,
  `/api/search/suggest?q=${typed}`,
];

/**
 * Answers the first requests through `listener` on a loopback port of this process's own, then
 * closes it. At 100,000 parts the first API call a process answered had taken 50-80 ms, where a
 * warm one takes 5-7. Failures are the caller's to log: the store serves anyway.
 */
export async function warmUpOverHttp(listener: RequestListener): Promise<void> {
  const rehearsal = createServer(listener);
  // exclusive: a cluster worker binds this port itself rather than sharing its supervisor's.
  await new Promise<void>((resolve, reject) => {
    rehearsal.once("error", reject);
    rehearsal.listen({ port: 0, host: "127.0.0.1", exclusive: true }, resolve);
  });
  const { port } = rehearsal.address() as AddressInfo;
  try {
    for (const round of ROUNDS) {
      for (const path of firstRequests(round)) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      }
    }
  } finally {
    rehearsal.closeAllConnections();
    await new Promise((resolve) => rehearsal.close(resolve));
  }
}
