// The families a catalogue file names, settled before any batch is written: a family's parts may be
// spread over the whole file (and the store), and which attributes tell them apart, and which row
// cannot join, depends on all of them (docs/decisions/part-families.md).
import { familyKey } from "../../../domain/catalog/families";
import type { Database } from "../../db/client";
import { attributeDefinitionsBySubcategory, parseAttributeValue } from "../products/attributes";
import { type FamilyRequest, type SettledFamilies, settleFamilies } from "../products/families";
import { normalizePartNumber } from "../products/part-numbers";
import { cellsByColumn, isBlankRow, readHeader } from "./catalog-file";
import type { FileRow } from "./catalog-file-readers";

export interface FamilyPlan {
  /** familyKey -> the family's name and attributes once the file is imported. */
  families: SettledFamilies["families"];
  /** Row -> why its part cannot join the family it names. */
  refusedRows: Map<number, string>;
}

export const noFamilies: FamilyPlan = { families: new Map(), refusedRows: new Map() };

/**
 * Reads the rows for their families: each row naming one asks its part to join it, with the values
 * its attribute cells give (a value the row's own checks will refuse counts as none). A file
 * without the `family` column changes no family.
 */
export async function planFamilies(db: Database, rows: AsyncGenerator<FileRow>): Promise<FamilyPlan> {
  let header: ReturnType<typeof readHeader> | undefined;
  const requests: (FamilyRequest & { row: number })[] = [];
  const writing = new Set<string>();
  const definitions = await attributeDefinitionsBySubcategory(db);
  for await (const { row, cells } of rows) {
    if (!header) {
      header = readHeader(cells);
      if (!header.ok || header.header.kind !== "products" || !header.header.columns.includes("family"))
        return noFamilies;
      continue;
    }
    if (!header.ok || isBlankRow(cells)) continue;
    const byColumn = cellsByColumn(header.header, cells);
    const partNumber = (byColumn.part_number ?? "").trim();
    const partKey = normalizePartNumber(partNumber);
    // A part number's second row is refused on its own; its first row speaks for it.
    if (partKey === "" || writing.has(partKey)) continue;
    writing.add(partKey);
    const family = byColumn.family ?? "";
    if (familyKey(family) === "") continue;
    const subcategory = (byColumn.subcategory ?? "").trim();
    const own = definitions.get(subcategory) ?? [];
    const values: FamilyRequest["values"] = {};
    for (const column of header.header.attributeColumns) {
      const definition = own.find((candidate) => candidate.slug === column);
      const raw = byColumn[column] ?? "";
      if (!definition || raw.trim() === "") continue;
      const parsed = parseAttributeValue(definition, raw);
      if (parsed.ok) values[column] = parsed.value;
    }
    requests.push({ row, family, partNumber, partKey, subcategory, values });
  }
  const settled = await settleFamilies(db, requests, writing);
  const refusedRows = new Map<number, string>();
  for (const request of requests) {
    const message = settled.refused.get(request.partKey);
    if (message) refusedRows.set(request.row, message);
  }
  return { families: settled.families, refusedRows };
}
