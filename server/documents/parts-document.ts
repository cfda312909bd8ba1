// An order's invoice or receipt and a quote's version are one kind of document: built first as plain
// data (what it says, tested apart from the drawing), then drawn with the store's PDF pieces.
import { config } from "../config";
import { partLineColumns, renderPdf } from "./pdf";

export interface PartsDocument {
  /** The heading, e.g. INVOICE, RECEIPT or QUOTE. */
  title: string;
  filename: string;
  facts: [string, string][];
  blocks: { title: string; lines: string[] }[];
  lines: string[][];
  totals: [string, string][];
  notes: string[];
}

export function renderPartsDocument(document: PartsDocument): Promise<Buffer> {
  const { STORE_EMAIL, STORE_PHONE } = config();
  return renderPdf(`${document.title} ${document.filename.replace(/\.pdf$/, "")}`, (pdf) => {
    pdf.header(document.title, { name: "Cascade Industrial Supply", email: STORE_EMAIL, phone: STORE_PHONE });
    pdf.facts(document.facts);
    pdf.blocks(document.blocks);
    pdf.table(partLineColumns, document.lines);
    pdf.totals(document.totals);
    for (const note of document.notes) pdf.text(note);
  });
}
