// Reading a catalogue file row by row, CSV or XLSX, without holding it in memory, and refusing what
// no spreadsheet writes: binary in a CSV, a workbook that unpacks to far more than it weighs (a zip
// bomb), rows or cells beyond the limits. A refusal is a StoreError ("Invalid", a 400) whose
// message says what to fix; nothing has been written when it is thrown.
import { open } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { parse } from "csv-parse";
import { StoreError } from "../../errors";
import { importedCell } from "../../spreadsheet-cells";
import { isUtf16, UTF16_MESSAGE } from "../../text-uploads";
import { firstSheetRows } from "./xlsx-sheet";
import { packedStart, unpackedBytes, unreadableWorkbook, zipDirectory } from "./zip-parts";

export const CATALOG_FILE_LIMITS = {
  /** The largest file read: a 100,000-product CSV with descriptions is about 40 MB. */
  maxBytes: 100 * 1024 * 1024,
  /** Rows after the header. */
  maxRows: 500_000,
  /** Characters in one cell: a description is at most 5,000. */
  maxCellChars: 10_000,
  /** What a workbook may unpack to, all its parts together. */
  maxXlsxUnpackedBytes: 400 * 1024 * 1024,
  /** Spreadsheet XML packs about 10 to 1; a part that packs 200 to 1 is built to explode. */
  maxXlsxPackingRatio: 200,
  maxXlsxEntries: 1_000,
} as const;

export type CatalogFormat = "csv" | "xlsx";

export interface FileRow {
  /** 1-based, the header being row 1: the number a spreadsheet shows. */
  row: number;
  cells: string[];
}

const refuse = (message: string) => new StoreError("Invalid", message);
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** The format a file name says, or a refusal naming the two that are read. */
export function formatOfName(name: string): CatalogFormat {
  const extension = path.extname(name).toLowerCase();
  if (extension === ".csv") return "csv";
  if (extension === ".xlsx") return "xlsx";
  throw refuse(`"${path.basename(name)}" is not a catalogue file: send a .csv or an .xlsx file.`);
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Checks that the first bytes are what the name says; a CSV that is binary, or an XLSX that is not a zip, is refused. */
export async function checkFileContent(file: string, format: CatalogFormat, size: number): Promise<void> {
  if (size === 0) throw refuse("The file is empty: its first row must name the columns.");
  if (size > CATALOG_FILE_LIMITS.maxBytes)
    throw refuse(`The file is ${megabytes(size)}; at most ${megabytes(CATALOG_FILE_LIMITS.maxBytes)} is read.`);
  const handle = await open(file);
  try {
    const start = Buffer.alloc(Math.min(size, 8192));
    await handle.read(start, 0, start.length, 0);
    const zip = start.subarray(0, 4).equals(ZIP_SIGNATURE);
    if (format === "xlsx" && !zip) throw refuse("This file is not an XLSX workbook (an .xlsx file is a zip archive).");
    if (format === "csv" && zip)
      throw refuse("This file is a workbook, not CSV text: name it .xlsx, or save it as CSV.");
    if (format === "csv" && isUtf16(start)) throw refuse(UTF16_MESSAGE);
    if (format === "csv" && start.includes(0)) throw refuse("This file is not CSV text: it holds binary data.");
  } finally {
    await handle.close();
  }
}

/** The rows of a CSV file (UTF-8, comma-separated, quoted as spreadsheets write it). */
export async function* csvRows(input: Readable): AsyncGenerator<FileRow> {
  const parser = input.pipe(
    parse({
      bom: true,
      relax_column_count: true,
      max_record_size: CATALOG_FILE_LIMITS.maxCellChars * 4,
    }),
  );
  input.on("error", (error) => parser.destroy(error));
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row++;
      if (row > CATALOG_FILE_LIMITS.maxRows + 1) throw tooManyRows();
      checkCells(cells, row);
      yield { row, cells: cells.map(importedCell) };
    }
  } catch (error) {
    if (error instanceof StoreError) throw error;
    const where = (error as { lines?: number }).lines;
    throw refuse(
      `The file is not well-formed CSV${where ? ` (near line ${where})` : ""}: ${error instanceof Error ? error.message.replace(/^Invalid [^:]*: /, "") : String(error)}`,
    );
  } finally {
    input.destroy();
  }
}

const tooManyRows = () =>
  refuse(`The file has more than ${CATALOG_FILE_LIMITS.maxRows.toLocaleString("en-US")} rows: split it in two.`);

function checkCells(cells: string[], row: number) {
  const long = cells.findIndex((cell) => cell.length > CATALOG_FILE_LIMITS.maxCellChars);
  if (long >= 0)
    throw refuse(
      `Row ${row}, column ${long + 1} holds ${cells[long]?.length.toLocaleString("en-US")} characters; a cell may hold at most ${CATALOG_FILE_LIMITS.maxCellChars.toLocaleString("en-US")}.`,
    );
}

/**
 * Refuses a workbook that would unpack to more than the limit: the directory's sizes are read
 * first, then each part is unpacked and counted (the directory may lie), writing nothing.
 */
export async function checkWorkbookSize(file: string, size: number): Promise<void> {
  const entries = await zipDirectory(file, size);
  if (entries.length > CATALOG_FILE_LIMITS.maxXlsxEntries)
    throw refuse("This workbook has more parts than a spreadsheet has.");
  const bomb = () =>
    refuse(
      `This workbook unpacks to more than ${megabytes(CATALOG_FILE_LIMITS.maxXlsxUnpackedBytes)} (or packs far tighter than a spreadsheet does); it is not read. Save it again from the spreadsheet, or split it.`,
    );
  const declared = entries.reduce((sum, entry) => sum + entry.unpacked, 0);
  if (declared > CATALOG_FILE_LIMITS.maxXlsxUnpackedBytes) throw bomb();
  if (
    entries.some(
      (entry) =>
        entry.unpacked > 1024 * 1024 && entry.unpacked > entry.packed * CATALOG_FILE_LIMITS.maxXlsxPackingRatio,
    )
  )
    throw bomb();
  let unpacked = 0;
  const handle = await open(file);
  try {
    for (const entry of entries) {
      const part = unpackedBytes(file, entry, await packedStart(handle, entry));
      // The directory's sizes may lie: the bytes that actually come out are what count.
      const mostFromThisPart = Math.max(1024 * 1024, entry.packed * CATALOG_FILE_LIMITS.maxXlsxPackingRatio);
      let fromThisPart = 0;
      try {
        for await (const chunk of part as AsyncIterable<Buffer>) {
          unpacked += chunk.length;
          fromThisPart += chunk.length;
          if (unpacked > CATALOG_FILE_LIMITS.maxXlsxUnpackedBytes || fromThisPart > mostFromThisPart) throw bomb();
        }
      } catch (error) {
        if (error instanceof StoreError) throw error;
        throw unreadableWorkbook("a part of it is damaged");
      } finally {
        part.destroy();
      }
    }
  } finally {
    await handle.close();
  }
}

/** The rows of an XLSX workbook's first sheet; call `checkWorkbookSize` first. */
export async function* xlsxRows(file: string, size: number): AsyncGenerator<FileRow> {
  try {
    for await (const { row, cells } of firstSheetRows(file, size)) {
      if (row > CATALOG_FILE_LIMITS.maxRows + 1) throw tooManyRows();
      checkCells(cells, row);
      yield { row, cells: cells.map(importedCell) };
    }
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw unreadableWorkbook();
  }
}
