import { afterEach, describe, expect, it } from "vitest";
import { type Database, type DatabaseHandle, setDatabase } from "./client";
import { keptPerDatabase } from "./kept";

// Only what keptPerDatabase reads of a handle: its database, by identity.
const handle = () => ({ db: {} as Database, driver: "pglite" }) as DatabaseHandle;

describe("keptPerDatabase", () => {
  afterEach(() => setDatabase(undefined));

  it("builds once per database, and anew for another database", () => {
    const built: Database[] = [];
    const statement = keptPerDatabase((database) => {
      built.push(database);
      return { database };
    });
    const first = handle();
    const second = handle();
    setDatabase(first);
    const kept = statement();
    expect(statement()).toBe(kept);
    setDatabase(second);
    expect(statement().database).toBe(second.db);
    setDatabase(first);
    expect(statement()).toBe(kept);
    expect(built).toEqual([first.db, second.db]);
  });
});
