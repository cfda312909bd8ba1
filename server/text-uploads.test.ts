import { describe, expect, it } from "vitest";
import { isUtf16 } from "./text-uploads";

const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("part,qty\r\n", "utf16le")]);
const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from("part,qty", "utf16le").swap16()]);

describe("isUtf16", () => {
  it("knows a UTF-16 file by its byte-order mark, little- or big-endian, as bytes or as text read as UTF-8", () => {
    expect(isUtf16(utf16le)).toBe(true);
    expect(isUtf16(utf16be)).toBe(true);
    expect(isUtf16(utf16le.toString("utf8"))).toBe(true);
    expect(isUtf16(new TextDecoder().decode(utf16be))).toBe(true);
  });

  it("takes UTF-8, with or without its own mark, for what it is", () => {
    expect(isUtf16(Buffer.from("part,qty"))).toBe(false);
    expect(isUtf16(Buffer.from("\uFEFFpart,qty"))).toBe(false);
    expect(isUtf16("\uFEFFpart,qty")).toBe(false);
    expect(isUtf16("")).toBe(false);
  });
});
