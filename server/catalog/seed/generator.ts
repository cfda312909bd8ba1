// The deterministic catalogue generator: the same size and seed always give the same products,
// in every subcategory of the seeded tree, with the attributes buyers filter on. Pure: it only
// computes rows; server/catalog/seed/seed.ts writes them. It writes no stars or review counts: those
// come only from buyers' reviews (docs/product-rules.md, Reviews and honest figures).
import type { products } from "../../db/schema";
import { seededHazard } from "./hazards";
import { ratedSpeed, type SubcategoryProfile, subcategoryProfiles } from "./profiles";
import { seededSale, seededUnitCents } from "./sale-units";

type NewProduct = typeof products.$inferInsert;

export interface GeneratedProduct {
  product: NewProduct & { partNumber: string; slug: string; name: string };
  tiers: { minQuantity: number; unitPrice: string }[];
}

export const DEFAULT_CATALOGUE_SIZE = 3_000;
export const DEFAULT_SEED = 20261123;

export const brands = [
  "Cascade Pro",
  "Ironridge",
  "Northwall",
  "Summit Industrial",
  "Tidewater",
  "Keystone Tool",
  "Red Alder Supply",
  "Basalt Works",
  "Puget Forge",
  "Timberline",
  "Osprey Industrial",
  "Granite Peak",
] as const;

/** Deterministic pseudo-random numbers (mulberry32), so every run writes the same catalogue. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Whether `text` is a slug as slugify makes them: lower-case letters and digits in runs joined by dashes. */
export const isSlug = (text: string) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(text);

/** A product's slug: its name and part number, so it is unique and readable. */
export const productSlug = (name: string, partNumber: string) => slugify(`${name}-${partNumber}`);

const fill = (template: string, attributes: Record<string, string>) =>
  template.replace(/\{([^}]+)\}/g, (_, key: string) => attributes[key] ?? "");

/** The products docs/product-rules.md names, always part of the catalogue. */
export const namedProducts: Omit<GeneratedProduct["product"], "slug" | "images" | "documents">[] = [
  {
    partNumber: "GW-45-001",
    name: "Grinding Wheel 4.5 in",
    brand: "Cascade Pro",
    category: "abrasives",
    subcategory: "grinding-wheels",
    size: "4.5 x 1/4 x 7/8 in",
    description: "Type 27 depressed-center grinding wheel for steel and stainless, 4.5 in x 1/4 in x 7/8 in arbor.",
    price: "12.99",
    stockLevel: 640,
    keyFeatures: [
      "Fast, cool cutting on steel and stainless",
      "Reinforced with double fiberglass",
      "Depressed center for flush grinding",
    ],
    specifications: {
      Diameter: "4.5 in",
      Thickness: "1/4 in",
      Arbor: "7/8 in",
      Type: "27",
      Grit: "24",
      "Max RPM": "13,300",
      Abrasive: "Aluminum Oxide",
    },
    oemNumbers: ["66252843609", "DW4514", "55-4521"],
  },
  {
    partNumber: "FD-80-001",
    name: "Flap Disc 80 Grit 4.5 in",
    brand: "Ironridge",
    category: "abrasives",
    subcategory: "flap-discs",
    size: "4.5 x 7/8 in",
    description: "Zirconia flap disc, 80 grit, Type 29 conical, for blending welds and removing stock.",
    price: "8.49",
    stockLevel: 920,
    keyFeatures: [
      "Zirconia grain for long life",
      "Type 29 conical for aggressive stock removal",
      "Grinds and finishes in one step",
    ],
    specifications: {
      Diameter: "4.5 in",
      Arbor: "7/8 in",
      Type: "29",
      Grit: "80",
      "Max RPM": "13,300",
      Abrasive: "Zirconia Alumina",
    },
    oemNumbers: ["66623399324", "DW8308"],
  },
  {
    partNumber: "CW-45-045",
    name: "Cut-Off Wheel 4.5 x .045 in",
    brand: "Summit Industrial",
    category: "abrasives",
    subcategory: "cut-off-wheels",
    size: "4.5 x .045 x 7/8 in",
    description: "Thin aluminum-oxide cut-off wheel for fast, clean cuts in steel, 4.5 in x .045 in x 7/8 in arbor.",
    price: "2.45",
    stockLevel: 2847,
    keyFeatures: [
      "Thin .045 in kerf for fast, clean cuts",
      "Low burr on steel and stainless",
      "Bulk pricing from 100 wheels",
    ],
    specifications: {
      Diameter: "4.5 in",
      Thickness: ".045 in",
      Arbor: "7/8 in",
      Type: "1",
      Grit: "60",
      "Max RPM": "13,300",
      Abrasive: "Aluminum Oxide",
    },
    oemNumbers: ["66252843553", "DW8062"],
  },
  // Issue 34's samples of the order rules (docs/decisions/units-of-sale.md), not featured: a part
  // sold by the piece in multiples of 25, and one sold by the foot with a minimum.
  {
    partNumber: "PPN-25-008",
    name: "Push Pin Rivet 8 mm Hole, 20 mm Head, Nylon",
    brand: "Tidewater",
    category: "automotive",
    subcategory: "push-pins",
    size: "8 mm",
    description: "Nylon push-type retainer for door panels and splash shields, sold loose in multiples of 25.",
    price: "0.18",
    stockLevel: 5000,
    featured: false,
    orderMultiple: 25,
    keyFeatures: ["Sold loose in multiples of 25", "Snaps into an 8 mm hole", "Nylon 6/6, resists fluids"],
    specifications: { "Hole Size": "8 mm", "Head Diameter": "20 mm", Length: "15 mm" },
    oemNumbers: [],
  },
  {
    partNumber: "LOM-50-FT",
    name: "Split Loom Tubing 1/2 in, Cut to Length",
    brand: "Keystone Tool",
    category: "electrical",
    subcategory: "loom",
    size: "1/2 in",
    description: "Polyethylene split loom tubing cut from the reel to the length ordered, at least 10 feet.",
    price: "0.39",
    stockLevel: 2500,
    featured: false,
    unit: "FT",
    minOrderQuantity: 10,
    keyFeatures: ["Cut to the length ordered", "Minimum order 10 feet", "Split for easy wire entry"],
    specifications: { Diameter: "1/2 in", Type: "Split Loom" },
    oemNumbers: [],
  },
];

