import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { brokenImports } from "./check-boundaries.js";

let root: string;
function tree(files: Record<string, string>) {
  root = mkdtempSync(path.join(tmpdir(), "floors-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the floors check", () => {
  it("lets app/ stand on server/ and domain/, and server/ on domain/", () => {
    const ok = tree({
      "domain/money/cents.ts": 'import { z } from "zod";\nimport { plainText } from "../text/plain-text";',
      "domain/text/plain-text.ts": "export const plainText = 1;",
      "server/orders/place.ts": 'import { toCents } from "../../domain/money/cents";\nimport pg from "pg";',
      "app/routes/home.tsx":
        'import { x } from "../../server/orders/place";\nimport { y } from "../../domain/money/cents";',
    });
    expect(brokenImports(ok)).toEqual([]);
  });

  it("names every import that runs back up, type imports and dynamic imports included", () => {
    const bad = tree({
      "domain/orders/status.ts":
        'import type { Buyer } from "../../server/context";\nconst m = await import("../../app/root");',
      "server/cart/cart.ts": 'export { toast } from "../../app/lib/toast";',
    });
    expect(brokenImports(bad)).toEqual([
      "domain/orders/status.ts imports ../../server/context: domain/ may not import server/",
      "domain/orders/status.ts imports ../../app/root: domain/ may not import app/",
      "server/cart/cart.ts imports ../../app/lib/toast: server/ may not import app/",
    ]);
  });

  it("keeps frameworks, I/O and the runtime's modules out of domain/", () => {
    const bad = tree({
      "domain/dates/today.ts": 'import { readFileSync } from "node:fs";\nimport { sql } from "drizzle-orm";',
    });
    expect(brokenImports(bad)).toHaveLength(2);
  });
});
