// The hazard data the seeded catalogue's chemicals and other hazardous parts carry: a small table of
// product kinds (flammable aerosols, solvents, paints, adhesives, corrosives, irritants) with their
// GHS classification, label elements and statements as the GHS and OSHA's HazCom 2012 (29 CFR
// 1910.1200, Appendix C) write them, typical ingredients with their CAS numbers, and their US DOT
// description. Which parts are which is read from their subcategory and attributes.

import type {
  GhsPictogram,
  HazardData,
  HazardStatement,
  HazmatTransport,
  Ingredient,
} from "../../../domain/catalog/hazards";
import { parseMeasure } from "../../../domain/catalog/units";

const H: Record<string, string> = {
  H222: "Extremely flammable aerosol.",
  H225: "Highly flammable liquid and vapor.",
  H226: "Flammable liquid and vapor.",
  H227: "Combustible liquid.",
  H229: "Pressurized container: may burst if heated.",
  H290: "May be corrosive to metals.",
  H302: "Harmful if swallowed.",
  H304: "May be fatal if swallowed and enters airways.",
  H314: "Causes severe skin burns and eye damage.",
  H315: "Causes skin irritation.",
  H317: "May cause an allergic skin reaction.",
  H319: "Causes serious eye irritation.",
  H332: "Harmful if inhaled.",
  H334: "May cause allergy or asthma symptoms or breathing difficulties if inhaled.",
  H335: "May cause respiratory irritation.",
  H336: "May cause drowsiness or dizziness.",
  H351: "Suspected of causing cancer.",
  H373: "May cause damage to organs through prolonged or repeated exposure.",
  H411: "Toxic to aquatic life with long lasting effects.",
  H412: "Harmful to aquatic life with long lasting effects.",
};

const P: Record<string, string> = {
  P102: "Keep out of reach of children.",
  P210: "Keep away from heat, hot surfaces, sparks, open flames and other ignition sources. No smoking.",
  P211: "Do not spray on an open flame or other ignition source.",
  P233: "Keep container tightly closed.",
  P234: "Keep only in original packaging.",
  P240: "Ground and bond container and receiving equipment.",
  P251: "Do not pierce or burn, even after use.",
  P260: "Do not breathe dust/fume/gas/mist/vapors/spray.",
  P261: "Avoid breathing dust/fume/gas/mist/vapors/spray.",
  P264: "Wash hands thoroughly after handling.",
  P270: "Do not eat, drink or smoke when using this product.",
  P271: "Use only outdoors or in a well-ventilated area.",
  P272: "Contaminated work clothing should not be allowed out of the workplace.",
  P273: "Avoid release to the environment.",
  P280: "Wear protective gloves/protective clothing/eye protection/face protection.",
  P284: "In case of inadequate ventilation wear respiratory protection.",
  "P301+P310": "IF SWALLOWED: Immediately call a POISON CENTER/doctor.",
  "P301+P312": "IF SWALLOWED: Call a POISON CENTER/doctor if you feel unwell.",
  "P301+P330+P331": "IF SWALLOWED: Rinse mouth. Do NOT induce vomiting.",
  "P302+P352": "IF ON SKIN: Wash with plenty of water.",
  "P303+P361+P353":
    "IF ON SKIN (or hair): Take off immediately all contaminated clothing. Rinse skin with water or shower.",
  "P304+P340": "IF INHALED: Remove person to fresh air and keep comfortable for breathing.",
  "P305+P351+P338":
    "IF IN EYES: Rinse cautiously with water for several minutes. Remove contact lenses, if present and easy to do. Continue rinsing.",
  "P308+P313": "IF exposed or concerned: Get medical advice/attention.",
  P312: "Call a POISON CENTER/doctor if you feel unwell.",
  P314: "Get medical advice/attention if you feel unwell.",
  "P333+P313": "If skin irritation or rash occurs: Get medical advice/attention.",
  "P337+P313": "If eye irritation persists: Get medical advice/attention.",
  "P342+P311": "If experiencing respiratory symptoms: Call a POISON CENTER/doctor.",
  "P370+P378": "In case of fire: Use dry chemical, CO2 or foam to extinguish.",
  P390: "Absorb spillage to prevent material damage.",
  P391: "Collect spillage.",
  "P403+P233": "Store in a well-ventilated place. Keep container tightly closed.",
  "P403+P235": "Store in a well-ventilated place. Keep cool.",
  P405: "Store locked up.",
  "P410+P412": "Protect from sunlight. Do not expose to temperatures exceeding 50 °C/122 °F.",
  P501: "Dispose of contents/container in accordance with local, regional, national and international regulations.",
};

