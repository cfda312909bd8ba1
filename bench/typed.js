// Timing requests one at a time, as one buyer makes them, and what buyers type into the search
// box letter by letter (each prefix asked once, so none comes from the page cache).
export const TYPED_QUERIES = [
  "grinding wheel",
  "flap disc",
  "cut-off wheel",
  "drill bit",
  "cobalt",
  "safety glasses",
  "nitrile gloves",
  "wire",
  "tape",
  "zirconia",
  "gw-1000",
  "fd-80",
  "hss jobber",
  "abrasive belt",
  "sanding disc",
  "respirator",
  "hose clamp",
  "end mill",
];

/** Every prefix of two characters or more of the typed queries, each once. @returns {string[]} */
export function typedPrefixes() {
  const prefixes = TYPED_QUERIES.flatMap((text) => [...text].map((_, end) => text.slice(0, end + 1)));
  return [...new Set(prefixes)].filter((prefix) => prefix.trim().length >= 2);
}

/**
 * Milliseconds until the whole answer has arrived; a non-2xx answer is an error.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 */
export async function timed(url, headers = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}.`);
  return performance.now() - started;
}

/**
 * The median and the 99th percentile of these times, in ms with one decimal.
 * @param {number[]} times
 */
export function medianAndP99(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0).toFixed(1));
  return { count: sorted.length, p50: at(0.5), p99: at(0.99) };
}
