import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipBomb, zipOf } from "../../../test/zip-files";
import {
  CATALOG_FILE_LIMITS,
  checkFileContent,
  checkWorkbookSize,
  csvRows,
  formatOfName,
  xlsxRows,
} from "./catalog-file-readers";

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "catalog-readers-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const rowsOf = async (rows: AsyncGenerator<{ row: number; cells: string[] }>) => {
  const read = [];
  for await (const row of rows) read.push(row);
  return read;
};
const csv = (text: string) => rowsOf(csvRows(Readable.from([Buffer.from(text)])));
const saved = async (name: string, content: Buffer | string) => {
  const file = path.join(folder, name);
  await writeFile(file, content);
  return file;
};

describe("reading CSV", () => {
  it("numbers rows as a spreadsheet does, with quoted commas, newlines and a byte-order mark", async () => {
    expect(await csv('\uFEFFpart_number,description\nA-1,"one, two"\n\nA-2,"line\nbreak"\n')).toEqual([
      { row: 1, cells: ["part_number", "description"] },
      { row: 2, cells: ["A-1", "one, two"] },
      { row: 3, cells: [""] },
      { row: 4, cells: ["A-2", "line\nbreak"] },
    ]);
  });

  it("refuses malformed CSV with where and what", async () => {
    await expect(csv('part_number,name\nA-1,"unclosed\n')).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^The file is not well-formed CSV/),
    });
    await expect(csv('part_number,name\nA-1,"x"y\n')).rejects.toMatchObject({
      message: expect.stringMatching(/not well-formed CSV \(near line 2\)/),
    });
  });

  it("refuses a cell longer than the limit", async () => {
    const long = "x".repeat(CATALOG_FILE_LIMITS.maxCellChars + 1);
    await expect(csv(`part_number,description\nA-1,${long}\n`)).rejects.toMatchObject({
      message: "Row 2, column 2 holds 10,001 characters; a cell may hold at most 10,000.",
    });
  });
});

describe("what the file is", () => {
  it("goes by the extension, .csv or .xlsx", () => {
    expect(formatOfName("Catalogue.CSV")).toBe("csv");
    expect(formatOfName("prices.xlsx")).toBe("xlsx");
    expect(() => formatOfName("prices.xls")).toThrow(
      '"prices.xls" is not a catalogue file: send a .csv or an .xlsx file.',
    );
  });

  it("refuses binary named .csv, UTF-16 text, a workbook named .csv, text named .xlsx, and an empty file", async () => {
    const binary = await saved("picture.csv", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
    await expect(checkFileContent(binary, "csv", 7)).rejects.toThrow(
      "This file is not CSV text: it holds binary data.",
    );
    const excelUnicodeText = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("part_number\r\n", "utf16le")]);
    const utf16 = await saved("unicode.csv", excelUnicodeText);
    await expect(checkFileContent(utf16, "csv", excelUnicodeText.length)).rejects.toThrow(
      "This file is UTF-16 text, which is not read here: save it as UTF-8 (in Excel, CSV UTF-8) and upload it again.",
    );
    const workbook = await saved("book.csv", zipOf([{ name: "a", content: Buffer.from("x") }]));
    await expect(checkFileContent(workbook, "csv", 100)).rejects.toThrow(/is a workbook, not CSV text/);
    const text = await saved("text.xlsx", "part_number\n");
    await expect(checkFileContent(text, "xlsx", 12)).rejects.toThrow(/not an XLSX workbook/);
    await expect(checkFileContent(text, "csv", 0)).rejects.toThrow(/The file is empty/);
  });
});

describe("reading XLSX", () => {
  it("reads the first sheet's rows, numbers as written and blank cells empty", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Products");
    sheet.addRow(["part_number", "price", "stock_level"]);
    sheet.getCell("A3").value = "A-1";
    sheet.getCell("C3").value = 40;
    sheet.getCell("B3").value = 9.5;
    workbook.addWorksheet("Notes").addRow(["not read"]);
    const file = path.join(folder, "book.xlsx");
    await workbook.xlsx.writeFile(file);
    expect(await rowsOf(xlsxRows(file, (await stat(file)).size))).toEqual([
      { row: 1, cells: ["part_number", "price", "stock_level"] },
      { row: 3, cells: ["A-1", "9.5", "40"] },
    ]);
  });

  it("refuses a zip bomb, whether its directory tells the truth or lies", async () => {
    for (const lie of [false, true]) {
      const bomb = zipBomb(20, { lie });
      const file = await saved(`bomb-${lie}.xlsx`, bomb);
      await expect(checkWorkbookSize(file, bomb.length)).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/^This workbook unpacks to more than 400 MB \(or packs far tighter/),
      });
    }
  });

  it("refuses a damaged workbook", async () => {
    const good = zipOf([{ name: "xl/workbook.xml", content: Buffer.from("<workbook/>".repeat(100)) }]);
    const damaged = Buffer.from(good);
    damaged.fill(0xff, 40, 60);
    const file = await saved("damaged.xlsx", damaged);
    await expect(checkWorkbookSize(file, damaged.length)).rejects.toThrow(/not a readable XLSX workbook/);
    const truncated = await saved("truncated.xlsx", good.subarray(0, 50));
    await expect(checkWorkbookSize(truncated, 50)).rejects.toThrow(/not a readable XLSX workbook/);
  });
});
