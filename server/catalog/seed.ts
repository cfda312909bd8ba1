// The starter catalogue written on first start: the products DECISIONS.md names, plus a few
// believable products in every subcategory so that every listing has something to show.
import { count } from "drizzle-orm";
import { categories } from "../../app/lib/navigation";
import type { Database } from "../db/client";
import { productBulkTiers, products } from "../db/schema";

type NewProduct = typeof products.$inferInsert;

const brands = ["Cascade Pro", "Ironridge", "Northwall", "Summit Industrial", "Tidewater", "Keystone Tool"];

/** Deterministic pseudo-random numbers (mulberry32), so every seed writes the same catalogue. */
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

const standardDocuments = [
  { name: "Product Data Sheet", url: "" },
  { name: "Safety Data Sheet", url: "" },
];

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const namedProductDetails: Omit<NewProduct, "slug">[] = [
  {
    partNumber: "GW-45-001",
    name: "Grinding Wheel 4.5 in",
    brand: "Cascade Pro",
    category: "abrasives",
    subcategory: "grinding-wheels",
    description: "Type 27 depressed-center grinding wheel for steel and stainless, 4.5 in x 1/4 in x 7/8 in arbor.",
    price: "12.99",
    stockLevel: 640,
    rating: "4.6",
    reviewCount: 128,
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
      Abrasive: "Aluminum oxide",
    },
    oemNumbers: ["66252843609", "DW4514", "55-4521"],
  },
  {
    partNumber: "FD-80-001",
    name: "Flap Disc 80 Grit 4.5 in",
    brand: "Ironridge",
    category: "abrasives",
    subcategory: "flap-discs",
    description: "Zirconia flap disc, 80 grit, Type 29 conical, for blending welds and removing stock.",
    price: "8.49",
    stockLevel: 920,
    rating: "4.4",
    reviewCount: 86,
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
      Abrasive: "Zirconia alumina",
    },
    oemNumbers: ["66623399324", "DW8308"],
  },
  {
    partNumber: "CW-45-045",
    name: "Cut-Off Wheel 4.5 x .045 in",
    brand: "Summit Industrial",
    category: "abrasives",
    subcategory: "cut-off-wheels",
    description: "Thin aluminum-oxide cut-off wheel for fast, clean cuts in steel, 4.5 in x .045 in x 7/8 in arbor.",
    price: "2.45",
    stockLevel: 2847,
    rating: "4.8",
    reviewCount: 342,
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
      Abrasive: "Aluminum oxide",
    },
    oemNumbers: ["66252843553", "DW8062"],
  },
];

const namedProducts: NewProduct[] = namedProductDetails.map((product) => ({
  ...product,
  slug: slugify(`${product.name}-${product.partNumber}`),
  documents: standardDocuments,
}));

function starterProducts(): NewProduct[] {
  const random = seededRandom(20261123);
  const generated: NewProduct[] = [];
  for (const category of categories) {
    for (const [subIndex, subcategory] of category.subcategories.entries()) {
      for (let n = 1; n <= 4; n++) {
        const brand = brands[Math.floor(random() * brands.length)] ?? "Cascade Pro";
        const prefix = subcategory.slug
          .split("-")
          .map((word) => word[0])
          .join("")
          .toUpperCase();
        const partNumber = `${prefix}-${String(subIndex + 1).padStart(2, "0")}${n}-${category.slug.slice(0, 2).toUpperCase()}`;
        const grade = ["Standard", "Heavy Duty", "Premium", "Contractor"][n - 1];
        const name = `${subcategory.label} ${grade}`;
        const outOfStock = random() < 0.1;
        generated.push({
          slug: slugify(`${name}-${partNumber}`),
          partNumber,
          name,
          brand,
          category: category.slug,
          subcategory: subcategory.slug,
          description: `${grade} ${subcategory.label.toLowerCase()} from ${brand}, built for daily shop and field use.`,
          price: (2 + random() * 148).toFixed(2),
          stockLevel: outOfStock ? 0 : Math.floor(random() * 1500) + 5,
          rating: (3 + random() * 2).toFixed(1),
          reviewCount: Math.floor(random() * 400),
          keyFeatures: [
            `${grade} construction for daily shop and field use`,
            `Meets or exceeds OEM specifications`,
            `Backed by the ${brand} full warranty`,
          ],
          specifications: {
            Brand: brand,
            Grade: grade ?? "Standard",
            "Pack Quantity": String([1, 5, 10, 25][n - 1]),
            "Country of Origin": random() < 0.4 ? "USA" : "Imported",
          },
          oemNumbers: [`${prefix}${Math.floor(random() * 900000 + 100000)}`],
          documents: standardDocuments,
        });
      }
    }
  }
  return generated;
}

/** Writes the starter catalogue when the products table is empty; returns how many it wrote. */
export async function seedCatalogIfEmpty(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(products);
  if ((row?.total ?? 0) > 0) return 0;
  const all = [...namedProducts, ...starterProducts()];
  await db.transaction(async (tx) => {
    const written = await tx
      .insert(products)
      .values(all)
      .returning({ id: products.id, partNumber: products.partNumber });
    const sample = written.find((product) => product.partNumber === "CW-45-045");
    if (sample) {
      // The spec's sample bulk tiers.
      await tx.insert(productBulkTiers).values(
        [
          [1, "2.45"],
          [100, "1.98"],
          [500, "1.75"],
          [1000, "1.55"],
        ].map(([minQuantity, unitPrice]) => ({
          productId: sample.id,
          minQuantity: Number(minQuantity),
          unitPrice: String(unitPrice),
        })),
      );
    }
  });
  return all.length;
}
