import { randomInt } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import { orders } from "../db/schema";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** 'ORD' + the millisecond timestamp + 5 random upper-case letters or digits (docs/product-rules.md, Orders). */
export function newOrderNumber(now = new Date()): string {
  const suffix = Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `ORD${now.getTime()}${suffix}`;
}

export const ORDER_NUMBER_PATTERN = /^ORD\d{13}[A-Z0-9]{5}$/;

/**
 * The condition "this order's number is `orderNumber`". Text that cannot be an order number (from
 * a URL: a NUL the database refuses, 10 KB of anything) matches no order without being sent.
 */
export const hasOrderNumber = (orderNumber: string): SQL =>
  ORDER_NUMBER_PATTERN.test(orderNumber) ? eq(orders.orderNumber, orderNumber) : sql`false`;
