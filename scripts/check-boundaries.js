// `npm run check:boundaries`: the floors of the house (docs/decisions/boundaries.md). domain/
// holds the store's pure rules and stands on nothing of ours; server/ stands on domain/; app/ on
// both. An import that runs back up (server/ → app/, domain/ → server/ or app/) or a framework
// in domain/ fails the build, one line per import. The browser's side of the rule (no server/ in
// the client bundle) is the build's own check, in vite.config.ts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** What each floor may not reach: folders of ours, and packages that are not pure rules. */
const floors = {
  domain: {
    folders: ["app", "server", "scripts", "bench", "test", "e2e"],
    packages: /^(node:|react|react-dom|react-router|hono|@hono\/|drizzle-orm|pg$|@electric-sql\/|better-auth)/,
  },
  server: { folders: ["app"], packages: null },
};

// Static imports and re-exports, `import("…")` and `vi.mock("…")`; type imports count too, since
// a type's module is where its rule lives.
const specifiers = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|vi\.mock\(\s*)["']([^"']+)["']/gm;

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/\.(ts|tsx|js)$/.test(entry.name)) yield file;
  }
}

/** Every import under `root` that breaks a floor's rule, as a line naming the file and the import. */
export function brokenImports(root) {
  const broken = [];
  for (const [floor, rule] of Object.entries(floors)) {
    if (!existsSync(path.join(root, floor))) continue;
    for (const file of sourceFiles(path.join(root, floor))) {
      const text = readFileSync(file, "utf8");
      for (const [, spec] of text.matchAll(specifiers)) {
        const shown = path.relative(root, file);
        if (spec.startsWith(".")) {
          const reached = path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
          if (rule.folders.includes(reached))
            broken.push(`${shown} imports ${spec}: ${floor}/ may not import ${reached}/`);
        } else if (rule.packages?.test(spec) && !/\.test\.ts$/.test(file)) {
          broken.push(
            `${shown} imports ${spec}: ${floor}/ holds pure rules, without frameworks, I/O or the runtime's modules`,
          );
        }
      }
    }
  }
  return broken;
}

if (process.argv[1] === import.meta.filename) {
  const broken = brokenImports(path.resolve(import.meta.dirname, ".."));
  if (broken.length > 0) {
    console.error(broken.join("\n"));
    console.error(
      `${broken.length} import(s) break the floors: domain/ ← server/ ← app/ (docs/decisions/boundaries.md).`,
    );
    process.exit(1);
  }
  console.log("Floors hold: domain/ imports neither server/ nor app/; server/ imports nothing from app/.");
}
