// A hazardous part's safety data sheet: a PDF in the 16-section layout of the GHS and OSHA's HazCom
// 2012 (29 CFR 1910.1200, Appendix D), its hazard pictograms drawn, every section made from the
// hazard data the part carries (docs/decisions/hazardous-materials.md). Drawn when asked for and
// kept in memory under the hash of what it shows, as data sheets are. An SDS the operator uploaded
// for the part (a document named as one) replaces it.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { findCategory, findSubcategory } from "../../../domain/catalog/category-tree";
import {
  GHS_PICTOGRAMS,
  type HazardData,
  type HazardStatement,
  hazmatDescription,
  hazmatShippingNote,
} from "../../../domain/catalog/hazards";
import { config } from "../../config";
import { DIAMOND, DIAMOND_RED, PICTOGRAM_SYMBOLS } from "../../documents/ghs-pictograms";
import { type PdfWriter, renderPdf } from "../../documents/pdf";
import type { SheetFile } from "../../documents/public-pdf";
import { storefrontCategoryTree } from "../products/category-tree";
import { fileSafe, isSafetyDataSheet, linkableDocument } from "./document-links";
import { getProductBySlug } from "./product";

/** The 16 sections, titled as OSHA's Appendix D to 29 CFR 1910.1200 lists them. */
export const SDS_SECTIONS = [
  "Identification",
  "Hazard(s) identification",
  "Composition/information on ingredients",
  "First-aid measures",
  "Fire-fighting measures",
  "Accidental release measures",
  "Handling and storage",
  "Exposure controls/personal protection",
  "Physical and chemical properties",
  "Stability and reactivity",
  "Toxicological information",
  "Ecological information",
  "Disposal considerations",
  "Transport information",
  "Regulatory information",
  "Other information, including date of preparation or last revision",
] as const;

export interface SdsProduct {
  name: string;
  partNumber: string;
  brand: string;
  /** The subcategory's name: what the part is used for. */
  use: string;
  hazard: HazardData;
}

const byCode = (statements: HazardStatement[], pattern: RegExp) =>
  statements.filter((statement) => pattern.test(statement.code));
const lines = (statements: HazardStatement[]) => statements.map(({ code, text }) => `${code}: ${text}`);
const has = (statements: HazardStatement[], code: string) => statements.some((statement) => statement.code === code);

/** Who supplies the part: the store, as its settings name it. */
export interface SdsSupplier {
  email: string;
  phone: string;
  address: string[];
}

