// `npm run bench:web`: Lighthouse (mobile, its default simulated throttling) on the home page, a
// category, a product and a search page of the production build, in Debian's Chromium. Prints
// the four category scores, LCP, TBT, CLS and the JavaScript transferred, and writes them to
// bench/results/web.json.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureChromium } from "../scripts/chromium.js";
import { freePort, waitUntilAnswering } from "../scripts/local-server.js";

const root = path.resolve(import.meta.dirname, "..");
const pages = [
  ["home", "/"],
  ["category", "/category/abrasives/grinding-wheels"],
  ["product", "/products/grinding-wheel-4-5-in-gw-45-001"],
  ["search", "/search?q=grinding%20wheel"],
];

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "store-bench-web-"));
spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "ignore" });
const chromePath = ensureChromium();
if (!chromePath) process.exit(1);
const store = spawn(process.execPath, ["scripts/start.js"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const results = {};
try {
  await waitUntilAnswering(`${base}/healthz`, { child: store });
  console.log(`npm run bench:web   (${new Date().toISOString()}, Lighthouse mobile, ${base})`);
  console.log("page       perf  a11y  best  seo   LCP ms  TBT ms  CLS     JS KB (transferred)");
  for (const [name, pathname] of pages) {
    await fetch(base + pathname); // the first render is not what a visitor waits for
    const { lhr } = await lighthouse(base + pathname, { port: chrome.port, output: "json", logLevel: "error" });
    const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id]?.numericValue ?? 0;
    const scripts = lhr.audits["resource-summary"]?.details?.items?.find((item) => item.resourceType === "script");
    const row = {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(audit("largest-contentful-paint")),
      tbtMs: Math.round(audit("total-blocking-time")),
      cls: Number(audit("cumulative-layout-shift").toFixed(3)),
      scriptKb: Math.round((scripts?.transferSize ?? 0) / 1024),
    };
    results[name] = row;
    console.log(
      `${name.padEnd(10)} ${String(row.performance).padStart(4)}  ${String(row.accessibility).padStart(4)}  ${String(row.bestPractices).padStart(4)}  ${String(row.seo).padStart(4)}  ${String(row.lcpMs).padStart(7)}  ${String(row.tbtMs).padStart(6)}  ${String(row.cls).padEnd(6)}  ${row.scriptKb}`,
    );
  }
} finally {
  await chrome.kill();
  store.kill("SIGTERM");
  await new Promise((resolve) => store.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
mkdirSync(path.join(root, "bench/results"), { recursive: true });
writeFileSync(path.join(root, "bench/results/web.json"), JSON.stringify(results, null, 2));
