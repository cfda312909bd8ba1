// A company's price list (docs/decisions/contract-prices.md): what pricing reads for a member's
// cart and for the storefront's member prices, and what the store admin edits one rule at a time or
// replaces whole from a CSV. Every change is audit-logged with the list's rule before and after.

import { parse } from "csv-parse/sync";
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { type Day, storeDay } from "../../domain/dates/dates";
import type { ContractRule } from "../../domain/pricing/contract";
import {
  CONTRACT_CSV_LIMITS,
  type ContractPriceColumn,
  type ContractPriceInput,
  contractPriceColumns,
  contractPriceInputSchema,
} from "../../domain/pricing/contract-prices";
import { recordAudit } from "../admin/audit";
import { normalizePartNumber } from "../catalog/products/part-numbers";
import { type Database, db } from "../db/client";
import { categories, companies, contractPrices, products, subcategories } from "../db/schema";
import { StoreError } from "../errors";
import { isUtf16, UTF16_MESSAGE } from "../text-uploads";

const ruleColumns = {
  productId: contractPrices.productId,
  category: contractPrices.category,
  brand: contractPrices.brand,
  price: contractPrices.price,
  percentOff: contractPrices.percentOff,
  startsOn: contractPrices.startsOn,
  endsOn: contractPrices.endsOn,
};

const inForceOn = (day: Day) =>
  and(lte(contractPrices.startsOn, day), or(isNull(contractPrices.endsOn), gte(contractPrices.endsOn, day)));

/** The rules of the company in force on `day`. */
export async function contractRulesOf(
  companyId: string,
  now: Date,
  executor: Database = db(),
): Promise<ContractRule[]> {
  return executor
    .select(ruleColumns)
    .from(contractPrices)
    .where(and(eq(contractPrices.companyId, companyId), inForceOn(storeDay(now))));
}

// The back office.

export interface PriceRuleRow {
  id: string;
  partNumber: string | null;
  productName: string | null;
  category: string | null;
  brand: string | null;
  price: string | null;
  percentOff: string | null;
  startsOn: string;
  endsOn: string | null;
}

// Account numbers are ACCT-100001 and the like; anything else (a NUL the database refuses) names none.
const ACCOUNT_NUMBER = /^[A-Za-z0-9-]{1,40}$/;

/** The company of an account number, for the back office; NotFound when there is none. */
export async function companyByAccount(accountNumber: string, executor: Database = db()) {
  if (!ACCOUNT_NUMBER.test(accountNumber)) throw new StoreError("NotFound", "There is no such account.");
  const [company] = await executor
    .select({ id: companies.id, name: companies.name, accountNumber: companies.accountNumber })
    .from(companies)
    .where(eq(companies.accountNumber, accountNumber));
  if (!company) throw new StoreError("NotFound", `There is no account ${accountNumber}.`);
  return company;
}

async function priceRules(companyId: string, executor: Database = db()): Promise<PriceRuleRow[]> {
  return executor
    .select({
      id: contractPrices.id,
      partNumber: products.partNumber,
      productName: products.name,
      category: contractPrices.category,
      brand: contractPrices.brand,
      price: contractPrices.price,
      percentOff: contractPrices.percentOff,
      startsOn: contractPrices.startsOn,
      endsOn: contractPrices.endsOn,
    })
    .from(contractPrices)
    .leftJoin(products, eq(products.id, contractPrices.productId))
    .where(eq(contractPrices.companyId, companyId))
    .orderBy(
      asc(contractPrices.startsOn),
      asc(products.partNumber),
      asc(contractPrices.category),
      asc(contractPrices.brand),
    );
}

/** The company and its whole price list (past, current and future rules), for the back office. */
export async function companyPriceList(accountNumber: string) {
  const company = await companyByAccount(accountNumber);
  return { company, rules: await priceRules(company.id) };
}

/** A rule as the audit log and the CSV write it. */
const asWritten = (rule: PriceRuleRow) => ({
  part_number: rule.partNumber,
  category: rule.category,
  brand: rule.brand,
  price: rule.price,
  percent_off: rule.percentOff,
  starts_on: rule.startsOn,
  ends_on: rule.endsOn,
});

export interface RuleProblem {
  /** The CSV row (the header being row 1); absent for the form. */
  row?: number;
  column: ContractPriceColumn;
  message: string;
}

