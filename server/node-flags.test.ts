import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { SERVING_GLIBC_TUNABLE, SERVING_NODE_FLAGS, servingEnvironment } from "./node-flags";

// package.json cannot import the flags: it names them again, and this keeps the copies in step.
it("npm start and npm run bench pass the serving processes' Node flags and glibc tunable", () => {
  const { scripts } = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  for (const name of ["start", "bench"]) {
    const node = scripts[name]?.split("&&").at(-1)?.trim().split(/\s+/) ?? [];
    expect(node).toEqual(expect.arrayContaining(SERVING_NODE_FLAGS));
    expect(scripts[name]).toContain(`GLIBC_TUNABLES=\${GLIBC_TUNABLES:-${SERVING_GLIBC_TUNABLE}}`);
  }
});

it("a serving process's environment asks for huge pages, beside any tunables it has, unless it says otherwise", () => {
  expect(servingEnvironment({ PORT: "3000" })).toEqual({ PORT: "3000", GLIBC_TUNABLES: SERVING_GLIBC_TUNABLE });
  expect(servingEnvironment({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2" }).GLIBC_TUNABLES).toBe(
    `glibc.malloc.arena_max=2:${SERVING_GLIBC_TUNABLE}`,
  );
  expect(servingEnvironment({ GLIBC_TUNABLES: "glibc.malloc.hugetlb=0" }).GLIBC_TUNABLES).toBe(
    "glibc.malloc.hugetlb=0",
  );
});
