import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ZipPart, zipOf } from "../../../test/zip-files";
import { firstSheetRows, type SheetRow } from "./xlsx-sheet";

let folder: string;
let files = 0;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "xlsx-sheet-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const rowsOfFile = async (content: Buffer) => {
  const file = path.join(folder, `book-${files++}.xlsx`);
  await writeFile(file, content);
  const rows: SheetRow[] = [];
  for await (const row of firstSheetRows(file, content.length)) rows.push(row);
  return rows;
};

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";
const part = (name: string, xml: string, options: Partial<ZipPart> = {}): ZipPart => ({
  name,
  content: Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`),
  ...options,
});

/**
 * A workbook as other writers save one: the products on the second sheet file but the first tab,
 * addressed by an absolute path; a `x:` prefix on the sheet's tags; rich and phonetic text; cells
 * with and without references; formulas with their results; the shared strings stored unpacked.
 */
const workbookParts = (sheet = PRODUCTS_SHEET) => ({
  workbook: part(
    "xl/workbook.xml",
    `<workbook xmlns="${MAIN}" xmlns:rel="${RELATIONSHIPS}"><sheets><sheet name="Products" sheetId="2" rel:id="rId2"/><sheet name="Notes" sheetId="1" rel:id="rId1"/></sheets></workbook>`,
  ),
  packageRelationships: part(
    "_rels/.rels",
    `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ),
  workbookRelationships: part(
    "xl/_rels/workbook.xml.rels",
    `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/worksheet" Target="/xl/worksheets/sheet2.xml"/><Relationship Id="rId3" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  ),
  notes: part(
    "xl/worksheets/sheet1.xml",
    `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>not read</t></is></c></row></sheetData></worksheet>`,
  ),
  products: part("xl/worksheets/sheet2.xml", sheet),
  strings: part(
    "xl/sharedStrings.xml",
    `<sst xmlns="${MAIN}" count="3" uniqueCount="3"><si><t>part_number</t></si><si><r><t>Wheel </t></r><r><rPr><b/></rPr><t xml:space="preserve">4.5 in</t></r></si><si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si></sst>`,
    { stored: true },
  ),
});

const PRODUCTS_SHEET = `<x:worksheet xmlns:x="${MAIN}"><x:sheetData>
<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:r><x:t>pri</x:t></x:r><x:r><x:t>ce</x:t></x:r></x:is></x:c></x:row>
<x:row r="3"><x:c t="s"><x:v>1</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c><x:c><x:f>1+1</x:f><x:v>2</x:v></x:c><x:c t="str"><x:f>"A &amp; "&amp;"B"</x:f><x:v>A &amp; B</x:v></x:c><x:c t="e"><x:v>#N/A</x:v></x:c><x:c r="G3"><x:v>1.5E-3</x:v></x:c></x:row>
<x:row><x:c r="B4" t="s"><x:v>2</x:v></x:c><x:c r="C4" t="inlineStr"><x:is><x:t><![CDATA[<b>]]></x:t></x:is></x:c></x:row>
</x:sheetData></x:worksheet>`;

const PRODUCTS_ROWS = [
  { row: 1, cells: ["part_number", "", "price"] },
  { row: 3, cells: ["Wheel 4.5 in", "true", "2", "A & B", "", "", "0.0015"] },
  { row: 4, cells: ["", "東京", "<b>"] },
];

describe("reading a workbook's first sheet", () => {
  it("finds the parts through the zip's directory, whatever order they were written in", async () => {
    const { workbook, packageRelationships, workbookRelationships, notes, products, strings } = workbookParts();
    const asExcel = [packageRelationships, workbook, workbookRelationships, notes, products, strings];
    // exceljs writes the sheets before their shared strings and the workbook last; a streaming
    // reader that falls behind loses what comes after the sheet (exceljs issue #3064).
    const asExcelJs = [packageRelationships, workbookRelationships, notes, products, strings, workbook];
    for (const order of [asExcel, asExcelJs, [...asExcel].reverse()]) {
      expect(await rowsOfFile(zipOf(order))).toEqual(PRODUCTS_ROWS);
    }
  });

  it("reads what exceljs writes: text of any kind, numbers, booleans, blanks and rich text", async () => {
    const text = fc.string({
      unit: fc.constantFrom(..."aZ0 &<>\"'é東😀=-\n\t".split(/(?:)/u), "]]>", "&amp;", "<t>"),
      maxLength: 12,
    });
    const cell = fc.oneof(
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 4, arbitrary: text },
      { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
      { weight: 2, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }) },
      { weight: 1, arbitrary: fc.boolean() },
      { weight: 1, arbitrary: fc.array(text, { minLength: 1, maxLength: 3 }) },
    );
    const shown = (value: unknown) => (value === null ? "" : Array.isArray(value) ? value.join("") : String(value));
    const withoutTrailingBlanks = (cells: string[]) => {
      const last = cells.findLastIndex((value) => value !== "");
      return cells.slice(0, last + 1);
    };
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(cell, { maxLength: 8 }), { minLength: 1, maxLength: 12 }), async (grid) => {
        const book = new ExcelJS.Workbook();
        const sheet = book.addWorksheet("Products");
        for (const values of grid) {
          sheet.addRow(
            values.map((value) => (Array.isArray(value) ? { richText: value.map((run) => ({ text: run })) } : value)),
          );
        }
        book.addWorksheet("Notes").addRow(["not read"]);
        const read = await rowsOfFile(Buffer.from(await book.xlsx.writeBuffer()));
        const expected = grid
          .map((values, index) => ({ row: index + 1, cells: withoutTrailingBlanks(values.map(shown)) }))
          .filter(({ cells }) => cells.length > 0);
        expect(
          read
            .map(({ row, cells }) => ({ row, cells: withoutTrailingBlanks(cells) }))
            .filter(({ cells }) => cells.length),
        ).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it("refuses malformed XML, entities it would have to expand, a column past XFD and a missing sheet", async () => {
    const refused = async (parts: ZipPart[], message: RegExp) =>
      expect(rowsOfFile(zipOf(parts))).rejects.toMatchObject({ status: 400, message: expect.stringMatching(message) });
    const withSheet = (sheet: string) => Object.values(workbookParts(sheet));
    await refused(
      withSheet(`<worksheet><sheetData><row><c><v>1</row></sheetData></worksheet>`),
      /^This file is not a readable XLSX workbook: a part of it is damaged\.$/,
    );
    await refused(
      withSheet(
        `<!DOCTYPE worksheet [<!ENTITY lol "lollollollollol">]><worksheet><sheetData><row><c t="inlineStr"><is><t>&lol;</t></is></c></row></sheetData></worksheet>`,
      ),
      /^This file is not a readable XLSX workbook: a part of it is damaged\.$/,
    );
    await refused(
      withSheet(`<worksheet><sheetData><row><c r="XFE1"><v>1</v></c></row></sheetData></worksheet>`),
      /^This file is not a readable XLSX workbook: a cell lies beyond the sheet's last column\.$/,
    );
    await refused(
      withSheet(`<worksheet><sheetData><row><c r="A1" t="s"><v>9</v></c></row></sheetData></worksheet>`),
      /^This file is not a readable XLSX workbook: a cell names a shared string the workbook lacks\.$/,
    );
    const { workbook, packageRelationships, workbookRelationships, strings } = workbookParts();
    await refused(
      [packageRelationships, workbook, workbookRelationships, strings],
      /^This file is not a readable XLSX workbook: it has no sheet\.$/,
    );
  });
});
