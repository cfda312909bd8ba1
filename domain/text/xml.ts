// Text written into an XML document (sitemaps, drawn pictures, the merchant feed): the five marked-up
// characters escaped, and the characters XML 1.0 cannot hold at all (C0 controls other than tab and
// line breaks, lone surrogates, U+FFFE and U+FFFF) left out, since a single one makes the whole file
// unreadable to its consumer.

const entities: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" };
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML forbids are what it finds.
const notXmlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const loneSurrogates = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const escapeXml = (text: string) =>
  text
    .replace(notXmlCharacters, "")
    .replace(loneSurrogates, "")
    .replace(/[<>&'"]/g, (c) => entities[c] ?? c);
