import { sql } from "drizzle-orm";
import { products } from "../db/schema";

/** "gw 45-001" and "GW-45-001" are the same part: case, dashes, spaces and dots do not count. */
export const normalizePartNumber = (partNumber: string) => partNumber.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** The same normalisation in SQL, for matching against the catalogue. */
export const normalizedPartNumber = sql<string>`upper(regexp_replace(${products.partNumber}, '[^A-Za-z0-9]', '', 'g'))`;
