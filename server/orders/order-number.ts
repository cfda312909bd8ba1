import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** 'ORD' + the millisecond timestamp + 5 random upper-case letters or digits (docs/product-rules.md, Orders). */
export function newOrderNumber(now = new Date()): string {
  const suffix = Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `ORD${now.getTime()}${suffix}`;
}

export const ORDER_NUMBER_PATTERN = /^ORD\d{13}[A-Z0-9]{5}$/;
