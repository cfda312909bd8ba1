// A buyer's purchase order number and job reference (docs/product-rules.md, Purchase orders): the
// checkout's fields, the texts the buyer reads, and how an order shows them. Shared by the browser,
// the server, the e-mails and the documents; the rules that read the database are in
// server/orders/purchase-order.ts.
import { z } from "zod";
import { oneLine } from "../text/plain-text";

export const PO_NUMBER_MAX = 30;
export const JOB_REFERENCE_MAX = 60;

export const poNumberRequiredMessage = "PO number is required for your account";
export const poNumberCharactersMessage = "PO number may use letters, digits, spaces and - / . # only";

const PO_NUMBER = /^[A-Za-z0-9 \-/.#]*$/;

/** Blank is no PO number; inner runs of spaces become one, so "PO  17" and "PO 17" are the same number. */
export const poNumberField = z
  .string()
  .trim()
  .max(PO_NUMBER_MAX, `PO number must be at most ${PO_NUMBER_MAX} characters`)
  .regex(PO_NUMBER, poNumberCharactersMessage)
  .optional()
  .transform((value) => value?.replace(/ {2,}/g, " ") || undefined);

export const jobReferenceField = z
  .string()
  .overwrite(oneLine)
  .trim()
  .max(JOB_REFERENCE_MAX, `Job reference must be at most ${JOB_REFERENCE_MAX} characters`)
  .optional()
  .transform((value) => value || undefined);

/**
 * The checkout's purchase-order fields. `poDuplicateConfirmed` carries the PO number the buyer
 * agreed to use again after being warned; it confirms only that number.
 */
export const purchaseOrderFields = {
  poNumber: poNumberField,
  jobReference: jobReferenceField,
  poDuplicateConfirmed: z
    .string()
    .max(PO_NUMBER_MAX * 2)
    .optional(),
};

export type PurchaseOrderInput = { poNumber?: string; jobReference?: string; poDuplicateConfirmed?: string };

/** PO numbers match whatever their case: "po-17" and "PO-17" are the same purchase order. */
export const samePoNumber = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export const duplicatePoMessage = (poNumber: string, orderNumber: string) =>
  `PO number ${poNumber} was already used on order ${orderNumber}`;

/** Whether the buyer confirmed using this PO number again. */
export const duplicateConfirmed = ({ poNumber, poDuplicateConfirmed }: PurchaseOrderInput) =>
  Boolean(poNumber && poDuplicateConfirmed && samePoNumber(poNumber, poDuplicateConfirmed));

/** An order's PO number and job reference, labelled, for pages, e-mails and documents (nothing when none). */
export function purchaseOrderDetails(order: { poNumber: string | null; jobReference: string | null }) {
  return [
    ...(order.poNumber ? [{ label: "PO Number", value: order.poNumber }] : []),
    ...(order.jobReference ? [{ label: "Job Reference", value: order.jobReference }] : []),
  ];
}

/** The same as lines of text: "PO Number: 4500123", "Job Reference: Pier 3 retrofit". */
export function purchaseOrderLines(order: { poNumber: string | null; jobReference: string | null }): string[] {
  return purchaseOrderDetails(order).map(({ label, value }) => `${label}: ${value}`);
}

/** The admin's "PO required" switch on a customer account. */
export const poRequiredSchema = z.object({
  companyId: z.uuid("That customer does not exist"),
  required: z.enum(["true", "false"], { message: "Choose on or off" }),
});
