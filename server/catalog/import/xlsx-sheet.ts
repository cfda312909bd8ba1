// The rows of an XLSX workbook's first sheet, as the text each cell shows, read as a stream of XML
// (SpreadsheetML, ECMA-376 part 1 §18) from parts found through the zip's directory. The workbook
// names its first sheet and where its shared strings are; the sheet is read row by row, so a
// 400 MB sheet is never held whole. docs/decisions/reading-workbooks.md says why this is not
// exceljs's streaming reader.
import path from "node:path";
import type { Readable } from "node:stream";
import { SaxesParser } from "saxes";
import { StoreError } from "../../errors";
import { partNamed, unreadableWorkbook, type ZipEntry, zipDirectory } from "./zip-parts";

export interface SheetRow {
  /** The row's number in the sheet, 1-based, as the spreadsheet shows it. */
  row: number;
  /** The cells' text, from column A to the row's last cell, a missing cell empty. */
  cells: string[];
}

/** Excel's last column, XFD: a cell further right is not a spreadsheet's. */
const COLUMNS = 16_384;

interface XmlHandlers {
  open?: (name: string, attributes: Record<string, string>) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
}

/** A tag's name without its namespace prefix (`x:row` is `row`): writers differ in prefixes. */
const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/**
 * Feeds `input`'s XML to handlers, giving control back after each chunk so that a caller can hand on
 * what the chunk completed. Malformed XML, or a part that does not unpack, is refused; entities
 * beyond XML's five are not expanded.
 */
async function* parsed(input: Readable, on: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on("opentag", (tag) => on.open?.(localName(tag.name), tag.attributes));
  parser.on("text", (text) => on.text?.(text));
  parser.on("cdata", (text) => on.text?.(text));
  parser.on("closetag", (tag) => on.close?.(localName(tag.name)));
  input.setEncoding("utf8");
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      parser.write(chunk);
      yield;
    }
    parser.close();
  } catch (error) {
    if (error instanceof StoreError) throw error;
    throw unreadableWorkbook("a part of it is damaged");
  } finally {
    input.destroy();
  }
}

async function readXml(input: Readable, on: XmlHandlers): Promise<void> {
  for await (const _ of parsed(input, on));
}

interface Relationship {
  type: string;
  /** The part it points to, as a name in the zip. */
  part: string;
}

/** The relationships of `part` (Open Packaging Conventions: `dir/_rels/name.rels`), by id. */
async function relationshipsOf(file: string, entries: ZipEntry[], part: string) {
  const relationships = new Map<string, Relationship>();
  const folder = path.posix.dirname(part);
  const input = await partNamed(file, entries, path.posix.join(folder, "_rels", `${path.posix.basename(part)}.rels`));
  if (!input) return relationships;
  await readXml(input, {
    open(name, attributes) {
      if (name !== "Relationship" || !attributes.Id || !attributes.Target) return;
      const target = attributes.Target;
      relationships.set(attributes.Id, {
        type: attributes.Type ?? "",
        part: target.startsWith("/") ? target.slice(1) : path.posix.join(folder, target),
      });
    },
  });
  return relationships;
}

const ofType = (relationships: Map<string, Relationship>, type: string) =>
  [...relationships.values()].find((relationship) => relationship.type.endsWith(`/${type}`))?.part;

/** The relationship id of the workbook's first sheet, as its tabs are ordered. */
async function firstSheetId(input: Readable): Promise<string | undefined> {
  let id: string | undefined;
  await readXml(input, {
    open(name, attributes) {
      if (name !== "sheet" || id !== undefined) return;
      // The id is in the relationships namespace, whose prefix is the writer's choice (r:id).
      const key = Object.keys(attributes).find((attribute) => attribute.includes(":") && localName(attribute) === "id");
      id = key ? attributes[key] : undefined;
    },
  });
  return id;
}

/** The workbook's shared strings, in order: a string item's text runs joined, phonetic guides left out. */
async function sharedStrings(input: Readable): Promise<string[]> {
  const strings: string[] = [];
  let item: string | undefined;
  let inText = false;
  let phonetic = 0;
  await readXml(input, {
    open(name) {
      if (name === "si") item = "";
      else if (name === "rPh") phonetic++;
      else if (name === "t" && phonetic === 0) inText = true;
    },
    text(text) {
      if (inText && item !== undefined) item += text;
    },
    close(name) {
      if (name === "t") inText = false;
      else if (name === "rPh") phonetic--;
      else if (name === "si") {
        strings.push(item ?? "");
        item = undefined;
      }
    },
  });
  return strings;
}

