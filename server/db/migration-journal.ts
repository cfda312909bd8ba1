// The store's migrations as drizzle-kit's journal lists them, and a folder holding only the first
// few: a database is brought to an older schema version that way (a backup being restored, a test
// of a data migration), then migrated the rest of the way.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const migrationsFolder = path.resolve("server/db/migrations");

export interface JournalEntry {
  idx: number;
  /** Drizzle records this as the migration's `created_at` when it runs. */
  when: number;
  tag: string;
}

function readJournal(): { entries: JournalEntry[] } {
  return JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
}

export function journalEntries(): JournalEntry[] {
  return readJournal().entries;
}

/** A temporary folder with the store's first `count` migrations; `remove` deletes it. */
export function migrationsUpTo(count: number): { folder: string; remove: () => void } {
  const journal = readJournal();
  const entries = journal.entries.slice(0, count);
  const folder = mkdtempSync(path.join(tmpdir(), "migrations-"));
  mkdirSync(path.join(folder, "meta"));
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries)
    copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