type ResolvedRule = Omit<typeof contractPrices.$inferInsert, "companyId">;

/**
 * The rules with their part, category and brand looked up: the part by its number (case, dashes
 * and spaces ignored), the category or subcategory by its slug, the brand as the catalogue spells
 * it. What does not exist is a problem of its column.
 */
async function resolveRules(inputs: readonly ContractPriceInput[], executor: Database) {
  const partKeys = [
    ...new Set(inputs.flatMap((rule) => (rule.part_number ? [normalizePartNumber(rule.part_number)] : []))),
  ];
  const slugs = [...new Set(inputs.flatMap((rule) => (rule.category ? [rule.category.toLowerCase()] : [])))];
  const brandKeys = [...new Set(inputs.flatMap((rule) => (rule.brand ? [rule.brand.toLowerCase()] : [])))];
  const [parts, categoryRows, subcategoryRows, brandRows] = await Promise.all([
    partKeys.length
      ? executor
          .select({ id: products.id, key: products.partKey })
          .from(products)
          .where(inArray(products.partKey, partKeys))
      : [],
    slugs.length
      ? executor.select({ slug: categories.slug }).from(categories).where(inArray(categories.slug, slugs))
      : [],
    slugs.length
      ? executor.select({ slug: subcategories.slug }).from(subcategories).where(inArray(subcategories.slug, slugs))
      : [],
    brandKeys.length
      ? executor
          .selectDistinct({ brand: products.brand })
          .from(products)
          .where(inArray(sql`lower(${products.brand})`, brandKeys))
      : [],
  ]);
  const partIds = new Map(parts.map((part) => [part.key, part.id]));
  const knownSlugs = new Set([...categoryRows, ...subcategoryRows].map((row) => row.slug));
  const brands = new Map(brandRows.map((row) => [row.brand.toLowerCase(), row.brand]));
  const problems: (RuleProblem & { index: number })[] = [];
  const rules = inputs.map((input, index): ResolvedRule => {
    const productId = input.part_number ? partIds.get(normalizePartNumber(input.part_number)) : undefined;
    if (input.part_number && !productId)
      problems.push({ index, column: "part_number", message: `No product has the part number ${input.part_number}` });
    const category = input.category?.toLowerCase();
    if (category && !knownSlugs.has(category))
      problems.push({
        index,
        column: "category",
        message: `No category or subcategory has the slug ${input.category}`,
      });
    const brand = input.brand ? brands.get(input.brand.toLowerCase()) : undefined;
    if (input.brand && !brand)
      problems.push({ index, column: "brand", message: `No product in the catalogue is of the brand ${input.brand}` });
    return {
      productId: productId ?? null,
      category: category ?? null,
      brand: brand ?? null,
      price: input.price ?? null,
      percentOff: input.percent_off ?? null,
      startsOn: input.starts_on ?? "",
      endsOn: input.ends_on ?? null,
    };
  });
  return { rules, problems };
}

/** A single rule from the form: refused with its column's message when its part, category or brand is unknown. */
async function resolveOne(input: ContractPriceInput, executor: Database): Promise<ResolvedRule> {
  const { rules, problems } = await resolveRules([input], executor);
  const [problem] = problems;
  if (problem) throw new StoreError("Invalid", problem.message);
  const [rule] = rules;
  if (!rule) throw new Error("The rule was not resolved.");
  return rule;
}

async function ruleOf(tx: Database, companyId: string, ruleId: string) {
  const [rule] = (await priceRules(companyId, tx)).filter((row) => row.id === ruleId);
  if (!rule) throw new StoreError("NotFound", "That price rule does not exist. Reload the page to see the price list.");
  await tx.select({ id: contractPrices.id }).from(contractPrices).where(eq(contractPrices.id, ruleId)).for("update");
  return rule;
}

/** Adds a rule to the company's list, or changes one of its rules (`ruleId`). */
export async function saveContractPrice(
  adminId: string,
  accountNumber: string,
  input: ContractPriceInput,
  ruleId?: string,
) {
  await db().transaction(async (tx) => {
    const company = await companyByAccount(accountNumber, tx);
    const resolved = await resolveOne(input, tx);
    const before = ruleId ? asWritten(await ruleOf(tx, company.id, ruleId)) : null;
    const [saved] = ruleId
      ? await tx
          .update(contractPrices)
          .set(resolved)
          .where(eq(contractPrices.id, ruleId))
          .returning({ id: contractPrices.id })
      : await tx
          .insert(contractPrices)
          .values({ ...resolved, companyId: company.id })
          .returning({ id: contractPrices.id });
    if (!saved) throw new Error("The price rule was not written.");
    const [after] = (await priceRules(company.id, tx)).filter((row) => row.id === saved.id);
    await recordAudit(tx, {
      adminId,
      action: ruleId ? "contract_price.update" : "contract_price.create",
      entity: "company",
      entityId: company.id,
      before,
      after: after ? asWritten(after) : null,
    });
  });
}

