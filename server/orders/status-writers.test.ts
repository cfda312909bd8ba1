// "Nothing else writes a status" (docs/decisions/order-lifecycle.md): an update of orders.status,
// through Drizzle or in SQL, anywhere but the lifecycle module fails here, naming the file.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const lifecycle = path.join("server", "orders", "lifecycle.ts");

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "migrations" && entry.name !== "node_modules") yield* sourceFiles(file);
    } else if (/\.(ts|tsx|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield file;
  }
}

// From `.update(orders)` to its `.where(` (Drizzle), or an UPDATE statement on orders (SQL).
const drizzleUpdate = /\.update\(orders\)([\s\S]*?)\.where\(/g;
const sqlUpdate = /update\s+"?orders"?\s+set\s([^;`]*)/gi;

/** The files under `folders` that write an order's status, `allowed` aside. */
function statusWriters(folders: string[], allowed: string | null = lifecycle): string[] {
  const writers: string[] = [];
  for (const folder of folders)
    for (const file of sourceFiles(path.join(root, folder))) {
      const shown = path.relative(root, file);
      if (shown === allowed) continue;
      const text = readFileSync(file, "utf8");
      const updates = [...text.matchAll(drizzleUpdate), ...text.matchAll(sqlUpdate)];
      if (updates.some(([, set]) => /\bstatus\b/.test(set ?? ""))) writers.push(shown);
    }
  return writers;
}

describe("writers of an order's status", () => {
  it("are the lifecycle module alone", () => {
    expect(statusWriters(["server", "app", "scripts", "bench"])).toEqual([]);
  });

  it("are found by this check: it finds the lifecycle module's own writes", () => {
    expect(statusWriters([path.join("server", "orders")], null)).toEqual([lifecycle]);
  });
});