/**
 * The sample product's bulk tiers, on CW-45-045. The spec's "quantity 1 at 2.45" is its price, which
 * the product page lists first: a bulk tier starts at 2 units, so the price of one is no tier.
 */
export const sampleTiers = [
  { minQuantity: 100, unitPrice: "1.98" },
  { minQuantity: 500, unitPrice: "1.75" },
  { minQuantity: 1000, unitPrice: "1.55" },
];

interface Slot {
  category: string;
  subcategory: string;
  profile: SubcategoryProfile;
  count: number;
}

/** How many products each subcategory gets: by weight, at least one each (largest remainders). */
export function catalogPlan(size: number): Slot[] {
  const slots = Object.entries(subcategoryProfiles).map(([subcategory, profile]) => ({
    category: profile.category,
    subcategory,
    profile,
    count: 1,
  }));
  const spare = Math.max(0, size - slots.length);
  const totalWeight = slots.reduce((sum, slot) => sum + slot.profile.weight, 0);
  const shares = slots.map((slot) => (spare * slot.profile.weight) / totalWeight);
  for (const [i, slot] of slots.entries()) slot.count += Math.floor(shares[i] ?? 0);
  let left = Math.max(slots.length, size) - slots.reduce((sum, slot) => sum + slot.count, 0);
  const byRemainder = shares
    .map((share, i) => ({ i, rest: share - Math.floor(share) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left-- <= 0) break;
    const slot = slots[i];
    if (slot) slot.count += 1;
  }
  return slots;
}

const origins = ["USA", "Imported"] as const;

/** Abrasive wheels and discs list their rated speed, as their labels do. */
const listsRatedSpeed = (category: string, subcategory: string) =>
  category === "abrasives" && /disc|wheel/.test(subcategory);

/**
 * Every value the generator may write under each specification key, per subcategory, keys in the
 * order products show them: what the seeded attribute definitions are derived from.
 */
export function specificationValues(): Map<string, Map<string, string[]>> {
  const written = new Map<string, Map<string, string[]>>();
  const add = (subcategory: string, key: string, value: string) => {
    const keys = written.get(subcategory) ?? written.set(subcategory, new Map()).get(subcategory);
    const values = keys?.get(key) ?? keys?.set(key, []).get(key);
    if (values && !values.includes(value)) values.push(value);
  };
  for (const [subcategory, profile] of Object.entries(subcategoryProfiles)) {
    for (const [key, values] of Object.entries(profile.attributes))
      for (const value of values) add(subcategory, key, value);
    if (!listsRatedSpeed(profile.category, subcategory)) continue;
    for (const diameter of profile.attributes.Diameter ?? []) {
      const rpm = ratedSpeed(diameter);
      if (rpm) add(subcategory, "Max RPM", rpm);
    }
  }
  for (const named of namedProducts)
    for (const [key, value] of Object.entries(named.specifications ?? {})) add(named.subcategory, key, value);
  for (const subcategory of Object.keys(subcategoryProfiles))
    for (const origin of origins) add(subcategory, "Country of Origin", origin);
  return written;
}

/** Generated part numbers: the subcategory's prefix and a six-digit serial from 100001. */
export const generatedPartNumber = (profile: SubcategoryProfile, serial: number) =>
  `${profile.prefix}-${100000 + serial}`;

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

/** A price in cents within the range, ending in 9 as shelf prices do. */
function priceCents(random: () => number, [low, high]: [number, number]): number {
  const lowCents = Math.round(low * 100);
  const span = Math.round(high * 100) - lowCents;
  // Skewed towards the low end: most parts are the everyday sizes.
  const cents = lowCents + Math.floor(span * random() ** 2);
  return Math.max(9, cents - (cents % 10) + 9);
}

const centsToString = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** Tiered prices off the list price: whole cents, each tier cheaper than the one before. */
function bulkTiers(random: () => number, cents: number): GeneratedProduct["tiers"] {
  const breaks = pick(random, [
    [10, 50, 100],
    [25, 100, 250],
    [100, 500, 1000],
  ]);
  const discounts = [8, 15, 22];
  return breaks.map((minQuantity, i) => ({
    minQuantity,
    unitPrice: centsToString(Math.floor((cents * (100 - (discounts[i] ?? 0)) + 50) / 100)),
  }));
}

function oemNumber(random: () => number, format: string) {
  return format.replace(/[A9]/g, (c) =>
    c === "A" ? String.fromCharCode(65 + Math.floor(random() * 26)) : String(Math.floor(random() * 10)),
  );
}

function generatedProduct(slot: Slot, serial: number, seed: number): GeneratedProduct {
  const { profile } = slot;
  // One stream per product, so any product can be rebuilt without the ones before it.
  const random = seededRandom(seed ^ Math.imul(serial, 0x9e3779b1) ^ Math.imul(hash(slot.subcategory), 0x85ebca6b));
  const attributes: Record<string, string> = {};
  for (const [key, values] of Object.entries(profile.attributes)) attributes[key] = pick(random, values);
  const rpm = listsRatedSpeed(slot.category, slot.subcategory) ? ratedSpeed(attributes.Diameter) : undefined;
  if (rpm) attributes["Max RPM"] = rpm;
  const brand = pick(random, brands);
  const partNumber = generatedPartNumber(profile, serial);
  const name = fill(profile.name, attributes).replace(/\s+,/g, ",").trim();
  const cents = seededUnitCents(slot.subcategory, attributes, priceCents(random, profile.price));
  const outOfStock = random() < 0.12;
  const featurePool = [...profile.features];
  const keyFeatures = [
    ...Object.entries(attributes)
      .slice(0, 2)
      .map(([key, value]) => `${key}: ${value}`),
  ];
  while (keyFeatures.length < 5 && featurePool.length > 0) {
    const [feature] = featurePool.splice(Math.floor(random() * featurePool.length), 1);
    if (feature) keyFeatures.push(feature);
  }
  const related = [1, 2, -1, 3]
    .map((offset) => serial + offset)
    .filter((n) => n >= 1 && n <= slot.count)
    .slice(0, 3)
    .map((n) => generatedPartNumber(profile, n));
  const oemFormats = profile.oem ?? ["AA-99999"];
  return {
    product: {
      slug: productSlug(name, partNumber),
      partNumber,
      name,
      brand,
      category: slot.category,
      subcategory: slot.subcategory,
      size: profile.size ? fill(profile.size, attributes) : "",
      description: `${name} from ${brand}, built for trade and industrial use. Meets or exceeds OEM specifications.`,
      price: centsToString(cents),
      ...seededSale(slot.subcategory, attributes),
      stockLevel: outOfStock ? 0 : 1 + Math.floor(random() ** 1.5 * 3000),
      // No pictures of its own: each part shows its line drawing, made from these attributes.
      images: [],
      keyFeatures,
      specifications: { ...attributes, "Country of Origin": random() < 0.45 ? origins[0] : origins[1] },
      oemNumbers: Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
        oemNumber(random, pick(random, oemFormats)),
      ),
      // Every product's data sheet is drawn from its entry (data-sheet.ts), and a hazardous part's
      // safety data sheet from its hazard data; stored documents are added by operators.
      documents: [],
      hazard: seededHazard(slot.subcategory, attributes),
      relatedProducts: related,
    },
    tiers: random() < 0.4 ? bulkTiers(random, cents) : [],
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The whole catalogue, product by product (a generator, so 100,000 products never sit in memory
 * at once). The named products come first and count towards their subcategory's share.
 */
export function* generateCatalog({
  size = DEFAULT_CATALOGUE_SIZE,
  seed = DEFAULT_SEED,
}: {
  size?: number;
  seed?: number;
} = {}): Generator<GeneratedProduct> {
  const plan = catalogPlan(size);
  for (const named of namedProducts) {
    const slot = plan.find((s) => s.subcategory === named.subcategory);
    if (!slot) continue;
    slot.count -= 1;
    yield {
      product: {
        featured: true,
        ...named,
        slug: productSlug(named.name, named.partNumber),
        images: [],
        documents: [],
        relatedProducts: [1, 2, 3].filter((n) => n <= slot.count).map((n) => generatedPartNumber(slot.profile, n)),
      },
      tiers: named.partNumber === "CW-45-045" ? sampleTiers : [],
    };
  }
  for (const slot of plan) {
    for (let serial = 1; serial <= slot.count; serial++) yield generatedProduct(slot, serial, seed);
  }
}
