// Where phrases match and how ts_rank_cd ranks them, in memory (tsquery.ts, rank.ts), against the
// database's own @@ and ts_rank_cd on random documents and queries: phrases with "or" and "and"
// inside, distances, words repeated, weights. PGlite is PostgreSQL 17, the store's server is 15.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createEmptyDatabase } from "../../../test/database";
import type { DatabaseHandle } from "../../db/client";
import { positionedWords } from "./load";
import { rankerOf } from "./rank";
import { type OperandPositions, parseTsQuery, positionTest } from "./tsquery";

let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
let handle: DatabaseHandle;
beforeAll(async () => {
  database = await createEmptyDatabase();
  handle = await database.open();
});
afterAll(async () => {
  await handle?.close();
  await database?.drop();
});

const word = fc.constantFrom("a", "b", "c", "d");
// A document: words one or two positions apart, each with a weight.
const documents = fc
  .array(fc.tuple(word, fc.constantFrom(1, 1, 1, 2), fc.constantFrom("A", "B", "C", "")), {
    minLength: 1,
    maxLength: 9,
  })
  .map((entries) => {
    const byWord = new Map<string, string[]>();
    let position = 0;
    for (const [text, step, weight] of entries) {
      position += step;
      byWord.set(text, [...(byWord.get(text) ?? []), `${position}${weight}`]);
    }
    return [...byWord].map(([text, positions]) => `'${text}':${positions.join(",")}`).join(" ");
  });
const queries = fc.letrec<{ query: string }>((tie) => ({
  query: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    word.map((text) => `'${text}'`),
    fc
      .tuple(tie("query"), fc.constantFrom("<->", "<->", "<2>", "|", "&"), tie("query"))
      .map(([left, op, right]) => `( ${left} ${op} ${right} )`),
  ),
})).query;

it("matches and ranks random phrases exactly as the database does", async () => {
  const cases = fc.sample(fc.tuple(documents, queries), { numRuns: 1500, seed: 35 });
  const { rows } = await handle.db.execute<{ v: string; q: string; m: boolean; r: number }>(
    sql`select v::text as v, q::text as q, v @@ q as m, ts_rank_cd(v, q) as r
        from (select (c->>0)::tsvector as v, (c->>1)::tsquery as q from jsonb_array_elements(${JSON.stringify(cases)}::jsonb) c) t`,
  );
  let phrases = 0;
  for (const row of rows) {
    const tree = parseTsQuery(row.q);
    if (!tree) continue;
    if (row.q.includes("<")) phrases++;
    const { words, entryWord, entryPos } = positionedWords(row.v);
    const test = positionTest(tree);
    const lists = (test?.words ?? []).map((text) =>
      Int32Array.from(
        [...entryWord.keys()].filter((i) => words[entryWord[i] ?? -1] === text),
        (i) => (entryPos[i] ?? 0) >> 2,
      ),
    );
    const positions: OperandPositions = { count: Int32Array.from(lists, (list) => list.length), at: lists };
    expect(test?.holds(positions), `${row.v} @@ ${row.q}`).toBe(row.m);
    const rank = rankerOf(tree, (text) => words.indexOf(text));
    expect(rank?.({ entryWord, entryPos }), `ts_rank_cd(${row.v}, ${row.q})`).toBe(Math.fround(Number(row.r)));
  }
  expect(phrases).toBeGreaterThan(500);
});