export async function removeContractPrice(adminId: string, accountNumber: string, ruleId: string) {
  await db().transaction(async (tx) => {
    const company = await companyByAccount(accountNumber, tx);
    const before = asWritten(await ruleOf(tx, company.id, ruleId));
    await tx.delete(contractPrices).where(eq(contractPrices.id, ruleId));
    await recordAudit(tx, {
      adminId,
      action: "contract_price.delete",
      entity: "company",
      entityId: company.id,
      before,
      after: null,
    });
  });
}

export interface PriceListImport {
  /** Rules written; 0 when any row was refused (then nothing is written). */
  written: number;
  problems: RuleProblem[];
}

const MAX_LISTED_PROBLEMS = 100;

/**
 * Replaces the company's price list with the CSV's rules, all or nothing: every row is checked
 * first, and one bad row (reported with its row number and column) leaves the list as it was.
 */
export async function importContractPrices(
  adminId: string,
  accountNumber: string,
  csv: string,
): Promise<PriceListImport> {
  const rows = readPriceListCsv(csv);
  const problems: RuleProblem[] = [];
  const inputs: ContractPriceInput[] = [];
  const rowOf: number[] = [];
  rows.forEach((cells, index) => {
    const row = index + 2;
    const parsed = contractPriceInputSchema.safeParse(cells);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({ row, column: issue.path[0] as ContractPriceColumn, message: issue.message });
    } else {
      inputs.push(parsed.data);
      rowOf.push(row);
    }
  });
  return db().transaction(async (tx) => {
    const company = await companyByAccount(accountNumber, tx);
    const resolved = await resolveRules(inputs, tx);
    for (const { index, ...problem } of resolved.problems) problems.push({ row: rowOf[index], ...problem });
    if (problems.length > 0) {
      problems.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
      return { written: 0, problems: problems.slice(0, MAX_LISTED_PROBLEMS) };
    }
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company.id)).for("update");
    const before = (await priceRules(company.id, tx)).map(asWritten);
    await tx.delete(contractPrices).where(eq(contractPrices.companyId, company.id));
    if (resolved.rules.length > 0)
      await tx.insert(contractPrices).values(resolved.rules.map((rule) => ({ ...rule, companyId: company.id })));
    const after = (await priceRules(company.id, tx)).map(asWritten);
    await recordAudit(tx, {
      adminId,
      action: "contract_price.import",
      entity: "company",
      entityId: company.id,
      before,
      after,
    });
    return { written: resolved.rules.length, problems: [] };
  });
}

/** The CSV's rows as records of its columns; a file that is not such a CSV is refused whole. */
function readPriceListCsv(csv: string): Record<string, string>[] {
  if (Buffer.byteLength(csv) > CONTRACT_CSV_LIMITS.maxBytes)
    throw new StoreError("Invalid", "The file is larger than 1 MB: split the price list or remove rules that ended.");
  if (isUtf16(csv)) throw new StoreError("Invalid", UTF16_MESSAGE);
  if (csv.includes("\u0000")) throw new StoreError("Invalid", "This file is not CSV text: it holds binary data.");
  let records: string[][];
  try {
    records = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw new StoreError("Invalid", `The file could not be read as CSV: ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  const expected = contractPriceColumns.join(",");
  const names = (header ?? []).map((name) => name.toLowerCase());
  if (names.join(",") !== expected)
    throw new StoreError("Invalid", `The first row must name the columns ${expected}, in that order.`);
  if (rows.length > CONTRACT_CSV_LIMITS.maxRows)
    throw new StoreError(
      "Invalid",
      `The file has ${rows.length} rules; at most ${CONTRACT_CSV_LIMITS.maxRows} are read.`,
    );
  return rows.map((cells) => Object.fromEntries(contractPriceColumns.map((column, i) => [column, cells[i] ?? ""])));
}