/** What each section says, from the hazard data alone (so the sheet follows the data). */
function sections(product: SdsProduct, store: SdsSupplier): string[][] {
  const { hazard } = product;
  const h = hazard.hazardStatements;
  const p = hazard.precautionaryStatements;
  const flammable = h.some((statement) => /^H22[2-7]$/.test(statement.code));
  const aquatic = byCode(h, /^H4/);
  const health = byCode(h, /^H3/);
  const transport = hazard.transport;
  return [
    [
      `Product identifier: ${product.name}`,
      `Part number: ${product.partNumber}`,
      `Brand: ${product.brand}`,
      `Recommended use: ${product.use}. Restrictions on use: for professional and industrial use only.`,
      `Supplier: Cascade Industrial Supply, ${store.address.join(", ")}. Telephone ${store.phone}, ${store.email}.`,
      `Emergency telephone: ${store.phone} (business hours); in a medical emergency call 911 or Poison Control, 1-800-222-1222.`,
    ],
    [],
    [],
    [
      ...lines(byCode(p, /^P3(0[1-9]|1[0-5]|3[2-9]|4[0-2])/)),
      health.length > 0
        ? `Most important symptoms and effects: ${health.map((statement) => statement.text).join(" ")}`
        : "No symptoms or effects known beyond those of section 2.",
    ],
    [
      flammable
        ? "Suitable extinguishing media: dry chemical, carbon dioxide (CO2) or alcohol-resistant foam. Do not use a solid stream of water."
        : "Suitable extinguishing media: those suited to the surrounding fire.",
      ...(has(h, "H229") ? ["Specific hazards: pressurized containers may burst when heated and rocket."] : []),
      ...(flammable ? ["Specific hazards: vapors may travel to a source of ignition and flash back."] : []),
      "Hazardous combustion products: carbon monoxide and carbon dioxide.",
      "Firefighters: wear self-contained breathing apparatus and full protective gear.",
      ...lines(byCode(p, /^P37/)),
    ],
    [
      ...(flammable ? ["Remove all sources of ignition; ventilate the area."] : []),
      "Wear the personal protection of section 8. Keep unprotected people away.",
      "Contain the spill and absorb it with inert material (sand, earth, vermiculite); collect it in closed containers for disposal (section 13).",
      aquatic.length > 0 ? "Keep out of drains, sewers and waterways." : "Do not flush into drains.",
      ...lines(byCode(p, /^P39/)),
    ],
    [...lines(byCode(p, /^P2/).filter((statement) => !/^P28[0-5]$/.test(statement.code))), ...lines(byCode(p, /^P4/))],
    [
      "Engineering controls: general ventilation; local exhaust where vapors or mists form.",
      ...lines(byCode(p, /^P28[0-5]$/)),
      "Exposure limits: see OSHA Tables Z-1 to Z-3 (29 CFR 1910.1000) for the ingredients of section 3.",
    ],
    [
      `Physical state: ${hazard.physicalState}`,
      `Flammability: ${hazard.classification.filter((line) => /flammable|aerosol/i.test(line)).join("; ") || "not classified as flammable"}`,
    ],
    [
      "Chemical stability: stable under the storage conditions of section 7.",
      ...(has(h, "H229") ? ["Conditions to avoid: heat above 50 °C (122 °F), sparks and open flames."] : []),
      ...(has(h, "H290") || has(h, "H314")
        ? ["Incompatible materials: acids; reactive metals such as aluminum and zinc."]
        : ["Incompatible materials: strong oxidizing agents."]),
      "Hazardous decomposition products: none under normal use.",
    ],
    [
      "Likely routes of exposure: inhalation, skin contact, eye contact, ingestion.",
      ...(health.length > 0 ? lines(health) : ["Not classified for health hazards."]),
    ],
    aquatic.length > 0 ? lines(aquatic) : ["Not classified as hazardous to the aquatic environment."],
    [
      ...(lines(byCode(p, /^P5/)).length > 0
        ? lines(byCode(p, /^P5/))
        : ["Dispose of contents and container in accordance with local, state and federal regulations."]),
      ...(has(h, "H229") ? ["Do not puncture or incinerate containers, even when empty."] : []),
    ],
    transport
      ? [
          `UN number: ${transport.unNumber}`,
          `UN proper shipping name: ${transport.properShippingName}`,
          `Transport hazard class: ${transport.hazardClass}`,
          `Packing group: ${transport.packingGroup ?? "none"}`,
          `Limited quantity: ${transport.limitedQuantity ? "yes" : "no"}`,
          `US DOT description: ${hazmatDescription(transport)}`,
          `${hazmatShippingNote(transport)}.`,
        ]
      : ["Not regulated as a hazardous material for transport (US DOT, 49 CFR)."],
    [
      "OSHA: hazardous under the Hazard Communication Standard (29 CFR 1910.1200).",
      ...(transport
        ? ["US DOT: its shipment is subject to the Hazardous Materials Regulations (49 CFR parts 171-180)."]
        : []),
    ],
    [
      `Date of preparation or last revision: ${hazard.revised}`,
      `Prepared by Cascade Industrial Supply from the hazard data of part ${product.partNumber}.`,
      "The information above is believed correct but is given without warranty; users must decide whether it suits their own use.",
    ],
  ];
}

