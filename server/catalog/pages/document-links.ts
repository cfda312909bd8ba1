// How a product's documents are linked: the file names they are saved as, which stored documents a
// page may link to, and where its safety data sheet is (docs/decisions/hazardous-materials.md).

/** Text as a file name: letters, digits, dots, dashes and underscores. */
export const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "");

/**
 * Only a stored file or an https link: catalogues seeded before documents could be stored listed
 * some with no file ("url": ""), and no other kind of address belongs in a link.
 */
export const linkableDocument = (url: string) => /^\/media\/[0-9a-f]{24}\.pdf$|^https:\/\//.test(url);

/** The stable address of a product's SDS: the one drawn from its hazard data, or the one its operator uploaded. */
export const safetyDataSheetUrl = (slug: string) => `/safety-data-sheets/${slug}.pdf`;

/** Whether a document the operator stored is the product's safety data sheet, by its name ("SDS", "MSDS"). */
export const isSafetyDataSheet = (name: string) => /\bm?sds\b|safety data sheet/i.test(name);
