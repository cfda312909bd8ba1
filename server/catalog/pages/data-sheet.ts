// Every product's data sheet, a PDF drawn from what the product page shows (name, part number,
// brand, description, key features, specifications, its first picture or its line drawing), made when first asked
// for and kept in memory until the product changes: the cache key is the hash of what is drawn.
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { findCategory, findSubcategory } from "../../../domain/catalog/category-tree";
import type { HazardData } from "../../../domain/catalog/hazards";
import { parseStoredImageUrl } from "../../../domain/catalog/product-images";
import { config } from "../../config";
import { renderPdf } from "../../documents/pdf";
import { mediaStorage } from "../../media/storage";
import { drawProduct } from "../drawings/line-drawings";
import { storefrontCategoryTree } from "../products/category-tree";
import { fileSafe, isSafetyDataSheet, linkableDocument, safetyDataSheetUrl } from "./document-links";
import { getProductBySlug } from "./product";

export interface DataSheetProduct {
  slug: string;
  name: string;
  partNumber: string;
  brand: string;
  category: string;
  subcategory: string;
  description: string;
  size: string;
  keyFeatures: string[];
  specifications: { name: string; value: string }[];
  images: string[];
}

export interface ProductDocument {
  name: string;
  url: string;
  /** The file name the browser saves it as. */
  filename: string;
}

export const dataSheetUrl = (slug: string) => `/data-sheets/${slug}.pdf`;

/**
 * The documents a product page lists: its data sheet, always; a hazardous part's safety data sheet
 * drawn from its hazard data, unless one was uploaded for it; then the ones uploaded for it.
 */
export function productDocuments(product: {
  slug: string;
  partNumber: string;
  documents: { name: string; url: string }[];
  hazard?: HazardData | null;
}): ProductDocument[] {
  const uploaded = product.documents.filter((document) => linkableDocument(document.url));
  const drawnSds = product.hazard && !uploaded.some((document) => isSafetyDataSheet(document.name));
  return [
    {
      name: "Product Data Sheet",
      url: dataSheetUrl(product.slug),
      filename: `${fileSafe(product.partNumber)}-data-sheet.pdf`,
    },
    ...(drawnSds
      ? [
          {
            name: "Safety Data Sheet (SDS)",
            url: safetyDataSheetUrl(product.slug),
            filename: `${fileSafe(product.partNumber)}-SDS.pdf`,
          },
        ]
      : []),
    ...uploaded.map((document) => ({
      ...document,
      filename: `${fileSafe(`${product.partNumber} ${document.name}`)}.pdf`,
    })),
  ];
}

/** The rows of the data sheet's specification table, as the product page lists them. */
export function specificationRows(product: DataSheetProduct): [string, string][] {
  return [
    ["Part Number", product.partNumber],
    ["Brand", product.brand],
    ...(product.size ? ([["Size", product.size]] as [string, string][]) : []),
    ...product.specifications.map(({ name, value }): [string, string] => [name, value]),
  ];
}

const PICTURE_POINTS = 170;

/** The product's first picture, or its line drawing, as a PNG for the PDF (pdfkit takes PNG and JPEG only). */
async function pictureFor(product: DataSheetProduct): Promise<Buffer | undefined> {
  const first = product.images[0];
  const stored = first ? parseStoredImageUrl(first) : undefined;
  if (stored && first) {
    const file = await mediaStorage().get(first.slice("/media/".length));
    if (!file) return undefined;
    const bytes = Buffer.from(await new Response(file.body).arrayBuffer());
    return sharp(bytes).resize({ width: 512, withoutEnlargement: true }).png().toBuffer();
  }
  // Drawn at twice its size, so its thin lines stay sharp when the PDF is printed.
  return sharp(Buffer.from(drawProduct(product)), { density: 192 })
    .png()
    .toBuffer();
}

/** Draws the data sheet. */
export async function renderDataSheet(product: DataSheetProduct): Promise<Buffer> {
  const { STORE_EMAIL, STORE_PHONE } = config();
  const category = findCategory(await storefrontCategoryTree(), product.category);
  const subcategory = category ? findSubcategory(category, product.subcategory) : undefined;
  const picture = await pictureFor(product);
  return renderPdf(`${product.name} (${product.partNumber}) Data Sheet`, (pdf) => {
    pdf.header("Product Data Sheet", { name: "Cascade Industrial Supply", email: STORE_EMAIL, phone: STORE_PHONE });
    const introduction = (width: number) => {
      pdf.doc.font("Helvetica-Bold").fontSize(14).text(product.name, { width }).moveDown(0.5);
      pdf.facts(
        [
          ["Part Number", product.partNumber],
          ["Brand", product.brand],
          ["Category", [category?.name ?? product.category, subcategory?.name].filter(Boolean).join(" › ")],
        ],
        width,
      );
      if (product.description) pdf.text(product.description, width);
    };
    if (picture) pdf.besidePicture(picture, PICTURE_POINTS, introduction);
    else introduction(pdf.doc.page.width - 100);
    if (product.keyFeatures.length > 0) {
      pdf.heading("Key Features");
      pdf.bullets(product.keyFeatures);
    }
    pdf.heading("Specifications");
    pdf.table(
      [
        { header: "Specification", width: 2 },
        { header: "Value", width: 3 },
      ],
      specificationRows(product),
    );
    pdf.text(
      `Specifications as listed in the Cascade Industrial Supply catalogue. Questions: ${STORE_PHONE} or ${STORE_EMAIL}.`,
    );
  });
}

export interface DataSheetFile {
  filename: string;
  content: Buffer;
  /** Changes when what the sheet shows changes. */
  etag: string;
}

// About 30 KB each: a few thousand recent sheets at most.
const sheets = new LRUCache<string, Buffer>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (content) => content.length,
});

/** The data sheet of the product with this slug, or undefined when there is none. */
export async function productDataSheet(slug: string): Promise<DataSheetFile | undefined> {
  const product = await getProductBySlug(slug, null);
  if (!product) return undefined;
  const shown: DataSheetProduct = {
    slug: product.slug,
    name: product.name,
    partNumber: product.partNumber,
    brand: product.brand,
    category: product.category,
    subcategory: product.subcategory,
    description: product.description,
    size: product.size,
    keyFeatures: product.keyFeatures,
    specifications: product.specifications,
    images: product.images,
  };
  const etag = createHash("sha256").update(JSON.stringify(shown)).digest("base64url").slice(0, 27);
  let content = sheets.get(etag);
  if (!content) {
    content = await renderDataSheet(shown);
    sheets.set(etag, content);
  }
  const [document] = productDocuments({ ...product, documents: [] });
  return { filename: document?.filename ?? `${slug}.pdf`, content, etag: `"${etag}"` };
}
