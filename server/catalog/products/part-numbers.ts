import { products } from "../../db/schema";

/** "gw 45-001" and "GW-45-001" are the same part: case, dashes, spaces and dots do not count. */
export const normalizePartNumber = (partNumber: string) => partNumber.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** The same normalisation, kept by the database in a generated, indexed column. */
export const normalizedPartNumber = products.partKey;