/** Section 2's label elements: classification, signal word, pictograms drawn, statements. */
function hazardIdentification(pdf: PdfWriter, hazard: HazardData) {
  pdf.text(`Classification: ${hazard.classification.join("; ")}`);
  pdf.text(`Signal word: ${hazard.signalWord}`);
  pdf.figures(
    48,
    hazard.pictograms.map((code) => ({
      caption: `${code} ${GHS_PICTOGRAMS[code]}`,
      draw: (doc) => {
        doc.path(DIAMOND).lineWidth(6).lineJoin("miter").fillAndStroke("#ffffff", DIAMOND_RED);
        doc.path(PICTOGRAM_SYMBOLS[code]).fill("#000000", "even-odd");
      },
    })),
  );
  pdf.text("Hazard statements:");
  pdf.bullets(lines(hazard.hazardStatements));
  pdf.text("Precautionary statements:");
  pdf.bullets(lines(hazard.precautionaryStatements));
}

/** Draws the safety data sheet. */
export function renderSafetyDataSheet(product: SdsProduct, supplier: SdsSupplier): Promise<Buffer> {
  const written = sections(product, supplier);
  return renderPdf(`${product.name} (${product.partNumber}) Safety Data Sheet`, (pdf) => {
    pdf.header("Safety Data Sheet", {
      name: "Cascade Industrial Supply",
      email: supplier.email,
      phone: supplier.phone,
    });
    pdf.doc.font("Helvetica-Bold").fontSize(14).text(product.name).moveDown(0.3);
    pdf.facts([
      ["Part Number", product.partNumber],
      ["Revision date", product.hazard.revised],
    ]);
    SDS_SECTIONS.forEach((title, index) => {
      pdf.heading(`Section ${index + 1}. ${title}`);
      if (index === 1) hazardIdentification(pdf, product.hazard);
      else if (index === 2)
        pdf.table(
          [
            { header: "Chemical name", width: 4 },
            { header: "CAS number", width: 2 },
            { header: "Concentration (% by weight)", width: 2, align: "right" },
          ],
          product.hazard.ingredients.map((ingredient) => [ingredient.name, ingredient.cas, ingredient.percent]),
        );
      else pdf.bullets(written[index] ?? []);
    });
  });
}

/** Where the part's SDS is: an uploaded document (its URL), the drawn one, or none for a part without hazard data. */
export type SafetyDataSheetAnswer = { kind: "uploaded"; url: string } | { kind: "drawn"; sheet: SheetFile } | undefined;

// About 20 KB each.
const sheets = new LRUCache<string, Buffer>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (content) => content.length,
});

/** The SDS of the product with this slug. */
export async function productSafetyDataSheet(slug: string): Promise<SafetyDataSheetAnswer> {
  const product = await getProductBySlug(slug, null);
  if (!product) return undefined;
  const uploaded = product.documents.find(
    (document) => isSafetyDataSheet(document.name) && linkableDocument(document.url),
  );
  if (uploaded) return { kind: "uploaded", url: uploaded.url };
  if (!product.hazard) return undefined;
  const category = findCategory(await storefrontCategoryTree(), product.category);
  const shown: SdsProduct = {
    name: product.name,
    partNumber: product.partNumber,
    brand: product.brand,
    use: (category && findSubcategory(category, product.subcategory)?.name) ?? product.subcategory,
    hazard: product.hazard,
  };
  const etag = createHash("sha256").update(JSON.stringify(shown)).digest("base64url").slice(0, 27);
  let content = sheets.get(etag);
  if (!content) {
    const { STORE_EMAIL, STORE_PHONE, STORE_RETURN_TO } = config();
    // The warehouse's address, without the store's name and the returns department's line.
    const address = STORE_RETURN_TO.filter((line) => line !== "Cascade Industrial Supply" && !/return/i.test(line));
    content = await renderSafetyDataSheet(shown, { email: STORE_EMAIL, phone: STORE_PHONE, address });
    sheets.set(etag, content);
  }
  return {
    kind: "drawn",
    sheet: { filename: `${fileSafe(product.partNumber)}-SDS.pdf`, content, etag: `"${etag}"` },
  };
}