const statements = (table: Record<string, string>, codes: string[]): HazardStatement[] =>
  codes.map((code) => {
    const text = table[code];
    if (!text) throw new Error(`No text for ${code}`);
    return { code, text };
  });

/** A DOT entry; the largest inner packaging that still ships as a limited quantity, in millilitres. */
interface Shipping extends Omit<HazmatTransport, "limitedQuantity"> {
  limitedQuantityUpToMl: number;
}

interface HazardKind {
  signalWord: HazardData["signalWord"];
  pictograms: GhsPictogram[];
  classification: string[];
  h: string[];
  p: string[];
  ingredients: Ingredient[];
  physicalState: string;
  shipping: Shipping | null;
}

const ingredient = (name: string, cas: string, percent: string): Ingredient => ({ name, cas, percent });
const acetone = (percent: string) => ingredient("Acetone", "67-64-1", percent);
const propane = (percent: string) => ingredient("Propane", "74-98-6", percent);
const butane = (percent: string) => ingredient("n-Butane", "106-97-8", percent);
const heptane = (percent: string) => ingredient("n-Heptane", "142-82-5", percent);

// 49 CFR 173.306 (aerosols up to 1 L), 173.150 (flammable liquids: 1 L in packing group II, 5 L in
// III) and 173.154 (corrosive liquids: 1 L in packing group II).
const flammableAerosol: Shipping = {
  unNumber: "UN1950",
  properShippingName: "Aerosols, flammable",
  hazardClass: "2.1",
  packingGroup: null,
  limitedQuantityUpToMl: 1_000,
};

const aerosolPrecautions = [
  "P210",
  "P211",
  "P251",
  "P261",
  "P271",
  "P280",
  "P304+P340",
  "P305+P351+P338",
  "P312",
  "P410+P412",
  "P501",
];

