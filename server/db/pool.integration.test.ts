// A query's result is the caller's alone (./client.ts, queryOnTakenClient): once the caller lets go
// of it, the collector frees it, even when the query was the one that opened the pool's connection
// (pg-pool's own `query` left such a result held by the connection for as long as it lived).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { createEmptyDatabase } from "../../test/database";

setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

const database = await createEmptyDatabase();
const handle = await database.open();

afterAll(async () => {
  await handle.close();
  await database.drop();
});

/** Runs `query`, keeps only a weak reference to its result, and tells whether a collection freed it. */
async function freedAfterUse(query: Parameters<typeof handle.db.execute>[0]) {
  let result: WeakRef<object> | undefined;
  await (async () => {
    result = new WeakRef(await handle.db.execute(query));
  })();
  // A weak reference holds its target until the current task ends.
  await new Promise((resolve) => setTimeout(resolve, 0));
  collect();
  return result?.deref() === undefined;
}

it("frees the result of the query that opened a connection once the caller lets go of it", async () => {
  expect(await freedAfterUse(sql`select n from generate_series(1, 50000) as n`)).toBe(true);
});

it("frees the results of queries run side by side, each opening a connection", async () => {
  const freed = await Promise.all(
    Array.from({ length: 5 }, (_, at) =>
      freedAfterUse(sql`select n, ${at}::int as at from generate_series(1, 1000) as n`),
    ),
  );
  expect(freed).toEqual([true, true, true, true, true]);
});

it("gives back the client of a failed query, and the pool serves the next", async () => {
  for (let attempt = 0; attempt < 12; attempt++)
    await expect(handle.db.execute(sql`select * from no_such_table`)).rejects.toThrow(/no_such_table/);
  const [row] = (await handle.db.execute<{ one: number }>(sql`select 1 as one`)).rows;
  expect(row?.one).toBe(1);
});
