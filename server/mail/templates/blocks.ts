// What a mail says, as blocks: each mail's function lists them once, and the same list becomes both
// the HTML part (layout.tsx draws them inside the store's layout) and the plain-text part (below), so
// the two parts always tell the same facts. See server/mail/README.md.
import { DEFAULT_SALE_UNIT, quantityWithUnit } from "../../../domain/catalog/sale-units";

/** A line of an order or a quote, as the mail lists it. */
export interface MailItem {
  name: string;
  sku?: string | null;
  quantity: number;
  /** The unit of sale the quantity counts ("3 boxes"); each when absent. */
  unit?: string;
  /** The unit's pack and price per piece, "Box of 25 ($1.43 each)" (domain/catalog/sale-units.ts). */
  pack?: string;
  /** Formatted ("$1.98"); a line without prices (a submission for approval) leaves both out. */
  unitPrice?: string;
  total?: string;
  /** A short note under the line, e.g. what is back-ordered. */
  note?: string;
}

/** A fact as "Label: value", or a line of its own among the facts. */
export type MailFact = readonly [label: string, value: string] | string;

export type MailBlock =
  /** The mail's headline: the first block. */
  | { type: "title"; text: string }
  /** A section's heading; in the text part the section follows on the next line. */
  | { type: "heading"; text: string }
  | { type: "paragraph"; text: string }
  /** Lines that belong together (an address, a list), one per line. */
  | { type: "lines"; lines: string[] }
  | { type: "facts"; facts: MailFact[] }
  | { type: "items"; items: MailItem[] }
  /** Words a person wrote (a note, a message), shown apart and as written, line breaks kept. */
  | { type: "quote"; text: string }
  /** The mail's main link, drawn as a button. */
  | { type: "button"; label: string; href: string }
  /** Another link, drawn as a link. */
  | { type: "link"; label: string; href: string };

export const factText = (fact: MailFact) => (typeof fact === "string" ? fact : `${fact[0]}: ${fact[1]}`);

/** "3 boxes", "12": an item's quantity with its unit. */
export const itemQuantity = (item: MailItem) => quantityWithUnit(item.quantity, item.unit ?? DEFAULT_SALE_UNIT);

export function itemText(item: MailItem): string {
  const sku = item.sku ? ` (SKU: ${item.sku})` : "";
  const price = item.unitPrice && item.total ? `: ${itemQuantity(item)} x ${item.unitPrice} = ${item.total}` : "";
  const line = price ? `- ${item.name}${sku}${price}` : `- ${itemQuantity(item)} x ${item.name}${sku}`;
  return [line, ...[item.pack, item.note].filter(Boolean).map((text) => `  ${text}`)].join("\n");
}

function blockText(block: MailBlock): string {
  switch (block.type) {
    case "title":
    case "heading":
    case "paragraph":
    case "quote":
      return block.text;
    case "lines":
      return block.lines.join("\n");
    case "facts":
      return block.facts.map(factText).join("\n");
    case "items":
      return block.items.map(itemText).join("\n");
    case "button":
    case "link":
      return `${block.label}: ${block.href}`;
  }
}

/** The plain-text part: blocks a blank line apart, a heading directly above its section. */
export function blocksText(blocks: MailBlock[]): string {
  return blocks
    .map((block, i) => {
      const previous = blocks[i - 1];
      const gap = !previous ? "" : previous.type === "title" || previous.type === "heading" ? "\n" : "\n\n";
      return gap + blockText(block);
    })
    .join("");
}
