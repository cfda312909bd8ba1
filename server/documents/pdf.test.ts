import { extractText } from "unpdf";
import { describe, expect, it } from "vitest";
import { drawable, renderPdf } from "./pdf";

describe("drawable", () => {
  it.each([
    ["Hex Bolt M10 – 3/8″ ×2 €5 “ok”", "Hex Bolt M10 – 3/8? ×2 €5 “ok”"],
    ["漢字 💩", "?? ?"],
    ["\u202Egnp.exe\u200b\u200d\uFEFF", "gnp.exe"],
    ["Ünï Straße\nline two\u0007\u001b[31m", "Ünï Straße\nline two[31m"],
    ["e\u0301", "é"],
  ])("draws %j as %j", (text, expected) => {
    expect(drawable(text)).toBe(expected);
  });
});

describe("renderPdf", () => {
  it("writes a character the standard fonts lack as ?, not as the bytes of another", async () => {
    const pdf = await renderPdf("t", (writer) => writer.text("Part Ω-ÜNÎ 漢字 💩 \u202Eevil"));
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    expect(text).toContain("Part ?-ÜNÎ ?? ? evil");
    expect(text).not.toMatch(/Ø=Ü©/);
  });
});
