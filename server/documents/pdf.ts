// The store's PDF documents (invoices, receipts, statements) are drawn through these few pieces
// on pdfkit: a letter page with the store's name, labelled facts, address blocks side by side,
// and tables that break across pages. The standard Helvetica fonts need no files of our own.

const MARGIN = 50;
const PAGE_WIDTH = 612; // US Letter, in points
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

export interface Column {
  header: string;
  /** A share of the page's width. */
  width: number;
  align?: "left" | "right";
}

/** The lines of an order or a quote: part, description, quantity, unit price, amount. */
export const partLineColumns: Column[] = [
  { header: "Part Number", width: 2 },
  { header: "Description", width: 4 },
  { header: "Qty", width: 1, align: "right" },
  { header: "Unit Price", width: 1.5, align: "right" },
  { header: "Amount", width: 1.5, align: "right" },
];

// The standard fonts write WinAnsi (Latin-1 and these few more); pdfkit writes any other character
// as the bytes of its UTF-16 code units, so a buyer's "漢字" or an emoji came out as other letters.
const WIN_ANSI_EXTRAS = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";

/**
 * Text as the standard fonts can draw it: a character they lack becomes "?", and characters that
 * are not shown (zero-width, direction overrides, controls but the line break) are dropped.
 */
export function drawable(text: string): string {
  return (
    text
      .normalize("NFC")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point.
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]|\p{Cf}/gu, "")
      .replace(/[^\n\u0020-\u00ff]/gu, (char) => (WIN_ANSI_EXTRAS.includes(char) ? char : "?"))
  );
}

export class PdfWriter {
  constructor(readonly doc: PDFKit.PDFDocument) {
    // Every piece below draws through doc.text: what any of them is given is made drawable once here.
    const text = doc.text.bind(doc) as (value: unknown, ...rest: unknown[]) => PDFKit.PDFDocument;
    doc.text = ((value: unknown, ...rest: unknown[]) =>
      text(typeof value === "string" ? drawable(value) : value, ...rest)) as typeof doc.text;
  }

  /** The store's name and contact at the top right, the document's title at the left. */
  header(title: string, store: { name: string; email: string; phone: string }) {
    const { doc } = this;
    const top = doc.y;
    doc
      .font("Helvetica-Bold")
      .fontSize(20)
      .text(title, MARGIN, top, { width: CONTENT_WIDTH / 2 });
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .text(store.name, MARGIN + CONTENT_WIDTH / 2, top, { width: CONTENT_WIDTH / 2, align: "right" })
      .font("Helvetica")
      .fontSize(9)
      .text(`${store.phone} · ${store.email}`, { width: CONTENT_WIDTH / 2, align: "right" });
    doc.x = MARGIN;
    doc.moveDown(1.5);
  }

  /** "Label: value" lines, the label in bold. */
  facts(pairs: [string, string][], width = CONTENT_WIDTH) {
    const { doc } = this;
    doc.fontSize(10);
    for (const [label, value] of pairs) {
      doc
        .font("Helvetica-Bold")
        .text(`${label}: `, MARGIN, doc.y, { continued: true, width })
        .font("Helvetica")
        .text(value, { width });
    }
    doc.moveDown();
  }

