// Saved (requisition) lists: what their forms accept, shared by the browser and the server
// (docs/product-rules.md, Reorder and saved lists).
import { z } from "zod";
import { quantityField } from "../text/form-fields";

export const MAX_LIST_QUANTITY = 9999;
export const MAX_LIST_NAME = 80;
export const MAX_PASTED_LIST = 20_000;

export const listName = z
  .string({ message: "List name is required" })
  .trim()
  .min(1, "List name is required")
  .max(MAX_LIST_NAME, `Use at most ${MAX_LIST_NAME} characters`)
  .regex(/^[^\p{Cc}]*$/u, "Use letters, digits, spaces and punctuation only");

export const listQuantity = quantityField(1, MAX_LIST_QUANTITY);

const id = z.uuid("That item is no longer on this list.");

/** A new list from pasted or uploaded `PART, QTY` lines (the file, when given, wins over the box). */
export const newListSchema = z.object({
  name: listName,
  lines: z.string().max(MAX_PASTED_LIST, "That list is too long.").optional(),
});

/** What a list's page posts: one intent each. */
export const listActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rename"), name: listName }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("set-quantity"), lineId: id, quantity: listQuantity }),
  z.object({ intent: z.literal("remove-line"), lineId: id }),
]);

/** "Add to List": an existing list or a new one named here, and the products with their quantities. */
export const addToListSchema = z
  .object({
    listId: z.uuid("Choose a list").optional(),
    newName: listName.optional(),
    productId: z.array(z.uuid("That product is no longer available.")).min(1).max(500),
    quantity: z.array(listQuantity).max(500),
  })
  .refine((value) => value.listId || value.newName, { message: "Choose a list or name a new one", path: ["listId"] })
  .refine((value) => value.quantity.length === value.productId.length, {
    message: "Give a quantity for each item",
    path: ["quantity"],
  });

/** The lines of an order or a list the buyer ticked; none means all of them. */
const chosenLines = z
  .array(z.uuid("Choose the items again."))
  .min(1, "Choose at least one item to add to the cart.")
  .max(500)
  .optional();

/**
 * Into the cart: an order (all lines, or the order lines chosen), one of My Account's top
 * products, or a saved list (all lines, or those chosen). Answered by /api/reorder.
 */
export const reorderSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("order"),
    orderNumber: z.string().max(64),
    itemId: chosenLines,
  }),
  z.object({ intent: z.literal("top-product"), productName: z.string().min(1).max(500) }),
  z.object({
    intent: z.literal("list"),
    listId: z.string().max(64),
    lineId: chosenLines,
  }),
]);

export type ReorderRequest = z.infer<typeof reorderSchema>;
