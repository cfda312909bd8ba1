// The store's category tree: the header menu, /shop, listings and the catalogue seed all read
// it. Entries that had no link get slugs from their labels (docs/product-rules.md, Catalogue).
export interface Subcategory {
  slug: string;
  label: string;
}

export interface Category {
  slug: string;
  label: string;
  subcategories: Subcategory[];
}

const sub = (slug: string, label: string): Subcategory => ({ slug, label });

export const categories: Category[] = [
  {
    slug: "cutting-tools",
    label: "Cutting Tools",
    subcategories: [
      sub("fractional-drill-bits", "Fractional Drill Bits"),
      sub("number-drill-bits", "Number Drill Bits"),
      sub("letter-drill-bits", "Letter Drill Bits"),
      sub("broach-cutters", "Broach Cutters"),
      sub("tap-and-dies", "Tap and Dies"),
      sub("step-bits", "Step Bits"),
      sub("reamers", "Reamers"),
      sub("extractors", "Extractors"),
      sub("drill-tap-combos", "Drill Tap Combos"),
      sub("aircraft-bits", "Aircraft Bits"),
      sub("reciprocating-blades", "Reciprocating Blades"),
      sub("hole-saws", "Hole Saws"),
      sub("hacksaw-blades", "Hacksaw Blades"),
      sub("hole-saw-kits", "Hole Saw Kits"),
      sub("circular-saw-blades", "Circular Saw Blades"),
    ],
  },
  {
    slug: "abrasives",
    label: "Abrasives",
    subcategories: [
      sub("sanding-belts", "Sanding Belts"),
      sub("grinding-wheels", "Grinding Wheels"),
      sub("sandpaper-sheets", "Sandpaper Sheets"),
      sub("cutting-discs", "Cutting Discs"),
      sub("flap-discs", "Flap Discs"),
      sub("wire-brushes", "Wire Brushes"),
      sub("grinding-discs", "Grinding Discs"),
      sub("roloc-grinding-discs", "Roloc Grinding Discs"),
      sub("reconditioning-discs", "Reconditioning Discs"),
      sub("mini-flap-discs", "Mini Flap Discs"),
      sub("psa-discs", "PSA Discs"),
      sub("cut-off-wheels", "Cut-Off Wheels"),
      sub("hand-pads", "Hand Pads"),
    ],
  },
  {
    slug: "paint",
    label: "Paint",
    subcategories: [
      sub("mro-spray-paint", "MRO Spray Paint"),
      sub("primers", "Primers"),
      sub("marking-paint", "Marking Paint"),
    ],
  },
  {
    slug: "chemicals",
    label: "Chemicals",
    subcategories: [
      sub("aerosol", "Aerosol"),
      sub("grease", "Grease"),
      sub("adhesives", "Adhesives"),
      sub("permatex", "Permatex"),
      sub("lucas-oil", "Lucas Oil"),
      sub("cleaners", "Cleaners"),
      sub("bulk-chemicals", "Bulk Chemicals"),
    ],
  },
  {
    slug: "shop-supplies",
    label: "Shop Supplies",
    subcategories: [
      sub("shop-rags", "Shop Rags"),
      sub("paper-towels", "Paper Towels"),
      sub("disposable-gloves", "Disposable Gloves"),
      sub("trash-bags", "Trash Bags"),
    ],
  },
  {
    slug: "automotive",
    label: "Automotive",
    subcategories: [
      sub("clips", "Body Clips"),
      sub("fasteners", "Fasteners"),
      sub("retainers", "Retainers"),
      sub("trim-clips", "Trim Clips"),
      sub("push-pins", "Push Pins"),
    ],
  },
  {
    slug: "tire-supplies",
    label: "Tire Supplies",
    subcategories: [
      sub("tire-repair", "Tire Repair"),
      sub("valve-stems", "Valve Stems"),
      sub("tire-tools", "Tire Tools"),
      sub("wheel-weights", "Wheel Weights"),
    ],
  },
  {
    slug: "hazmat",
    label: "Hazmat",
    subcategories: [
      sub("spill-kits", "Spill Kits"),
      sub("safety-cabinets", "Safety Cabinets"),
      sub("containment", "Containment"),
      sub("labels-signs", "Labels & Signs"),
    ],
  },
  {
    slug: "hand-tools",
    label: "Hand Tools",
    subcategories: [
      sub("wrenches", "Wrenches"),
      sub("screwdrivers", "Screwdrivers"),
      sub("pliers", "Pliers"),
      sub("hammers", "Hammers"),
    ],
  },
  {
    slug: "electrical",
    label: "Electrical",
    subcategories: [
      sub("wire-cable", "Wire & Cable"),
      sub("connectors", "Connectors"),
      sub("fuses", "Fuses"),
      sub("loom", "Loom"),
      sub("battery-lugs", "Battery Lugs"),
      sub("cable-ties", "Cable Ties"),
      sub("electrical-tape", "Electrical Tape"),
      sub("conduit", "Conduit"),
    ],
  },
  {
    slug: "storage",
    label: "Storage",
    subcategories: [
      sub("bins-boxes", "Bins & Boxes"),
      sub("shelving", "Shelving"),
      sub("cabinets", "Cabinets"),
      sub("flam-cabinets", "Flam Cabinets"),
      sub("tool-storage", "Tool Storage"),
    ],
  },
  {
    slug: "safety",
    label: "Safety",
    subcategories: [
      sub("gloves", "Gloves"),
      sub("eye-protection", "Eye Protection"),
      sub("hearing-protection", "Hearing Protection"),
      sub("respiratory", "Respiratory"),
      sub("hi-vis", "Hi-Vis"),
      sub("first-aid", "First Aid"),
    ],
  },
];

export function findCategory(slug: string | undefined): Category | undefined {
  return categories.find((category) => category.slug === slug);
}

export function findSubcategory(category: Category, slug: string | undefined): Subcategory | undefined {
  return category.subcategories.find((subcategory) => subcategory.slug === slug);
}

/** A listing's title: hyphens to spaces, each word capitalised. */
export function titleFromSlug(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
