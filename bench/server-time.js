// `node bench/server-time.js http://127.0.0.1:3000`: server time of one request at a time, nothing
// from the page cache, against a running store: 300 product pages and 300 listings as a buyer with
// a cart (rendered for them), and every typed prefix as a suggestion (each asked once).
import { medianAndP99, timed, typedPrefixes } from "./typed.js";

const base = process.argv[2] ?? "http://127.0.0.1:3000";
const withCart = { Cookie: "cart=server-time" };

const locations = async (url) =>
  [...(await (await fetch(url)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
const paths = [];
for (const file of await locations(`${base}/sitemap.xml`)) paths.push(...(await locations(base + file)));
/** `count` paths spread over the list (a prime stride), so they are not neighbours in the catalogue. */
const spread = (prefix, count) => {
  const list = paths.filter((p) => p.startsWith(prefix));
  return Array.from({ length: count }, (_, i) => list[(i * 7919) % list.length]);
};
const products = spread("/products/", 300);
const listings = spread("/category/", 300);

for (const path of products.slice(0, 20)) await timed(base + path, withCart); // warm-up
const results = { "product page": [], "category page": [], suggestion: [] };
for (const path of products) results["product page"].push(await timed(base + path, withCart));
for (const path of listings) results["category page"].push(await timed(base + path, withCart));
for (const prefix of typedPrefixes())
  results.suggestion.push(await timed(`${base}/api/search/suggest?q=${encodeURIComponent(prefix)}`));
for (const [name, times] of Object.entries(results)) {
  const { count, p50, p99 } = medianAndP99(times);
  console.log(`${name.padEnd(14)} median ${p50} ms, p99 ${p99} ms (${count} requests)`);
}
