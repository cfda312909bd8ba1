import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { SERVING_NODE_FLAGS } from "./node-flags";

// package.json cannot import the flags: it names them again, and this keeps the copies in step.
it("npm start and npm run bench pass the serving processes' Node flags", () => {
  const { scripts } = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  for (const name of ["start", "bench"]) {
    const node = scripts[name]?.split("&&").at(-1)?.trim().split(/\s+/) ?? [];
    expect(node).toEqual(expect.arrayContaining(SERVING_NODE_FLAGS));
  }
});
