// What a process reads once per database and keeps until the operator changes it: the category
// tree, the subcategories' attributes; and what it builds once per database and keeps while that
// is open: a prepared statement. Keyed by the database, so a test's fresh database never sees
// another's; replaced (not cleared) on a change, so a read still under way when the change lands
// is not kept.
import { onStoreEvent, type StoreEventName } from "../events";
import { type Database, db } from "./client";

/** A reader of `read`'s value, kept per database until one of `changes` is announced. */
export function keptUntil<T>(changes: StoreEventName[], read: (database: Database) => Promise<T>): () => Promise<T> {
  let kept = new WeakMap<Database, Promise<T>>();
  let listening = false;
  return () => {
    if (!listening) {
      for (const change of changes)
        onStoreEvent(change, () => {
          kept = new WeakMap();
        });
      listening = true;
    }
    const database = db();
    let value = kept.get(database);
    if (!value) {
      const map = kept;
      value = read(database);
      // A failed read is not kept: the next caller asks again.
      value.catch(() => map.delete(database));
      map.set(database, value);
    }
    return value;
  };
}

/** A reader of what `make` builds for the database, built once per database and kept while it is open. */
export function keptPerDatabase<T extends object>(make: (database: Database) => T): () => T {
  const kept = new WeakMap<Database, T>();
  return () => {
    const database = db();
    let value = kept.get(database);
    if (!value) {
      value = make(database);
      kept.set(database, value);
    }
    return value;
  };
}