/** The 0-based column of a cell reference ("C7" is 2), or undefined for a reference that is not one. */
function columnOf(reference: string): number | undefined {
  const letters = /^([A-Z]{1,3})\d*$/.exec(reference)?.[1];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

/** A cell's text as the spreadsheet shows it, from its type (`t`) and its value's text. */
function cellText(type: string, value: string, strings: string[]): string {
  switch (type) {
    case "s": {
      const text = strings[Number.parseInt(value, 10)];
      if (text === undefined) throw unreadableWorkbook("a cell names a shared string the workbook lacks");
      return text;
    }
    case "str":
    case "inlineStr":
      return value;
    case "b":
      return String(Number.parseInt(value, 10) !== 0);
    case "e":
      return "";
    case "d":
      return value.slice(0, 10);
    default: {
      const number = Number.parseFloat(value);
      return Number.isNaN(number) ? value : String(number);
    }
  }
}

/** Each `<row>` of a sheet's XML, once its closing tag has been read. */
async function* sheetRows(input: Readable, strings: string[]): AsyncGenerator<SheetRow> {
  const finished: SheetRow[] = [];
  let cells: string[] | undefined;
  let row = 0;
  let column = -1;
  let type = "n";
  let value: string | undefined;
  let capturing = false;
  let inline = false;
  let phonetic = 0;
  const rows = parsed(input, {
    open(name, attributes) {
      if (name === "row") {
        row = attributes.r ? Number.parseInt(attributes.r, 10) : row + 1;
        if (!Number.isSafeInteger(row) || row < 1) throw unreadableWorkbook("a row has no number a sheet can have");
        cells = [];
        column = -1;
      } else if (!cells) {
        return;
      } else if (name === "c") {
        column = attributes.r ? (columnOf(attributes.r) ?? Number.NaN) : column + 1;
        if (!(column >= 0 && column < COLUMNS)) throw unreadableWorkbook("a cell lies beyond the sheet's last column");
        type = attributes.t ?? "n";
        value = undefined;
      } else if (name === "v") {
        value = "";
        capturing = true;
      } else if (name === "is") {
        value = "";
        inline = true;
      } else if (name === "rPh") {
        phonetic++;
      } else if (name === "t" && inline && phonetic === 0) {
        capturing = true;
      }
    },
    text(text) {
      if (capturing) value += text;
    },
    close(name) {
      if (!cells) return;
      if (name === "v" || name === "t") capturing = false;
      else if (name === "is") inline = false;
      else if (name === "rPh") phonetic--;
      else if (name === "c" && value !== undefined) cells[column] = cellText(type, value, strings);
      else if (name === "row") {
        finished.push({ row, cells: Array.from(cells, (cell) => cell ?? "") });
        cells = undefined;
      }
    },
  });
  for await (const _ of rows) yield* finished.splice(0);
  yield* finished;
}

/** The rows of the workbook's first sheet (the leftmost tab); other sheets are not read. */
export async function* firstSheetRows(file: string, size: number): AsyncGenerator<SheetRow> {
  const entries = await zipDirectory(file, size);
  const workbook = ofType(await relationshipsOf(file, entries, ""), "officeDocument") ?? "xl/workbook.xml";
  const workbookInput = await partNamed(file, entries, workbook);
  if (!workbookInput) throw unreadableWorkbook("it has no workbook part");
  const id = await firstSheetId(workbookInput);
  const related = await relationshipsOf(file, entries, workbook);
  const sheet = id === undefined ? undefined : related.get(id)?.part;
  if (sheet === undefined || !entries.some((entry) => entry.name === sheet))
    throw unreadableWorkbook("it has no sheet");
  const stringsPart = ofType(related, "sharedStrings");
  const stringsInput = stringsPart === undefined ? undefined : await partNamed(file, entries, stringsPart);
  const strings = stringsInput ? await sharedStrings(stringsInput) : [];
  const sheetInput = await partNamed(file, entries, sheet);
  if (sheetInput) yield* sheetRows(sheetInput, strings);
}
