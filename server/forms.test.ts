import { describe, expect, it } from "vitest";
import { MAX_FORM_FIELDS, readForm } from "./forms";

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "read",
    async (error: unknown) => (error instanceof Response ? `${error.status} ${await error.text()}` : String(error)),
  );

describe("readForm", () => {
  it("refuses a form of more fields than any of the store's before parsing it, in either encoding", async () => {
    const parts = Array.from({ length: 200_000 }, () => '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n');
    const multipart = new Request("http://store.test/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: `${parts.join("")}--x--\r\n`,
    });
    expect(await refusal(readForm(multipart))).toBe("413 This form has more than 1,000 fields.");
    const urlencoded = new Request("http://store.test/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: Array.from({ length: MAX_FORM_FIELDS + 1 }, () => "a=b").join("&"),
    });
    expect(await refusal(readForm(urlencoded))).toBe("413 This form has more than 1,000 fields.");
  });

  it("reads a form of as many fields as it may have, and a file among them", async () => {
    const form = new FormData();
    for (let field = 1; field < MAX_FORM_FIELDS; field++) form.append(`f${field}`, "v");
    form.append("file", new Blob(["--x\r\n&&&"]), "list.csv");
    const read = await readForm(new Request("http://store.test/", { method: "POST", body: form }));
    expect([...read.keys()]).toHaveLength(MAX_FORM_FIELDS);
    expect(await (read.get("file") as File).text()).toBe("--x\r\n&&&");
    const urlencoded = new Request("http://store.test/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: Array.from({ length: MAX_FORM_FIELDS }, (_, n) => `f${n}=v`).join("&"),
    });
    expect([...(await readForm(urlencoded)).keys()]).toHaveLength(MAX_FORM_FIELDS);
  });

  it("refuses a Conform button that is not adding or removing a row of the form's own lists (Conform throws on one)", async () => {
    const posted = (intent: string) =>
      new Request("http://store.test/", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "a@example.com", __intent__: intent }),
      });
    const refused = "400 That button does not belong to this form. Please reload the page and try again.";
    const insert = JSON.stringify({ type: "insert", payload: { name: "tiers" } });
    for (const intent of ["x", "{}", "null", '{"type":"validate","payload":{"name":"email"}}', insert])
      expect(await refusal(readForm(posted(intent))), intent).toBe(refused);
    expect(await refusal(readForm(posted(insert), { lists: ["tiers"] }))).toBe("read");
    expect(await refusal(readForm(posted(insert), { lists: ["documents"] }))).toBe(refused);
  });

  it("drops a field named as one of the form's lists, whose rows are posted as name[0]", async () => {
    const posted = new Request("http://store.test/", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "relatedParts=x&relatedParts%5B0%5D=GW-45-001&name=Wheel",
    });
    const read = await readForm(posted, { lists: ["relatedParts"] });
    expect([...read]).toEqual([
      ["relatedParts[0]", "GW-45-001"],
      ["name", "Wheel"],
    ]);
  });
});
