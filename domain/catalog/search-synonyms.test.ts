import { describe, expect, it } from "vitest";
import { synonymActionSchema, synonymPhrases } from "./search-synonyms";

const id = "5f1c0a52-7d55-4c1d-9a49-0c3c1e0f8a11";

describe("synonym groups as the operator writes them", () => {
  it("reads one line of phrases: lower case, single spaces, each once", () => {
    expect(synonymPhrases(" SS ,  Stainless   Steel,ss, ,stainless")).toEqual(["ss", "stainless steel", "stainless"]);
    expect(synonymPhrases("\u0000hss,\thigh speed steel")).toEqual(["hss", "high speed steel"]);
  });

  it("takes add, save and delete with their fields", () => {
    expect(synonymActionSchema.parse({ intent: "add", phrases: "ppe, personal protective equipment" })).toEqual({
      intent: "add",
      phrases: ["ppe", "personal protective equipment"],
    });
    expect(synonymActionSchema.parse({ intent: "save", id, phrases: "ao, aluminum oxide" })).toMatchObject({ id });
    expect(synonymActionSchema.parse({ intent: "delete", id })).toEqual({ intent: "delete", id });
  });

  it.each([
    [
      { intent: "add", phrases: "ss" },
      "Enter at least two different phrases, separated by commas, e.g. ss, stainless steel",
    ],
    [
      { intent: "add", phrases: "ss, SS" },
      "Enter at least two different phrases, separated by commas, e.g. ss, stainless steel",
    ],
    [
      { intent: "add", phrases: "ss, <script>" },
      "Use letters, digits, spaces and . & + ' / - in a phrase, starting with a letter or digit",
    ],
    [{ intent: "add", phrases: `ss, ${"x".repeat(61)}` }, "Keep each phrase to at most 60 characters"],
    [
      { intent: "add", phrases: Array.from({ length: 11 }, (_, i) => `p${i}`).join(",") },
      "A group has at most 10 phrases",
    ],
    [{ intent: "add" }, "Enter at least two phrases, separated by commas"],
    [{ intent: "save", id: "1", phrases: "a, b" }, "That synonym group does not exist"],
    [{ intent: "drop", id }, "Choose to add, save or delete a synonym group"],
  ])("refuses %j with a message", (input, message) => {
    const result = synonymActionSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
