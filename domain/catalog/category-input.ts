// The category editor's forms (categories, subcategories and a subcategory's attributes), shared
// by the browser and the server. The rules that need the database (a slug taken, products in a
// subcategory) are the server's: server/catalog/products/category-editor.ts.
import { z } from "zod";
import { formatNumber } from "../text/numbers";
import { plainText } from "../text/plain-text";
import { attributeKinds, oneLineText, slugField } from "./product-input";
import { isUnitFamily, type UnitFamily, unitFamilies, unitsOf } from "./units";

export const MAX_POSITION = 10_000;
export const MAX_CHOICE_COUNT = 100;

const positionField = z
  .string({ message: "Enter the position" })
  .trim()
  .regex(/^\d{1,5}$/, { message: "The position must be a whole number, 0 or more, e.g. 3", abort: true })
  .transform(Number)
  .refine((position) => position <= MAX_POSITION, `The position can be at most ${formatNumber(MAX_POSITION)}`);

/** A checkbox: sent ("on") when ticked, absent when not. */
const checkboxField = z
  .string()
  .optional()
  .transform((value) => value === "on");

const entryFields = {
  slug: slugField("slug").pipe(z.string().max(60, "The slug can be at most 60 characters")),
  name: oneLineText("name", 80),
  description: z
    .string()
    .optional()
    .transform((text = "") => plainText(text).trim())
    // A refinement, not a pipe into z.string(): Conform reads an empty string as no value there.
    .refine((text) => text.length <= 500, "The description can be at most 500 characters"),
  position: positionField,
  active: checkboxField,
};

/**
 * The UNSPSC class a category files its parts under in a procurement system (the `Classification`
 * of a PunchOut line): 8 digits, a segment, family, class or commodity code; none when left empty.
 */
export const unspscField = z
  .string()
  .optional()
  .transform((text = "") => text.replace(/\s/g, ""))
  .refine((code) => code === "" || /^\d{8}$/.test(code), "A UNSPSC code is 8 digits, e.g. 31191500")
  .transform((code) => code || null);

export const categorySchema = z.object({ ...entryFields, unspsc: unspscField });
export type CategoryInput = z.output<typeof categorySchema>;

export const subcategorySchema = z.object({ ...entryFields, categorySlug: slugField("category") });
export type SubcategoryInput = z.output<typeof subcategorySchema>;

export const attributeSchema = z
  .object({
    slug: slugField("slug").pipe(z.string().max(60, "The slug can be at most 60 characters")),
    name: oneLineText("name", 80),
    kind: z.enum(attributeKinds, { message: "Choose number, choice or text" }),
    unitFamily: z
      .string()
      .optional()
      .transform((text = "") => text.trim()),
    displayUnit: z
      .string()
      .optional()
      .transform((text = "") => text.trim()),
    /** One choice a line. */
    choices: z
      .string()
      .optional()
      .transform((text = "") =>
        plainText(text.replace(/\r\n?/g, "\n"))
          .split("\n")
          .map((choice) => choice.trim())
          .filter(Boolean),
      ),
    position: positionField,
  })
  .superRefine((attribute, context) => {
    const problem = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (attribute.kind === "number") {
      if (!isUnitFamily(attribute.unitFamily))
        return problem("unitFamily", `Choose the unit family of a number: ${unitFamilies.join(", ")}`);
      const units = unitsOf(attribute.unitFamily).filter(Boolean);
      if (units.length > 0 && !units.includes(attribute.displayUnit))
        problem("displayUnit", `Choose the unit ${attribute.unitFamily} is shown in: ${units.join(", ")}`);
    } else if (attribute.unitFamily !== "" || attribute.displayUnit !== "") {
      problem("unitFamily", "Only a number has a unit family and a display unit");
    }
    if (attribute.kind === "choice") {
      if (attribute.choices.length === 0) problem("choices", "Enter the choices, one a line");
      if (attribute.choices.length > MAX_CHOICE_COUNT) problem("choices", `At most ${MAX_CHOICE_COUNT} choices`);
      if (attribute.choices.some((choice) => choice.length > 200))
        problem("choices", "A choice can be at most 200 characters");
      const lower = attribute.choices.map((choice) => choice.toLowerCase());
      if (new Set(lower).size !== lower.length) problem("choices", "Each choice can be listed once");
    } else if (attribute.choices.length > 0) {
      problem("choices", "Only a choice has choices");
    }
  })
  .transform(({ unitFamily, displayUnit, ...attribute }) => ({
    ...attribute,
    unitFamily: attribute.kind === "number" ? (unitFamily as UnitFamily) : null,
    displayUnit: attribute.kind === "number" && displayUnit !== "" ? displayUnit : null,
  }));
export type AttributeInput = z.output<typeof attributeSchema>;

/** Moving an attribute one place up or down its subcategory's order. */
export const attributeMoveSchema = z.object({
  attributeId: z.coerce.number({ message: "That attribute does not exist" }).int().positive(),
  direction: z.enum(["up", "down"], { message: "Move up or down" }),
});
