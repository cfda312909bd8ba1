/**
 * Text as the database can store it: control characters (NUL above all, which PostgreSQL refuses
 * in text) become spaces. Applied to every free-text field and query a client sends.
 */
export function plainText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, " ");
}

/**
 * Text for a one-line field (a name, a company, an address line): plain, with line breaks and
 * tabs as single spaces, so that it cannot start a new line of an e-mail or a document.
 */
export function oneLine(text: string): string {
  return plainText(text).replace(/[\t\n\r\u0085\u2028\u2029]+/g, " ");
}

/**
 * Text a buyer writes for a person to read (a quote's lines, notes and comments): plain, without
 * the invisible characters that make it read otherwise than it is: direction overrides and
 * isolates (an unclosed U+202E turns the rest of a line round), and zero-width characters. The
 * marks a right-to-left text needs (U+200E, U+200F) stay.
 */
export function visibleText(text: string): string {
  return plainText(text).replace(/[\u200b-\u200d\u202a-\u202e\u2060-\u2069\ufeff]/g, "");
}
