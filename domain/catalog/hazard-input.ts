// A part's hazard data as the operator writes it (docs/decisions/hazardous-materials.md): the
// editor's "Hazardous material" card, one field per fact the safety data sheet and the shipping rule
// read, and the catalogue file's `hazard` cell, which holds the same data as JSON and is read back
// into these fields, so both are checked by one set of rules with one set of messages.
import { z } from "zod";
import { GHS_PICTOGRAMS, type GhsPictogram, type HazardData, isGhsPictogram } from "./hazards";

/** The editor's fields: text as a form sends it, lists one entry a line. */
export interface HazardFields {
  /** "on" (the editor's checkbox) when the part is a hazardous material; nothing else is read without it. */
  hazardous?: string;
  signalWord?: string;
  pictograms?: string[];
  classification?: string;
  hazardStatements?: string;
  precautionaryStatements?: string;
  ingredients?: string;
  physicalState?: string;
  revised?: string;
  /** "on" when it is a hazardous material in transport (US DOT). */
  regulated?: string;
  unNumber?: string;
  properShippingName?: string;
  hazardClass?: string;
  packingGroup?: string;
  limitedQuantity?: string;
}

/** Between an ingredient's name, CAS number and share on its line: `Acetone | 67-64-1 | 20-40%`. */
export const INGREDIENT_SEPARATOR = " | ";

const signalWords = ["Danger", "Warning"] as const;
const packingGroups = ["I", "II", "III"] as const;
const pictogramCodes = Object.keys(GHS_PICTOGRAMS) as GhsPictogram[];

