// What a hazardous part carries (docs/decisions/hazardous-materials.md): its GHS classification and
// label elements, as its safety data sheet states them, and how it may be shipped (US DOT, 49 CFR).
// Shared by the product page and the checkout (the shipping note) and the server (the SDS, the
// shipment rule).

/** The nine GHS pictograms, by their codes, with the names the GHS gives them. */
export const GHS_PICTOGRAMS = {
  GHS01: "Exploding bomb",
  GHS02: "Flame",
  GHS03: "Flame over circle",
  GHS04: "Gas cylinder",
  GHS05: "Corrosion",
  GHS06: "Skull and crossbones",
  GHS07: "Exclamation mark",
  GHS08: "Health hazard",
  GHS09: "Environment",
} as const;
export type GhsPictogram = keyof typeof GHS_PICTOGRAMS;

export const isGhsPictogram = (code: string): code is GhsPictogram => Object.hasOwn(GHS_PICTOGRAMS, code);

/** A hazard (H) or precautionary (P) statement: its code and its text as the GHS writes it. */
export interface HazardStatement {
  code: string;
  text: string;
}

export interface Ingredient {
  name: string;
  /** The CAS Registry Number. */
  cas: string;
  /** By weight, as a range: "30-60%". */
  percent: string;
}

/** How the part ships under the US DOT Hazardous Materials Regulations. */
export interface HazmatTransport {
  /** "UN1950". */
  unNumber: string;
  /** "Aerosols, flammable". */
  properShippingName: string;
  /** "2.1", "3", "8". */
  hazardClass: string;
  /** None for aerosols and gases. */
  packingGroup: "I" | "II" | "III" | null;
  /** Small inner packagings that ship under the limited quantity exceptions (49 CFR 173.150 and others). */
  limitedQuantity: boolean;
}

export interface HazardData {
  signalWord: "Danger" | "Warning";
  pictograms: GhsPictogram[];
  /** Its hazard classes and categories: "Aerosols, Category 1". */
  classification: string[];
  hazardStatements: HazardStatement[];
  precautionaryStatements: HazardStatement[];
  ingredients: Ingredient[];
  /** "Aerosol", "Liquid", "Paste". */
  physicalState: string;
  /** Null when it is no hazardous material in transport (an irritant, say). */
  transport: HazmatTransport | null;
  /** The day its safety data was last revised, YYYY-MM-DD. */
  revised: string;
}

/**
 * How a part ships, said wherever it is bought: hazardous materials in transport go by ground
 * only, and the store says so; anything else ships as usual (undefined).
 */
export function hazmatShippingNote(transport: HazmatTransport | null | undefined): string | undefined {
  if (!transport) return undefined;
  return transport.limitedQuantity
    ? "Ships by ground only (hazardous material, limited quantity)"
    : "Ships by ground only (hazardous material)";
}

/** What a hazardous part's page says of it, worked out on the server so the page carries text, not rules. */
export interface HazardNoticeText {
  /** "Danger: hazardous material". */
  title: string;
  pictograms: { code: GhsPictogram; name: string }[];
  /** Its hazard statements, run together. */
  statements: string;
  /** How it ships and its DOT description; absent for a part that ships as usual. */
  shipping?: { note: string; description: string };
}

export function hazardNotice(hazard: HazardData): HazardNoticeText {
  const note = hazmatShippingNote(hazard.transport);
  return {
    title: `${hazard.signalWord}: hazardous material`,
    pictograms: hazard.pictograms.map((code) => ({ code, name: GHS_PICTOGRAMS[code] })),
    statements: hazard.hazardStatements.map((statement) => statement.text).join(" "),
    shipping: note && hazard.transport ? { note, description: hazmatDescription(hazard.transport) } : undefined,
  };
}

/** The DOT description as a shipping paper writes it: "UN1950, Aerosols, flammable, 2.1". */
export function hazmatDescription(transport: HazmatTransport): string {
  const parts = [transport.unNumber, transport.properShippingName, transport.hazardClass];
  if (transport.packingGroup) parts.push(`PG ${transport.packingGroup}`);
  return `${parts.join(", ")}${transport.limitedQuantity ? " (Limited Quantity)" : ""}`;
}
