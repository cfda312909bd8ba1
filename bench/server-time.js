// `node bench/server-time.js http://127.0.0.1:3000`: server time of one request at a time, nothing
// from the page cache, against a running store: 300 product pages and 300 listings as a buyer with
// a cart (rendered for them), and every prefix of a few typed queries as suggestions (each asked once).
const base = process.argv[2] ?? "http://127.0.0.1:3000";
const TYPED = [
  "grinding wheel",
  "flap disc",
  "cut-off wheel",
  "drill bit",
  "cobalt",
  "safety glasses",
  "nitrile gloves",
];
TYPED.push("wire", "tape", "zirconia", "gw-1000", "fd-80", "hss jobber", "abrasive belt", "sanding disc", "respirator");
TYPED.push("hose clamp", "end mill");

async function timed(url, headers = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))].toFixed(1);
  return `median ${at(0.5)} ms, p99 ${at(0.99)} ms (${sorted.length} requests)`;
}

const locations = async (url) =>
  [...(await (await fetch(url)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
const paths = [];
for (const file of await locations(`${base}/sitemap.xml`)) paths.push(...(await locations(base + file)));
const spread = (list, count) => Array.from({ length: count }, (_, i) => list[(i * 7919) % list.length]);
const withCart = { Cookie: "cart=server-time" };
const products = spread(
  paths.filter((p) => p.startsWith("/products/")),
  300,
);
const listings = spread(
  paths.filter((p) => p.startsWith("/category/")),
  300,
);
const prefixes = [...new Set(TYPED.flatMap((text) => [...text].map((_, end) => text.slice(0, end + 1))))].filter(
  (p) => p.trim().length >= 2,
);

for (const path of products.slice(0, 20)) await timed(base + path, withCart); // warm-up
const results = { "product page": [], "category page": [], suggestion: [] };
for (const path of products) results["product page"].push(await timed(base + path, withCart));
for (const path of listings) results["category page"].push(await timed(base + path, withCart));
for (const prefix of prefixes)
  results.suggestion.push(await timed(`${base}/api/search/suggest?q=${encodeURIComponent(prefix)}`));
for (const [name, times] of Object.entries(results)) console.log(`${name.padEnd(14)} ${summary(times)}`);