const kinds = {
  paintAerosol: {
    signalWord: "Danger",
    pictograms: ["GHS02", "GHS07"],
    classification: [
      "Aerosols, Category 1",
      "Serious eye damage/eye irritation, Category 2A",
      "Specific target organ toxicity (single exposure), Category 3: narcotic effects",
    ],
    h: ["H222", "H229", "H319", "H336"],
    p: aerosolPrecautions,
    ingredients: [acetone("20-40%"), propane("10-30%"), butane("5-15%"), ingredient("Xylene", "1330-20-7", "1-10%")],
    physicalState: "Aerosol",
    shipping: flammableAerosol,
  },
  lubricantAerosol: {
    signalWord: "Danger",
    pictograms: ["GHS02", "GHS07"],
    classification: [
      "Aerosols, Category 1",
      "Specific target organ toxicity (single exposure), Category 3: narcotic effects",
    ],
    h: ["H222", "H229", "H336"],
    p: aerosolPrecautions,
    ingredients: [
      ingredient("Distillates (petroleum), hydrotreated light", "64742-47-8", "40-70%"),
      propane("10-30%"),
      butane("10-30%"),
    ],
    physicalState: "Aerosol",
    shipping: flammableAerosol,
  },
  cleanerAerosol: {
    signalWord: "Danger",
    pictograms: ["GHS02", "GHS07", "GHS09"],
    classification: [
      "Aerosols, Category 1",
      "Skin corrosion/irritation, Category 2",
      "Serious eye damage/eye irritation, Category 2A",
      "Specific target organ toxicity (single exposure), Category 3: narcotic effects",
      "Hazardous to the aquatic environment (chronic), Category 2",
    ],
    h: ["H222", "H229", "H315", "H319", "H336", "H411"],
    p: [...aerosolPrecautions.slice(0, -1), "P273", "P302+P352", "P391", "P501"],
    ingredients: [acetone("30-60%"), heptane("10-30%"), ingredient("Carbon dioxide", "124-38-9", "1-5%")],
    physicalState: "Aerosol",
    shipping: flammableAerosol,
  },
  flammablePaint: {
    signalWord: "Danger",
    pictograms: ["GHS02", "GHS07", "GHS08"],
    classification: [
      "Flammable liquids, Category 3",
      "Aspiration hazard, Category 1",
      "Skin corrosion/irritation, Category 2",
      "Specific target organ toxicity (single exposure), Category 3: narcotic effects",
      "Specific target organ toxicity (repeated exposure), Category 2",
    ],
    h: ["H226", "H304", "H315", "H336", "H373"],
    p: [
      "P210",
      "P233",
      "P240",
      "P260",
      "P280",
      "P301+P310",
      "P303+P361+P353",
      "P370+P378",
      "P403+P235",
      "P405",
      "P501",
    ],
    ingredients: [
      ingredient("Stoddard solvent", "8052-41-3", "20-40%"),
      ingredient("Xylene", "1330-20-7", "5-10%"),
      ingredient("Ethylbenzene", "100-41-4", "1-5%"),
    ],
    physicalState: "Liquid",
    shipping: {
      unNumber: "UN1263",
      properShippingName: "Paint",
      hazardClass: "3",
      packingGroup: "III",
      limitedQuantityUpToMl: 5_000,
    },
  },
  contactCement: {
    signalWord: "Danger",
    pictograms: ["GHS02", "GHS07", "GHS08", "GHS09"],
    classification: [
      "Flammable liquids, Category 2",
      "Aspiration hazard, Category 1",
      "Skin corrosion/irritation, Category 2",
      "Serious eye damage/eye irritation, Category 2A",
      "Specific target organ toxicity (single exposure), Category 3: narcotic effects",
      "Specific target organ toxicity (repeated exposure), Category 2",
      "Hazardous to the aquatic environment (chronic), Category 2",
    ],
    h: ["H225", "H304", "H315", "H319", "H336", "H373", "H411"],
    p: [
      "P210",
      "P233",
      "P240",
      "P261",
      "P273",
      "P280",
      "P301+P310",
      "P303+P361+P353",
      "P370+P378",
      "P403+P235",
      "P501",
    ],
    ingredients: [
      ingredient("n-Hexane", "110-54-3", "30-60%"),
      acetone("10-30%"),
      ingredient("Toluene", "108-88-3", "5-10%"),
    ],
    physicalState: "Liquid",
    shipping: {
      unNumber: "UN1133",
      properShippingName: "Adhesives",
      hazardClass: "3",
      packingGroup: "II",
      limitedQuantityUpToMl: 1_000,
    },
  },
  flammableSolvent: {
    signalWord: "Danger",
    pictograms: ["GHS02", "GHS07", "GHS08", "GHS09"],
    classification: [
      "Flammable liquids, Category 2",
      "Aspiration hazard, Category 1",
      "Skin corrosion/irritation, Category 2",
      "Serious eye damage/eye irritation, Category 2A",
      "Specific target organ toxicity (single exposure), Category 3: narcotic effects",
      "Hazardous to the aquatic environment (chronic), Category 2",
    ],
    h: ["H225", "H304", "H315", "H319", "H336", "H411"],
    p: [
      "P210",
      "P233",
      "P240",
      "P261",
      "P273",
      "P280",
      "P301+P310",
      "P303+P361+P353",
      "P370+P378",
      "P403+P235",
      "P501",
    ],
    ingredients: [acetone("40-70%"), heptane("20-40%")],
    physicalState: "Liquid",
    shipping: {
      unNumber: "UN1993",
      properShippingName: "Flammable liquid, n.o.s. (acetone, heptane)",
      hazardClass: "3",
      packingGroup: "II",
      limitedQuantityUpToMl: 1_000,
    },
  },
  partsWasherSolvent: {
    signalWord: "Danger",
    pictograms: ["GHS02", "GHS07", "GHS08"],
    classification: [
      "Flammable liquids, Category 3",
      "Aspiration hazard, Category 1",
      "Specific target organ toxicity (single exposure), Category 3: narcotic effects",
    ],
    h: ["H226", "H304", "H336"],
    p: ["P210", "P233", "P240", "P261", "P280", "P301+P310", "P304+P340", "P370+P378", "P403+P235", "P405", "P501"],
    ingredients: [ingredient("Distillates (petroleum), hydrotreated light", "64742-47-8", "90-100%")],
    physicalState: "Liquid",
    shipping: {
      unNumber: "UN1268",
      properShippingName: "Petroleum distillates, n.o.s.",
      hazardClass: "3",
      packingGroup: "III",
      limitedQuantityUpToMl: 5_000,
    },
  },
  causticDegreaser: {
    signalWord: "Danger",
    pictograms: ["GHS05"],
    classification: [
      "Corrosive to metals, Category 1",
      "Skin corrosion/irritation, Category 1B",
      "Serious eye damage/eye irritation, Category 1",
    ],
    h: ["H290", "H314"],
    p: [
      "P234",
      "P260",
      "P264",
      "P280",
      "P301+P330+P331",
      "P303+P361+P353",
      "P304+P340",
      "P305+P351+P338",
      "P390",
      "P405",
      "P501",
    ],
    ingredients: [
      ingredient("Sodium hydroxide", "1310-73-2", "5-10%"),
      ingredient("2-Butoxyethanol", "111-76-2", "5-10%"),
    ],
    physicalState: "Liquid",
    shipping: {
      unNumber: "UN1719",
      properShippingName: "Caustic alkali liquid, n.o.s. (sodium hydroxide)",
      hazardClass: "8",
      packingGroup: "II",
      limitedQuantityUpToMl: 1_000,
    },
  },
  citrusCleaner: {
    signalWord: "Warning",
    pictograms: ["GHS07"],
    classification: [
      "Skin corrosion/irritation, Category 2",
      "Serious eye damage/eye irritation, Category 2A",
      "Skin sensitization, Category 1",
    ],
    h: ["H315", "H317", "H319", "H412"],
    p: ["P261", "P264", "P272", "P273", "P280", "P302+P352", "P305+P351+P338", "P333+P313", "P501"],
    ingredients: [ingredient("d-Limonene", "5989-27-5", "10-30%"), ingredient("2-Butoxyethanol", "111-76-2", "1-5%")],
    physicalState: "Liquid",
    shipping: null,
  },
  waterDegreaser: {
    signalWord: "Warning",
    pictograms: ["GHS07"],
    classification: ["Skin corrosion/irritation, Category 2", "Serious eye damage/eye irritation, Category 2A"],
    h: ["H315", "H319"],
    p: ["P264", "P280", "P302+P352", "P305+P351+P338", "P337+P313"],
    ingredients: [
      ingredient("2-Butoxyethanol", "111-76-2", "1-5%"),
      ingredient("Sodium metasilicate", "6834-92-0", "1-5%"),
    ],
    physicalState: "Liquid",
    shipping: null,
  },
  antifreeze: {
    signalWord: "Warning",
    pictograms: ["GHS07", "GHS08"],
    classification: [
      "Acute toxicity (oral), Category 4",
      "Specific target organ toxicity (repeated exposure), Category 2: kidney",
    ],
    h: ["H302", "H373"],
    p: ["P102", "P260", "P264", "P270", "P301+P312", "P314", "P501"],
    ingredients: [
      ingredient("Ethylene glycol", "107-21-1", "90-100%"),
      ingredient("Diethylene glycol", "111-46-6", "1-5%"),
    ],
    physicalState: "Liquid",
    shipping: null,
  },
  cyanoacrylate: {
    signalWord: "Warning",
    pictograms: ["GHS07"],
    classification: [
      "Skin corrosion/irritation, Category 2",
      "Serious eye damage/eye irritation, Category 2A",
      "Specific target organ toxicity (single exposure), Category 3: respiratory tract irritation",
    ],
    h: ["H315", "H319", "H335"],
    p: ["P261", "P264", "P271", "P280", "P302+P352", "P304+P340", "P305+P351+P338", "P312"],
    ingredients: [ingredient("Ethyl 2-cyanoacrylate", "7085-85-0", "80-100%")],
    physicalState: "Liquid",
    shipping: null,
  },
  epoxy: {
    signalWord: "Warning",
    pictograms: ["GHS07", "GHS09"],
    classification: [
      "Skin corrosion/irritation, Category 2",
      "Serious eye damage/eye irritation, Category 2A",
      "Skin sensitization, Category 1",
      "Hazardous to the aquatic environment (chronic), Category 2",
    ],
    h: ["H315", "H317", "H319", "H411"],
    p: ["P261", "P272", "P273", "P280", "P302+P352", "P305+P351+P338", "P333+P313", "P391", "P501"],
    ingredients: [ingredient("Bisphenol A-epichlorohydrin polymer", "25068-38-6", "30-60%")],
    physicalState: "Paste",
    shipping: null,
  },
  polyurethaneAdhesive: {
    signalWord: "Danger",
    pictograms: ["GHS07", "GHS08"],
    classification: [
      "Respiratory sensitization, Category 1",
      "Skin sensitization, Category 1",
      "Carcinogenicity, Category 2",
      "Specific target organ toxicity (repeated exposure), Category 2",
    ],
    h: ["H317", "H334", "H351", "H373"],
    p: ["P260", "P272", "P280", "P284", "P302+P352", "P304+P340", "P308+P313", "P333+P313", "P342+P311", "P501"],
    ingredients: [ingredient("Polymeric diphenylmethane diisocyanate", "9016-87-9", "1-5%")],
    physicalState: "Paste",
    shipping: null,
  },
  threadlocker: {
    signalWord: "Warning",
    pictograms: ["GHS07"],
    classification: ["Skin sensitization, Category 1", "Serious eye damage/eye irritation, Category 2A"],
    h: ["H317", "H319", "H412"],
    p: ["P261", "P272", "P273", "P280", "P302+P352", "P305+P351+P338", "P333+P313", "P501"],
    ingredients: [
      ingredient("Polyglycol dimethacrylate", "25852-47-5", "60-100%"),
      ingredient("Cumene hydroperoxide", "80-15-9", "1-5%"),
      ingredient("Saccharin", "81-07-2", "1-5%"),
    ],
    physicalState: "Liquid",
    shipping: null,
  },
  fuelTreatment: {
    signalWord: "Danger",
    pictograms: ["GHS08"],
    classification: ["Flammable liquids, Category 4", "Aspiration hazard, Category 1"],
    h: ["H227", "H304"],
    p: ["P210", "P280", "P301+P310", "P370+P378", "P403+P235", "P405", "P501"],
    ingredients: [ingredient("Distillates (petroleum), hydrotreated heavy naphthenic", "64742-52-5", "60-100%")],
    physicalState: "Liquid",
    shipping: null,
  },
} satisfies Record<string, HazardKind>;

