/**
 * The back office's editor for a product. The address names the part number with spaces and
 * slashes as dashes: the editor finds the product however its number is spelled (case, dashes,
 * spaces and dots do not count), and a slash would end the address's segment.
 */
export const productEditorPath = (partNumber: string) =>
  `/admin/products/${encodeURIComponent(partNumber.replace(/[\s/]+/g, "-"))}/edit`;
