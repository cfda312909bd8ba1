// `npm test`: every suite CI runs, in order, then one closing line: "N passed, N failed".
// Type check, lint, the short soak and npm audit count as one check each; test runners report
// their own counts.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureChromium } from "./chromium.js";
import { ensureNginx } from "./nginx.js";
import { startTestPostgres } from "./test-postgres.js";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, "test-results", "reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0 };
const summary = [];

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(name, command, args) {
  const ok = run(command, args);
  totals[ok ? "passed" : "failed"] += 1;
  summary.push(`${name}: ${ok ? "passed" : "FAILED"}`);
}

function vitest(name, project, env = {}) {
  const file = path.join(reports, `${name}.json`);
  const ok = run(
    "npx",
    ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`],
    env,
  );
  if (!existsSync(file)) {
    totals.failed += 1;
    summary.push(`${name}: FAILED (no report)`);
    return;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  // A suite that fails to load counts as a failure even though none of its tests ran.
  const broken = report.testResults.filter((suite) => suite.status === "failed" && suite.assertionResults.length === 0);
  const failed = report.numFailedTests + broken.length + (ok || report.numFailedTests || broken.length ? 0 : 1);
  totals.passed += report.numPassedTests;
  totals.failed += failed;
  summary.push(`${name}: ${report.numPassedTests} passed, ${failed} failed`);
}

function playwright() {
  const file = path.join(reports, "e2e.json");
  const ok = run("npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_FILE: file });
  if (!existsSync(file)) {
    totals.failed += 1;
    summary.push("e2e: FAILED (no report)");
    return;
  }
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  const failed = stats.unexpected + stats.flaky + (ok || stats.unexpected ? 0 : 1);
  totals.passed += stats.expected;
  totals.failed += failed + stats.skipped;
  summary.push(`e2e: ${stats.expected} passed, ${failed} failed, ${stats.skipped} skipped (counted as failed)`);
}

// Known advisories need the registry's audit service. Where the registry does not answer it,
// the line says so and counts neither way, rather than passing a check that never ran.
function audit() {
  const result = spawnSync("npm", ["audit", "--omit=dev", "--json"], { cwd: root, encoding: "utf8" });
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {}
  const found = report?.metadata?.vulnerabilities;
  if (!found) {
    summary.push(`npm audit --omit=dev: not checked, the registry did not answer (${report?.message ?? "no report"})`);
    return;
  }
  totals[found.high + found.critical === 0 ? "passed" : "failed"] += 1;
  summary.push(
    `npm audit --omit=dev: ${found.critical} critical, ${found.high} high, ${found.moderate} moderate, ${found.low} low`,
  );
}

check("typecheck", "npm", ["run", "--silent", "typecheck"]);
check("lint", "npx", ["biome", "check", "."]);
check("no import cycles", "npm", ["run", "--silent", "check:cycles"]);
vitest("unit", "unit");
// The server-process tests and Playwright both run the production build.
const built = run("npx", ["react-router", "build"]);
if (!built) {
  totals.failed += 1;
  summary.push("build: FAILED");
}
// The deployment recipe's test runs Debian's nginx in front of the store.
const nginx = ensureNginx();
if (nginx) process.env.NGINX_PATH = nginx;
vitest("integration-pglite", "integration", { TEST_DRIVER: "pglite" });

let postgres;
let databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  postgres = await startTestPostgres();
  databaseUrl = postgres?.url;
}
if (databaseUrl) {
  try {
    vitest("integration-postgres", "integration", { TEST_DRIVER: "postgres", TEST_DATABASE_URL: databaseUrl });
  } finally {
    postgres?.stop();
  }
} else {
  totals.failed += 1;
  summary.push("integration-postgres: FAILED (no PostgreSQL: run `npm install` again, or set TEST_DATABASE_URL)");
}

const chromium = ensureChromium();
if (built && chromium) {
  process.env.CHROMIUM_PATH = chromium;
  playwright();
} else if (!chromium) {
  totals.failed += 1;
  summary.push("e2e: FAILED (no Chromium, see above)");
}
if (built) {
  check("soak, 20 s on PostgreSQL", "npm", ["run", "--silent", "soak", "--", "--seconds", "20"]);
}
audit();

console.log(`\n${summary.join("\n")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