type Kind = keyof typeof kinds;

/** Which kind a seeded part is, from its subcategory and attributes; undefined: no hazard. */
function kindOf(subcategory: string, attributes: Readonly<Record<string, string>>): Kind | undefined {
  const product = attributes.Product ?? attributes.Type ?? "";
  const size = attributes.Size ?? "";
  const byOunce = /\boz\b/i.test(size);
  switch (subcategory) {
    case "mro-spray-paint":
    case "marking-paint":
      return "paintAerosol";
    case "primers":
      return /aerosol/i.test(size) ? "paintAerosol" : "flammablePaint";
    case "aerosol":
      return product === "Contact Cleaner" ? "cleanerAerosol" : "lubricantAerosol";
    case "cleaners":
      if (product === "Brake Cleaner") return byOunce ? "cleanerAerosol" : "flammableSolvent";
      if (product === "Degreaser") return byOunce ? "cleanerAerosol" : "waterDegreaser";
      if (product === "Parts Washer Solvent") return "partsWasherSolvent";
      if (product === "Citrus Cleaner") return "citrusCleaner";
      return undefined;
    case "bulk-chemicals":
      if (product === "Degreaser Concentrate") return "causticDegreaser";
      return product === "Antifreeze" ? "antifreeze" : undefined;
    case "adhesives":
      return (
        {
          "Contact Cement": "contactCement",
          Cyanoacrylate: "cyanoacrylate",
          "Two-Part Epoxy": "epoxy",
          "Polyurethane Adhesive": "polyurethaneAdhesive",
        } as const
      )[product];
    case "permatex":
      return /threadlocker/i.test(product) ? "threadlocker" : undefined;
    case "lucas-oil":
      return product === "Fuel Treatment" ? "fuelTreatment" : undefined;
    case "tire-repair":
      return product === "Vulcanizing Cement" ? "contactCement" : undefined;
    default:
      return undefined;
  }
}

