// The catalogue pages as a visitor gets them and as a signed-in buyer with a cart gets them, one
// after the other on the same store: the figures of issue 21's first budget (a buyer at half a
// visitor's rate or better, p99 under 25 ms, at 10 connections).
import { freePort, waitUntilAnswering } from "../scripts/local-server.js";
import { type LoadResult, load } from "./load";

export const BUYER_PAGES: [string, string][] = [
  ["product page", "/products/grinding-wheel-4-5-in-gw-45-001"],
  ["category page", "/category/abrasives/grinding-wheels"],
  ["search results", `/search?q=${encodeURIComponent("grinding wheel 4.5")}`],
];

const BENCH_ADMIN = { email: "bench-buyer@example.com", password: "bench-buyer-password-1" };

/** The environment a store needs so that `buyerCookies` can sign in (an account made at start). */
export const buyerEnv = { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password };

/** The cookies of a buyer signed in (the account of `buyerEnv`) with one line in their cart, as a browser keeps them. */
export async function buyerCookies(base: string, productId: string): Promise<string> {
  const jar = new Map<string, string>();
  const send = async (pathname: string, form: Record<string, string>) => {
    const response = await fetch(`${base}${pathname}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(form),
      headers: { origin: base, cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  await send("/auth", { intent: "sign-in", ...BENCH_ADMIN, redirectTo: "/" });
  await send("/api/cart", { intent: "add", productId, quantity: "1" });
  if (![...jar.keys()].some((name) => name.endsWith("session_token")))
    throw new Error("The bench buyer could not sign in.");
  // The toast the sign-in left is shown once, by the first page; a browser would have shown it already.
  jar.delete("toast");
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

export type BuyerRow = { name: string; connections: number } & LoadResult;

/**
 * Each page at 10 connections for a visitor, then for the buyer, after a 1 s warm-up each; then
 * the buyer's own request (their name and cart) that each of their pages makes once loaded.
 */
export async function measureBuyerPages(base: string, cookie: string, seconds: number): Promise<BuyerRow[]> {
  const rows: BuyerRow[] = [];
  for (const [name, pathname] of BUYER_PAGES) {
    for (const [who, headers] of [
      ["visitor", {}],
      ["buyer signed in, with a cart", { Cookie: cookie }],
    ] as const) {
      await load(base + pathname, { connections: 10, seconds: 1, headers });
      rows.push({
        name: `${name}, ${who}`,
        connections: 10,
        ...(await load(base + pathname, { connections: 10, seconds, headers })),
      });
    }
  }
  // What each of the buyer's page views adds: their own request, never cached.
  const own = { headers: { Cookie: cookie } };
  await load(`${base}/api/cart`, { connections: 10, seconds: 1, ...own });
  rows.push({
    name: "their own request (GET /api/cart), buyer",
    connections: 10,
    ...(await load(`${base}/api/cart`, { connections: 10, seconds, ...own })),
  });
  return rows;
}

/** A store started with `start` on a free port (one process), measured, and stopped. */
export async function benchBuyers(
  start: (env: NodeJS.ProcessEnv) => import("node:child_process").ChildProcess,
  env: NodeJS.ProcessEnv,
  seconds: number,
  productId: string,
): Promise<BuyerRow[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const store = start({
    ...env,
    ...buyerEnv,
    WEB_CONCURRENCY: "1",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    LOG_LEVEL: "warn",
  });
  try {
    await waitUntilAnswering(`${base}/healthz`, { child: store });
    return await measureBuyerPages(base, await buyerCookies(base, productId), seconds);
  } finally {
    await new Promise<void>((resolve) => {
      if (store.exitCode !== null) return resolve();
      store.once("exit", () => resolve());
      store.kill("SIGTERM");
    });
  }
}
