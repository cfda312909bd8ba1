// A buyer's address book (docs/product-rules.md, Address book): the ship-to form, the checkout's
// choice of ship-to, and the rules for the default and the limit, shared by the browser and the server.
import { z } from "zod";
import { checkbox, optional, required } from "../text/form-fields";
import { type Address, addressSchema } from "./address";

export const MAX_SHIP_TOS = 50;
export const SHIP_TO_LABEL_MAX = 60;

export const shipToLimitMessage = `Your address book is full (${MAX_SHIP_TOS} addresses). Delete an address to add another.`;

export interface ShipTo {
  id: string;
  label: string;
  address: Address;
  isDefault: boolean;
}

/** The address book's add and edit form: a label, the address (fields shipping.line1, ...) and "make default". */
export const shipToSchema = z.object({
  label: required("Label is required", SHIP_TO_LABEL_MAX),
  shipping: addressSchema.prefault({} as z.input<typeof addressSchema>),
  makeDefault: checkbox,
});

export type ShipToInput = z.output<typeof shipToSchema>;

/** Which address of the book a form names (edit, delete, make default). */
export const shipToIdSchema = z.object({ id: z.uuid() });

/** At checkout: one of the saved ship-tos by id, or a new address (saved to the book when asked). */
export const NEW_SHIP_TO = "new";

export const shipToChoiceFields = {
  shipTo: z
    .string()
    .max(40)
    .optional()
    .transform((value) => value || undefined),
  saveShipTo: checkbox,
  shipToLabel: optional(SHIP_TO_LABEL_MAX),
};

export type ShipToChoice = { shipTo?: string; saveShipTo: boolean; shipToLabel?: string };

/** A saved ship-to was chosen (its id), rather than a new address. */
export const chosenShipToId = ({ shipTo }: ShipToChoice) => (shipTo && shipTo !== NEW_SHIP_TO ? shipTo : undefined);

/** A new address goes into the book when the buyer asked; its label, left blank, is its first line. */
export function shipToToSave(choice: ShipToChoice, address: Address): { label: string; address: Address } | undefined {
  if (chosenShipToId(choice) || !choice.saveShipTo) return undefined;
  return { label: choice.shipToLabel ?? address.line1.slice(0, SHIP_TO_LABEL_MAX), address };
}

/** A new address is the default when asked, and always when it is the first one. */
export function addsAsDefault(existing: number, asked: boolean): boolean {
  return existing === 0 || asked;
}

/**
 * The address that becomes the default when `removedId` is deleted: none while the default
 * stays, otherwise the oldest remaining one (`addresses` are in the order they were added).
 */
export function defaultAfterRemoving(
  addresses: Pick<ShipTo, "id" | "isDefault">[],
  removedId: string,
): string | undefined {
  const removed = addresses.find((address) => address.id === removedId);
  if (!removed?.isDefault) return undefined;
  return addresses.find((address) => address.id !== removedId)?.id;
}
