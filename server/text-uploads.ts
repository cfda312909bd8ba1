// Uploaded lists and price files are read as UTF-8 text. Excel's "Unicode Text" and some ERP
// exports write UTF-16 instead: every other byte is zero, which read as UTF-8 looks like binary
// data. Such a file is named for what it is, so the buyer knows what to change.

export const UTF16_MESSAGE =
  "This file is UTF-16 text, which is not read here: save it as UTF-8 (in Excel, CSV UTF-8) and upload it again.";

const UTF16_MARKS = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];

/** Whether a file's first bytes, or its text as read as UTF-8, start with a UTF-16 byte-order mark. */
export function isUtf16(start: Buffer | string): boolean {
  // As UTF-8, each of the mark's two bytes is an invalid sequence, read as U+FFFD.
  if (typeof start === "string") return start.startsWith("\uFFFD\uFFFD");
  return UTF16_MARKS.some((mark) => start.subarray(0, 2).equals(mark));
}
