// Formula injection through the store's spreadsheets (OWASP, "CSV Injection"): a cell starting with
// =, +, -, @, a tab or a carriage return is read as a formula by the spreadsheet that opens the
// file, so `=HYPERLINK(...)` or `+cmd|...` typed into a product would run on the admin's computer.
// Such a cell is written with a single quote before it, which spreadsheets read as "this is text";
// an import takes that quote off again, so exporting and importing the file changes nothing. A cell
// that starts with a quote gets one more, so that the import's rule has no exception; a number
// (-4, -0.5) is a number, left as it is.
const FORMULA_START = /^[=+\-@\t\r']/;
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

const quoted = (cell: string) => FORMULA_START.test(cell) && !NUMBER.test(cell);

/** A cell as an export writes it: text a spreadsheet would run as a formula gets a leading quote. */
export const exportedCell = (cell: string) => (quoted(cell) ? `'${cell}` : cell);

/** A cell as an import reads it: the quote an export put before it taken off. */
export const importedCell = (cell: string) => (cell.startsWith("'") && quoted(cell.slice(1)) ? cell.slice(1) : cell);
