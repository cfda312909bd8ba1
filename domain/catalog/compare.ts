// Comparing parts side by side: up to four, named by part number in the page's address
// (/compare?parts=GW-45-001,GW-45-002), so a comparison can be shared and the back button works.
// Shared by the listings' Compare toggles, the compare page and its loader.

import { orderable } from "../orders/backorderable";

export const MAX_COMPARED = 4;

const PART_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ._/-]{0,39}$/;

export const tooManyMessage = `You can compare up to ${MAX_COMPARED} parts at a time. Remove one to add another.`;

export const nothingToCompareMessage =
  "Choose parts to compare: tick Compare on up to 4 products in a listing or in search results.";

export interface CompareRequest {
  /** The part numbers to compare, in the address's order, each once, at most MAX_COMPARED. */
  parts: string[];
  /** What is wrong with the address, for the page to say; null when nothing is. */
  problem: string | null;
}

/** Reads the `parts` parameter: comma-separated part numbers. */
export function parseCompareParts(value: string | null): CompareRequest {
  const named = (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const malformed = named.filter((part) => !PART_NUMBER.test(part));
  const parts = [...new Set(named.filter((part) => PART_NUMBER.test(part)).map((part) => part.toUpperCase()))];
  if (malformed.length > 0)
    return {
      parts: parts.slice(0, MAX_COMPARED),
      problem: `"${malformed[0]?.slice(0, 40)}" is not a part number (letters, digits, spaces, dots, dashes and slashes, at most 40): it is left out.`,
    };
  if (parts.length > MAX_COMPARED)
    return {
      parts: parts.slice(0, MAX_COMPARED),
      problem: `You can compare up to ${MAX_COMPARED} parts at a time; this link names ${parts.length}. The first ${MAX_COMPARED} are compared.`,
    };
  if (parts.length === 0) return { parts, problem: nothingToCompareMessage };
  return { parts, problem: null };
}

/** The compare page's address for these part numbers. */
export function compareHref(parts: readonly string[]): string {
  return `/compare?parts=${parts.map((part) => encodeURIComponent(part)).join(",")}`;
}

export interface ComparedProduct {
  price: string;
  brand: string;
  stockLevel: number;
  backorderable: boolean;
  leadTimeDays: number | null;
  specifications: { name: string; value: string }[];
}

export interface CompareRow {
  name: string;
  /** One value per product, in the products' order; "" where a product has none. */
  values: string[];
  /** The products do not all have the same value here. */
  differs: boolean;
}

/**
 * The table's rows: price, brand and stock, then every specification any of the products has, in
 * the order they first appear, so the same attribute lines up across the columns.
 */
export function compareRows(
  products: readonly ComparedProduct[],
  formatPrice: (price: string) => string,
): CompareRow[] {
  const names: string[] = [];
  for (const product of products)
    for (const { name } of product.specifications) if (!names.includes(name)) names.push(name);
  const rows = [
    { name: "Price", values: products.map((product) => formatPrice(product.price)) },
    { name: "Brand", values: products.map((product) => product.brand) },
    {
      name: "Availability",
      values: products.map((product) =>
        product.stockLevel > 0 ? "In stock" : orderable(product) ? "Back-order" : "Out of stock",
      ),
    },
    ...names.map((name) => ({
      name,
      values: products.map((product) => product.specifications.find((row) => row.name === name)?.value ?? ""),
    })),
  ];
  return rows.map((row) => ({ ...row, differs: new Set(row.values).size > 1 }));
}

/**
 * The rows the table shows: every row, or with "Show only differences" on, the rows where the parts
 * do not all have the same value (a part that gives none differs from one that gives one).
 */
export const shownCompareRows = (rows: readonly CompareRow[], onlyDifferences: boolean): readonly CompareRow[] =>
  onlyDifferences ? rows.filter((row) => row.differs) : rows;
