// A company's own catalogue in the back office (docs/decisions/customer-catalogues.md): read,
// replaced whole from the form, or removed (the company then sees every part again). Each change
// moves the catalogue's version, so pages cached for it before are never served again, is
// audit-logged with the catalogue before and after, and is announced to every process.
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { CustomerCatalogueInput } from "../../domain/companies/customer-catalogue";
import { recordAudit } from "../admin/audit";
import { normalizedPartNumber, normalizePartNumber } from "../catalog/products/part-numbers";
import { type Database, db, type Transaction } from "../db/client";
import {
  categories,
  companyCatalogueCategories,
  companyCatalogueParts,
  companyCatalogues,
  products,
  subcategories,
} from "../db/schema";
import { StoreError } from "../errors";
import { announce } from "../events";
import { companyByAccount } from "./contract-prices";

/** A catalogue as the form shows it and the audit log keeps it. */
export interface CatalogueRules {
  categories: string[];
  included: string[];
  excluded: string[];
}

/** The company's catalogue, or null when it has none (it sees every part). */
async function catalogueRules(companyId: string, executor: Database = db()): Promise<CatalogueRules | null> {
  const [catalogue] = await executor
    .select({ version: companyCatalogues.version })
    .from(companyCatalogues)
    .where(eq(companyCatalogues.companyId, companyId));
  if (!catalogue) return null;
  const [slugs, parts] = await Promise.all([
    executor
      .select({ slug: companyCatalogueCategories.category })
      .from(companyCatalogueCategories)
      .where(eq(companyCatalogueCategories.companyId, companyId))
      .orderBy(asc(companyCatalogueCategories.category)),
    executor
      .select({ partNumber: products.partNumber, included: companyCatalogueParts.included })
      .from(companyCatalogueParts)
      .innerJoin(products, eq(products.id, companyCatalogueParts.productId))
      .where(eq(companyCatalogueParts.companyId, companyId))
      .orderBy(asc(products.partNumber)),
  ]);
  return {
    categories: slugs.map((row) => row.slug),
    included: parts.filter((part) => part.included).map((part) => part.partNumber),
    excluded: parts.filter((part) => !part.included).map((part) => part.partNumber),
  };
}

/** The company and its catalogue (null: none, every part), for the back office. */
export async function companyCatalogue(accountNumber: string) {
  const company = await companyByAccount(accountNumber);
  return { company, catalogue: await catalogueRules(company.id) };
}

/** The part ids of these part numbers (case, dashes and spaces ignored); an unknown one is refused by name. */
async function partIds(tx: Database, partNumbers: readonly string[], list: string) {
  if (partNumbers.length === 0) return [];
  const keys = partNumbers.map(normalizePartNumber);
  const rows = await tx
    .select({ id: products.id, key: normalizedPartNumber })
    .from(products)
    .where(inArray(normalizedPartNumber, keys));
  const byKey = new Map(rows.map((row) => [row.key, row.id]));
  const unknown = partNumbers.filter((part) => !byKey.has(normalizePartNumber(part)));
  if (unknown.length > 0)
    throw new StoreError(
      "Invalid",
      `No product has the part number${unknown.length > 1 ? "s" : ""} ${unknown.slice(0, 10).join(", ")} (${list} parts): check the spelling or remove ${unknown.length > 1 ? "them" : "it"}.`,
    );
  return [...new Set(keys.map((key) => byKey.get(key) ?? ""))];
}

/** The slugs as the tree has them; an unknown one is refused by name. */
async function knownCategories(tx: Database, slugs: readonly string[]) {
  const wanted = [...new Set(slugs.map((slug) => slug.toLowerCase()))];
  if (wanted.length === 0) return [];
  const [top, sub] = await Promise.all([
    tx.select({ slug: categories.slug }).from(categories).where(inArray(categories.slug, wanted)),
    tx.select({ slug: subcategories.slug }).from(subcategories).where(inArray(subcategories.slug, wanted)),
  ]);
  const known = new Set([...top, ...sub].map((row) => row.slug));
  const unknown = wanted.filter((slug) => !known.has(slug));
  if (unknown.length > 0)
    throw new StoreError("Invalid", `No category or subcategory has the slug ${unknown.join(", ")}. Reload the page.`);
  return wanted;
}

/** Runs `change` on the company's catalogue in one transaction, audit-logs it and tells every process. */
async function changeCatalogue(
  adminId: string,
  accountNumber: string,
  action: string,
  change: (tx: Transaction, companyId: string) => Promise<void>,
) {
  const companyId = await db().transaction(async (tx) => {
    const company = await companyByAccount(accountNumber, tx);
    // Two admins saving at once write one after the other, each version once.
    await tx
      .select({ id: companyCatalogues.companyId })
      .from(companyCatalogues)
      .where(eq(companyCatalogues.companyId, company.id))
      .for("update");
    const before = await catalogueRules(company.id, tx);
    await change(tx, company.id);
    await recordAudit(tx, {
      adminId,
      action,
      entity: "company",
      entityId: company.id,
      before,
      after: await catalogueRules(company.id, tx),
    });
    return company.id;
  });
  announce("customerCataloguesChanged", { companyId });
}

/** Gives the company this catalogue, replacing the one it had (its members then see only these parts). */
export async function saveCompanyCatalogue(adminId: string, accountNumber: string, input: CustomerCatalogueInput) {
  await changeCatalogue(adminId, accountNumber, "customer_catalogue.save", async (tx, companyId) => {
    const [slugs, included, excluded] = [
      await knownCategories(tx, input.categories),
      await partIds(tx, input.included, "included"),
      await partIds(tx, input.excluded, "excluded"),
    ];
    await tx
      .insert(companyCatalogues)
      .values({ companyId })
      .onConflictDoUpdate({
        target: companyCatalogues.companyId,
        set: { version: sql`${companyCatalogues.version} + 1`, updatedAt: sql`now()` },
      });
    await tx.delete(companyCatalogueCategories).where(eq(companyCatalogueCategories.companyId, companyId));
    await tx.delete(companyCatalogueParts).where(eq(companyCatalogueParts.companyId, companyId));
    if (slugs.length > 0)
      await tx.insert(companyCatalogueCategories).values(slugs.map((category) => ({ companyId, category })));
    const parts = [
      ...included.map((productId) => ({ companyId, productId, included: true })),
      ...excluded.map((productId) => ({ companyId, productId, included: false })),
    ];
    if (parts.length > 0) await tx.insert(companyCatalogueParts).values(parts);
  });
}

/** Takes the company's catalogue away: its members see every part again. */
export async function removeCompanyCatalogue(adminId: string, accountNumber: string) {
  await changeCatalogue(adminId, accountNumber, "customer_catalogue.remove", async (tx, companyId) => {
    const removed = await tx
      .delete(companyCatalogues)
      .where(eq(companyCatalogues.companyId, companyId))
      .returning({ id: companyCatalogues.companyId });
    if (removed.length === 0)
      throw new StoreError("Conflict", "This company has no catalogue of its own: it already sees every part.");
  });
}
