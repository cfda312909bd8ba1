// Rows handed on as they arrive (./client.ts, eachRow): every row, in the query's order, on both
// databases; a failure while taking one ends the call with it and leaves the database usable.
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { withTestDatabase } from "../../test/database";
import { eachRow } from "./client";

const { handle } = withTestDatabase();

it("hands every row on, in the query's order", async () => {
  const taken: number[] = [];
  await eachRow<{ n: number }>(sql`select n from generate_series(1, 5000) as n order by n desc`, (row) =>
    taken.push(row.n),
  );
  expect(taken).toHaveLength(5000);
  expect(taken[0]).toBe(5000);
  expect(taken.at(-1)).toBe(1);
  expect(taken.every((n, at) => n === 5000 - at)).toBe(true);
});

it("fails with what failed while taking a row, takes no row after it, and leaves the database usable", async () => {
  // More times than the pool has connections: each one is given back.
  for (let attempt = 0; attempt < 12; attempt++) {
    const taken: number[] = [];
    const failing = eachRow<{ n: number }>(sql`select n from generate_series(1, 100) as n order by n`, (row) => {
      if (row.n === 3) throw new Error("row 3 refused");
      taken.push(row.n);
    });
    await expect(failing).rejects.toThrow("row 3 refused");
    expect(taken).toEqual([1, 2]);
  }
  const [row] = (await handle().db.execute<{ one: number }>(sql`select 1 as one`)).rows;
  expect(row?.one).toBe(1);
});

it("fails with the database's own error for a query it refuses", async () => {
  await expect(eachRow(sql`select * from no_such_table`, () => {})).rejects.toThrow(/no_such_table/);
});