const lines = (text: string | undefined) =>
  (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

const STATEMENT = { H: /^(H\d{3}[A-Za-z]*(?:\+H\d{3}[A-Za-z]*)*)\s+(\S.*)$/, P: /^(P\d{3}(?:\+P\d{3})*)\s+(\S.*)$/ };
const CAS = /^\d{2,7}-\d{2}-\d$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The data in one key order, pictograms in the GHS's: jsonb hands keys back in its own, and saves compare JSON text. */
export function orderedHazard(hazard: HazardData): HazardData {
  const { transport } = hazard;
  return {
    signalWord: hazard.signalWord,
    pictograms: pictogramCodes.filter((code) => hazard.pictograms.includes(code)),
    classification: hazard.classification,
    hazardStatements: hazard.hazardStatements.map(({ code, text }) => ({ code, text })),
    precautionaryStatements: hazard.precautionaryStatements.map(({ code, text }) => ({ code, text })),
    ingredients: hazard.ingredients.map(({ name, cas, percent }) => ({ name, cas, percent })),
    physicalState: hazard.physicalState,
    transport: transport && {
      unNumber: transport.unNumber,
      properShippingName: transport.properShippingName,
      hazardClass: transport.hazardClass,
      packingGroup: transport.packingGroup,
      limitedQuantity: transport.limitedQuantity,
    },
    revised: hazard.revised,
  };
}

/** The fields showing the part's data (none for a part that is no hazardous material). */
export function hazardFields(hazard: HazardData | null): HazardFields {
  if (!hazard) return {};
  const { transport } = hazard;
  return {
    hazardous: "on",
    signalWord: hazard.signalWord,
    pictograms: hazard.pictograms,
    classification: hazard.classification.join("\n"),
    hazardStatements: hazard.hazardStatements.map(({ code, text }) => `${code} ${text}`).join("\n"),
    precautionaryStatements: hazard.precautionaryStatements.map(({ code, text }) => `${code} ${text}`).join("\n"),
    ingredients: hazard.ingredients
      .map(({ name, cas, percent }) => [name, cas, percent].join(INGREDIENT_SEPARATOR))
      .join("\n"),
    physicalState: hazard.physicalState,
    revised: hazard.revised,
    ...(transport
      ? {
          regulated: "on",
          unNumber: transport.unNumber,
          properShippingName: transport.properShippingName,
          hazardClass: transport.hazardClass,
          packingGroup: transport.packingGroup ?? "",
          limitedQuantity: transport.limitedQuantity ? "on" : undefined,
        }
      : {}),
  };
}

const text = z.string().max(2000, "At most 2,000 characters").optional();

/** The editor's fields, checked and made into the part's hazard data: null for a part that is none. */
export const hazardFieldsSchema = z
  .object({
    hazardous: z.string().optional(),
    signalWord: z.string().optional(),
    pictograms: z.array(z.string()).max(pictogramCodes.length).default([]),
    classification: text,
    hazardStatements: text,
    precautionaryStatements: z.string().max(5000, "At most 5,000 characters").optional(),
    ingredients: text,
    physicalState: z.string().max(60, "At most 60 characters").optional(),
    revised: z.string().optional(),
    regulated: z.string().optional(),
    unNumber: z.string().optional(),
    properShippingName: z.string().max(200, "At most 200 characters").optional(),
    hazardClass: z.string().optional(),
    packingGroup: z.string().optional(),
    limitedQuantity: z.string().optional(),
  })
  .transform((fields, context): HazardData | null => {
    if (fields.hazardous !== "on") return null;
    const problem = (path: keyof HazardFields, message: string) => {
      context.addIssue({ code: "custom", path: [path], message });
    };
    const signalWord = signalWords.find((word) => word.toLowerCase() === fields.signalWord?.trim().toLowerCase());
    if (!signalWord) problem("signalWord", "Choose the signal word the label carries: Danger or Warning");
    const unknown = fields.pictograms.find((code) => !isGhsPictogram(code));
    if (unknown) problem("pictograms", `"${unknown}" is no GHS pictogram: use GHS01 to GHS09`);
    const statements = (path: "hazardStatements" | "precautionaryStatements", kind: "H" | "P", example: string) =>
      lines(fields[path]).flatMap((line) => {
        const match = STATEMENT[kind].exec(line);
        if (match) return [{ code: String(match[1]), text: String(match[2]) }];
        problem(path, `"${line}" is not a ${kind} code and its text, e.g. ${example}`);
        return [];
      });
    const hazardStatements = statements("hazardStatements", "H", "H222 Extremely flammable aerosol.");
    if (hazardStatements.length === 0 && !fields.hazardStatements?.trim())
      problem("hazardStatements", "Enter at least one hazard statement, e.g. H319 Causes serious eye irritation.");
    const precautionaryStatements = statements(
      "precautionaryStatements",
      "P",
      "P210 Keep away from heat, hot surfaces, sparks, open flames and other ignition sources. No smoking.",
    );
    const ingredients = lines(fields.ingredients).flatMap((line) => {
      const [name = "", cas = "", percent = "", ...rest] = line.split("|").map((part) => part.trim());
      if (name && CAS.test(cas) && percent && rest.length === 0) return [{ name, cas, percent }];
      problem("ingredients", `"${line}" is not NAME | CAS NUMBER | SHARE, e.g. Acetone | 67-64-1 | 20-40%`);
      return [];
    });
    const physicalState = fields.physicalState?.trim() ?? "";
    if (!physicalState) problem("physicalState", "Enter its physical state, e.g. Aerosol, Liquid or Paste");
    const revised = fields.revised?.trim() ?? "";
    if (!DAY.test(revised) || Number.isNaN(Date.parse(revised)))
      problem("revised", "Enter the day its safety data was last revised, as YYYY-MM-DD, e.g. 2026-03-01");
    let transport: HazardData["transport"] = null;
    if (fields.regulated === "on") {
      const unNumber =
        fields.unNumber
          ?.trim()
          .toUpperCase()
          .replace(/^(\d{4})$/, "UN$1") ?? "";
      if (!/^UN\d{4}$/.test(unNumber)) problem("unNumber", "The UN number is UN and 4 digits, e.g. UN1950");
      const properShippingName = fields.properShippingName?.trim() ?? "";
      if (!properShippingName)
        problem("properShippingName", "Enter the proper shipping name, e.g. Aerosols, flammable");
      const hazardClass = fields.hazardClass?.trim() ?? "";
      if (!/^[1-9](\.[1-6])?$/.test(hazardClass))
        problem("hazardClass", "The hazard class is a number from 1 to 9, with its division, e.g. 3 or 2.1");
      const group = fields.packingGroup?.trim().toUpperCase() ?? "";
      const packingGroup = packingGroups.find((each) => each === group) ?? null;
      if (group && !packingGroup) problem("packingGroup", "The packing group is I, II or III, or none");
      transport = {
        unNumber,
        properShippingName,
        hazardClass,
        packingGroup,
        limitedQuantity: fields.limitedQuantity === "on",
      };
    }
    return orderedHazard({
      signalWord: signalWord ?? "Warning",
      pictograms: fields.pictograms.filter(isGhsPictogram),
      classification: lines(fields.classification),
      hazardStatements,
      precautionaryStatements,
      ingredients,
      physicalState,
      transport,
      revised,
    });
  });

// The file's cell: the data's own shape, checked for its types before its fields are checked as the editor's.
const statementShape = z.object({ code: z.string(), text: z.string() });
const hazardDataShape = z.object({
  signalWord: z.string(),
  pictograms: z.array(z.string()),
  classification: z.array(z.string()),
  hazardStatements: z.array(statementShape),
  precautionaryStatements: z.array(statementShape),
  ingredients: z.array(z.object({ name: z.string(), cas: z.string(), percent: z.string() })),
  physicalState: z.string(),
  transport: z
    .object({
      unNumber: z.string(),
      properShippingName: z.string(),
      hazardClass: z.string(),
      packingGroup: z.string().nullable(),
      limitedQuantity: z.boolean(),
    })
    .nullable(),
  revised: z.string(),
});

export const HAZARD_CELL_EXAMPLE =
  '{"signalWord":"Warning","pictograms":["GHS07"],"classification":[…],"hazardStatements":[{"code":"H319","text":"Causes serious eye irritation."}],…}';

/**
 * The `hazard` cell read as the editor's fields (empty: none), or why it cannot be: the export
 * writes the data as JSON, with the keys of `HazardData` (domain/catalog/hazards.ts).
 */
export function hazardCellFields(cell: string): { ok: true; fields: HazardFields } | { ok: false; message: string } {
  const written = cell.trim();
  if (!written) return { ok: true, fields: {} };
  let json: unknown;
  try {
    json = JSON.parse(written);
  } catch {
    return { ok: false, message: `The hazard data is not JSON as the export writes it, e.g. ${HAZARD_CELL_EXAMPLE}` };
  }
  const shape = hazardDataShape.safeParse(json);
  if (!shape.success) {
    const [issue] = shape.error.issues;
    const where = issue?.path.join(".") || "the cell";
    return {
      ok: false,
      message: `The hazard data's ${where} is missing or of the wrong kind (${issue?.message}); export a hazardous part to see the shape`,
    };
  }
  return { ok: true, fields: hazardFields(shape.data as HazardData) };
}
