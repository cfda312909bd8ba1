import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { apiScopes, createApiKeySchema, roleMayUse } from "./api-keys";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return parseWithZod(data, { schema: createApiKeySchema });
};

describe("an API key's scopes", () => {
  it.each([
    ["admin", ["catalog:read", "orders:read", "addresses:read", "orders:write"]],
    ["buyer", ["catalog:read", "orders:read", "addresses:read", "orders:write"]],
    ["approver", ["catalog:read", "orders:read", "addresses:read"]],
    ["viewer", ["catalog:read", "orders:read", "addresses:read"]],
  ] as const)("are capped by what the maker's role may do: a %s may use %j", (role, allowed) => {
    expect(apiScopes.filter((scope) => roleMayUse(role, scope))).toEqual(allowed);
  });

  it("are chosen on the key form: one, several (in the page's order, each once), never none or an unknown one", () => {
    const one = form([
      ["name", "ERP"],
      ["scopes", "orders:read"],
    ]);
    expect(one.status === "success" && one.value).toEqual({ name: "ERP", scopes: ["orders:read"] });
    const several = form([
      ["name", "ERP"],
      ["scopes", "orders:write"],
      ["scopes", "catalog:read"],
      ["scopes", "orders:write"],
    ]);
    expect(several.status === "success" && several.value.scopes).toEqual(["catalog:read", "orders:write"]);
    const errors = (entries: [string, string][]) => {
      const submission = form(entries);
      return submission.status === "error" ? submission.error : undefined;
    };
    expect(errors([["name", "ERP"]])).toEqual({ scopes: ["Choose at least one thing the key may do"] });
    expect(
      errors([
        ["name", "ERP"],
        ["scopes", "orders:delete"],
      ]),
    ).toEqual({ "scopes[0]": ["Choose what the key may do from the list"] });
  });
});