  /** Blocks of lines side by side (Remit To, Bill To, Ship To), each under its title. */
  blocks(blocks: { title: string; lines: string[] }[]) {
    const { doc } = this;
    const top = doc.y;
    const width = CONTENT_WIDTH / blocks.length;
    let bottom = top;
    blocks.forEach((block, i) => {
      const x = MARGIN + i * width;
      doc
        .font("Helvetica-Bold")
        .fontSize(10)
        .text(block.title, x, top, { width: width - 10 });
      doc.font("Helvetica").fontSize(9);
      for (const line of block.lines) doc.text(line, x, doc.y, { width: width - 10 });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = MARGIN;
    doc.y = bottom;
    doc.moveDown();
  }

  heading(text: string) {
    this.ensureRoom(40);
    this.doc.font("Helvetica-Bold").fontSize(12).text(text, MARGIN, this.doc.y).moveDown(0.3);
  }

  text(text: string, width = CONTENT_WIDTH) {
    this.doc.font("Helvetica").fontSize(9).text(text, MARGIN, this.doc.y, { width }).moveDown(0.5);
  }

  /** A bulleted list, one item a line (wrapped under its own text). */
  bullets(items: string[]) {
    const { doc } = this;
    doc.font("Helvetica").fontSize(9);
    for (const item of items) {
      this.ensureRoom(14);
      doc.text(`•  ${item}`, MARGIN + 6, doc.y, { width: CONTENT_WIDTH - 6, indent: -8 });
    }
    doc.x = MARGIN;
    doc.moveDown(0.5);
  }

  /**
   * A picture (PNG or JPEG) at the right, `size` points square at most, beside what `draw` writes
   * in the width left to it; what follows starts below both.
   */
  besidePicture(image: Buffer, size: number, draw: (width: number) => void) {
    const { doc } = this;
    const top = doc.y;
    doc.image(image, MARGIN + CONTENT_WIDTH - size, top, { fit: [size, size], align: "center", valign: "center" });
    draw(CONTENT_WIDTH - size - 16);
    doc.x = MARGIN;
    doc.y = Math.max(doc.y, top + size + 12);
  }

  /**
   * Vector figures side by side, each `size` points square and drawn by `draw` in a 100 × 100 box
   * (hazard pictograms), its caption centred below it.
   */
  figures(size: number, figures: { caption: string; draw: (doc: PDFKit.PDFDocument) => void }[]) {
    const { doc } = this;
    // Room between them for a caption of a few words on one line ("GHS03 Flame over circle").
    const gap = 44;
    const perRow = Math.max(1, Math.floor((CONTENT_WIDTH + gap) / (size + gap)));
    for (let start = 0; start < figures.length; start += perRow) {
      this.ensureRoom(size + 30);
      const top = doc.y;
      figures.slice(start, start + perRow).forEach((figure, i) => {
        const x = MARGIN + gap / 2 + i * (size + gap);
        doc
          .save()
          .translate(x, top)
          .scale(size / 100);
        figure.draw(doc);
        doc.restore();
        doc
          .font("Helvetica")
          .fontSize(7)
          .fillColor("black")
          .text(figure.caption, x - gap / 2, top + size + 3, { width: size + gap, align: "center" });
      });
      doc.x = MARGIN;
      doc.y = top + size + 24;
    }
  }

  /** A table with a header row, repeated on each new page; rows grow to fit wrapped text. */
  table(columns: Column[], rows: string[][]) {
    const { doc } = this;
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    const widths = columns.map((column) => (column.width / total) * CONTENT_WIDTH);
    const drawRow = (cells: string[], bold: boolean) => {
      doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
      const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: (widths[i] ?? 0) - 6 })));
      if (this.ensureRoom(height + 6) && !bold)
        drawRow(
          columns.map((column) => column.header),
          true,
        );
      const top = doc.y;
      let x = MARGIN;
      cells.forEach((cell, i) => {
        const width = widths[i] ?? 0;
        doc.text(cell, x + 3, top, { width: width - 6, align: columns[i]?.align ?? "left" });
        x += width;
      });
      doc.y = top + height + 3;
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(MARGIN + CONTENT_WIDTH, doc.y)
        .lineWidth(bold ? 1 : 0.5)
        .strokeColor(bold ? "#334155" : "#cbd5e1")
        .stroke();
      doc.y += 3;
    };
    drawRow(
      columns.map((column) => column.header),
      true,
    );
    for (const row of rows) drawRow(row, false);
    doc.x = MARGIN;
    doc.moveDown();
  }

  /** Label and amount pairs, right-aligned under a table; the last one in bold. */
  totals(pairs: [string, string][]) {
    const { doc } = this;
    this.ensureRoom(pairs.length * 14 + 10);
    // Labels such as "Amount Due by September 30, 2027" fit on one line.
    const x = MARGIN + CONTENT_WIDTH * 0.35;
    const labelWidth = CONTENT_WIDTH * 0.45;
    pairs.forEach(([label, value], i) => {
      const top = doc.y;
      doc.font(i === pairs.length - 1 ? "Helvetica-Bold" : "Helvetica").fontSize(10);
      doc.text(label, x, top, { width: labelWidth });
      doc.text(value, x + labelWidth, top, { width: CONTENT_WIDTH * 0.2, align: "right" });
    });
    doc.x = MARGIN;
    doc.moveDown();
  }

  /** Starts a new page when `height` would not fit on this one; true when it did. */
  private ensureRoom(height: number): boolean {
    const { doc } = this;
    if (doc.y + height <= doc.page.height - MARGIN) return false;
    doc.addPage();
    return true;
  }
}

/** Draws a document and returns its bytes. */
export async function renderPdf(title: string, draw: (pdf: PdfWriter) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit"); // loaded when first used (docs/decisions/server-inside-the-ssr-build.md)
  const doc = new PDFDocument({
    size: "LETTER",
    margin: MARGIN,
    info: { Title: title, Author: "Cascade Industrial Supply" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  draw(new PdfWriter(doc));
  doc.end();
  return done;
}
