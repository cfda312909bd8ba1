// A company's own catalogue as the back office writes it and the checkout explains it, shared by
// the browser and the server (docs/decisions/customer-catalogues.md): categories or subcategories
// whose parts it holds, plus parts included, less parts excluded, each part by its number.
import { z } from "zod";

export const MAX_CATALOGUE_PARTS = 2_000;

/** Part numbers as typed or pasted: one a line or separated by commas or semicolons, each once as first written. */
export function partNumberList(text: string): string[] {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const entry of text.split(/[\n\r,;\t]+/)) {
    const part = entry.trim();
    const key = partKey(part);
    if (key && !seen.has(key)) {
      seen.add(key);
      parts.push(part);
    }
  }
  return parts;
}

/** How part numbers compare: case, dashes and spaces ignored, as search and the price list read them. */
const partKey = (part: string) => part.toUpperCase().replace(/[\s-]+/g, "");

const partsField = (label: string) =>
  z
    .string()
    .optional()
    .transform((text) => partNumberList(text ?? ""))
    .refine(
      (parts) => parts.length <= MAX_CATALOGUE_PARTS,
      `List at most ${MAX_CATALOGUE_PARTS.toLocaleString("en-US")} ${label} parts; a longer list is better made a category.`,
    );

export const customerCatalogueFormSchema = z
  .object({
    // One box ticked arrives as one value, none as nothing.
    categories: z
      .preprocess(
        (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
        z.array(z.string().trim().max(100)),
      )
      .transform((slugs) => [...new Set(slugs.filter(Boolean))]),
    included: partsField("included"),
    excluded: partsField("excluded"),
  })
  .superRefine((catalogue, ctx) => {
    if (catalogue.categories.length === 0 && catalogue.included.length === 0)
      ctx.addIssue({
        code: "custom",
        path: ["categories"],
        message:
          "Choose at least one category or include at least one part; to show this company everything, remove its catalogue instead.",
      });
    const excluded = new Set(catalogue.excluded.map(partKey));
    const both = catalogue.included.filter((part) => excluded.has(partKey(part)));
    if (both.length > 0)
      ctx.addIssue({
        code: "custom",
        path: ["excluded"],
        message: `${both.join(", ")} ${both.length > 1 ? "are" : "is"} both included and excluded: keep each part in one list.`,
      });
  });

export type CustomerCatalogueInput = z.output<typeof customerCatalogueFormSchema>;

/** Why a cart line outside the buyer's company catalogue cannot be ordered (the checkout's re-check). */
export const outsideCatalogueProblem = ({ name, partNumber }: { name: string; partNumber?: string }) =>
  `${name}${partNumber ? ` (${partNumber})` : ""} is not in your company's catalogue. Remove it from your cart to continue.`;
