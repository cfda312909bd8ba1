// The search synonyms the operator keeps in the back office: add, change and delete groups, each
// change audited and announced, so every process's search uses the new groups at once.
import { asc, eq, ne } from "drizzle-orm";
import { db, type Transaction } from "../db/client";
import { searchSynonyms } from "../db/schema";
import { StoreError } from "../errors";
import { announce } from "../events";
import { recordAudit } from "./audit";

export const MAX_SYNONYM_GROUPS = 500;

export async function listSynonymGroups() {
  return db()
    .select({ id: searchSynonyms.id, phrases: searchSynonyms.phrases })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.createdAt), asc(searchSynonyms.id));
}

/** A phrase may stand in one group only, or search could not tell which group it means. */
async function refuseTakenPhrases(tx: Transaction, phrases: string[], except?: string) {
  const others = await tx
    .select({ phrases: searchSynonyms.phrases })
    .from(searchSynonyms)
    .where(except ? ne(searchSynonyms.id, except) : undefined)
    .for("update");
  if (!except && others.length >= MAX_SYNONYM_GROUPS)
    throw new StoreError("Invalid", `The store keeps at most ${MAX_SYNONYM_GROUPS} synonym groups: delete one first.`);
  for (const other of others) {
    const taken = phrases.find((phrase) => other.phrases.includes(phrase));
    if (taken)
      throw new StoreError(
        "Conflict",
        `"${taken}" is already in the group ${other.phrases.join(", ")}. Change that group instead.`,
      );
  }
}

export async function addSynonymGroup(adminId: string, phrases: string[]) {
  const created = await db().transaction(async (tx) => {
    await refuseTakenPhrases(tx, phrases);
    const [row] = await tx.insert(searchSynonyms).values({ phrases }).returning();
    if (!row) throw new StoreError("Invalid", "The synonym group was not saved.");
    await recordAudit(tx, {
      adminId,
      action: "create_search_synonyms",
      entity: "search_synonyms",
      entityId: row.id,
      before: null,
      after: { phrases },
    });
    return row;
  });
  announce("searchSynonymsChanged", {});
  return created;
}

export async function saveSynonymGroup(adminId: string, id: string, phrases: string[]) {
  await db().transaction(async (tx) => {
    const [before] = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)).for("update");
    if (!before) throw new StoreError("NotFound", "That synonym group does not exist.");
    await refuseTakenPhrases(tx, phrases, id);
    await tx.update(searchSynonyms).set({ phrases, updatedAt: new Date() }).where(eq(searchSynonyms.id, id));
    await recordAudit(tx, {
      adminId,
      action: "update_search_synonyms",
      entity: "search_synonyms",
      entityId: id,
      before: { phrases: before.phrases },
      after: { phrases },
    });
  });
  announce("searchSynonymsChanged", {});
}

export async function deleteSynonymGroup(adminId: string, id: string) {
  await db().transaction(async (tx) => {
    const [before] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
    if (!before) throw new StoreError("NotFound", "That synonym group does not exist.");
    await recordAudit(tx, {
      adminId,
      action: "delete_search_synonyms",
      entity: "search_synonyms",
      entityId: id,
      before: { phrases: before.phrases },
      after: null,
    });
  });
  announce("searchSynonymsChanged", {});
}