/** How much one container holds, from a size such as "12 oz Aerosol" or "5 gal Pail"; undefined when not said. */
function containerMl(size: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(fl oz|oz|qt|gal|ml|l)\b/i.exec(size.trim());
  if (!match) return undefined;
  const read = parseMeasure(`${match[1]} ${match[2]}`, "volume");
  return read.ok ? read.value : undefined;
}

export const HAZARD_DATA_REVISED = "2026-11-23";

/** The hazard data a seeded part carries, or null for a part that is not hazardous. */
export function seededHazard(subcategory: string, attributes: Readonly<Record<string, string>>): HazardData | null {
  const name = kindOf(subcategory, attributes);
  if (!name) return null;
  const kind: HazardKind = kinds[name];
  let transport: HazmatTransport | null = null;
  if (kind.shipping) {
    const { limitedQuantityUpToMl, ...entry } = kind.shipping;
    const ml = containerMl(attributes.Size ?? "");
    // A container of unknown size ships as fully regulated: the safe reading.
    transport = { ...entry, limitedQuantity: ml !== undefined && ml <= limitedQuantityUpToMl };
  }
  return {
    signalWord: kind.signalWord,
    pictograms: kind.pictograms,
    classification: kind.classification,
    hazardStatements: statements(H, kind.h),
    precautionaryStatements: statements(P, kind.p),
    ingredients: kind.ingredients,
    physicalState: kind.physicalState,
    transport,
    revised: HAZARD_DATA_REVISED,
  };
}
