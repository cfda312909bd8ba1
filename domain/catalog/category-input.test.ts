import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { attributeSchema, categorySchema } from "./category-input";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
const errorsOf = (schema: typeof categorySchema | typeof attributeSchema, fields: Record<string, string>) => {
  const submission = parseWithZod(form(fields), { schema });
  return submission.status === "success" ? {} : submission.error;
};

describe("the category editor's forms, as the browser sends them", () => {
  it("takes an entry without a description, unticked as hidden", () => {
    const submission = parseWithZod(form({ slug: "push-pins", name: "Push Pins", description: "", position: "5" }), {
      schema: categorySchema,
    });
    expect(submission.status === "success" && submission.value).toEqual({
      slug: "push-pins",
      name: "Push Pins",
      description: "",
      position: 5,
      active: false,
      unspsc: null,
    });
  });

  it("keeps a category's UNSPSC code as 8 digits, spaces dropped, and names a wrong one", () => {
    const submission = parseWithZod(
      form({ slug: "abrasives", name: "Abrasives", position: "1", unspsc: "3119 1500" }),
      {
        schema: categorySchema,
      },
    );
    expect(submission.status === "success" && submission.value.unspsc).toBe("31191500");
    expect(errorsOf(categorySchema, { slug: "abrasives", name: "Abrasives", position: "1", unspsc: "3119" })).toEqual({
      unspsc: ["A UNSPSC code is 8 digits, e.g. 31191500"],
    });
  });

  it("says what is wrong with an entry", () => {
    expect(
      errorsOf(categorySchema, { slug: "Push Pins", name: "", position: "-1", description: "x".repeat(501) }),
    ).toEqual({
      slug: ["The slug must be a slug of lower-case letters, digits and dashes, e.g. grinding-wheels"],
      name: ["Enter the name"],
      position: ["The position must be a whole number, 0 or more, e.g. 3"],
      description: ["The description can be at most 500 characters"],
    });
  });

  it("asks a number for its unit family and display unit, and a choice for its choices", () => {
    const base = { slug: "diameter", name: "Diameter", position: "1" };
    expect(errorsOf(attributeSchema, { ...base, kind: "number" })).toMatchObject({
      unitFamily: ["Choose the unit family of a number: length, angle, mass, volume, count, grit, speed, current"],
    });
    expect(
      errorsOf(attributeSchema, { ...base, kind: "number", unitFamily: "length", displayUnit: "furlong" }),
    ).toMatchObject({
      displayUnit: ["Choose the unit length is shown in: mm, in, cm, ft, m"],
    });
    expect(errorsOf(attributeSchema, { ...base, kind: "choice" })).toMatchObject({
      choices: ["Enter the choices, one a line"],
    });
    expect(errorsOf(attributeSchema, { ...base, kind: "choice", choices: "Resin\nresin" })).toMatchObject({
      choices: ["Each choice can be listed once"],
    });
    expect(errorsOf(attributeSchema, { ...base, kind: "text", unitFamily: "length" })).toMatchObject({
      unitFamily: ["Only a number has a unit family and a display unit"],
    });
    const grit = parseWithZod(form({ ...base, kind: "number", unitFamily: "grit" }), { schema: attributeSchema });
    expect(grit.status === "success" && grit.value).toMatchObject({
      unitFamily: "grit",
      displayUnit: null,
      choices: [],
    });
  });
});
