import { readFileSync } from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { StoreError } from "../errors";
import { hashSecret, secretMatches } from "./connections";
import { at, childrenOf, cxmlResponse, MAX_CXML_BYTES, parseCxmlRequest, punchOutOrderMessage, textOf } from "./cxml";
import { parseSetupRequest } from "./cxml-endpoint";
import { amountCents, parseOrderRequest } from "./order-requests";

const sample = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../test/punchout", name), "utf8");

function refusal(run: () => unknown): StoreError {
  try {
    run();
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error("It was accepted.");
}

describe("reading cXML", () => {
  it("reads a setup request with the standard DOCTYPE, its credentials and what it asks for", () => {
    const document = parseCxmlRequest(sample("setup-request.xml"));
    expect(document.payloadId).toBe("1733130000000.4242.setup@procurement.example");
    expect(document.from).toEqual([{ domain: "NetworkID", identity: "AN01000000001", sharedSecret: undefined }]);
    expect(document.sender[0]?.sharedSecret).toBe("punchout-shared-secret");
    expect(document.request.name).toBe("PunchOutSetupRequest");
    expect(parseSetupRequest(document.request.node)).toEqual({
      operation: "create",
      buyerCookie: "cookie-4242-acme",
      returnUrl: "https://procurement.example/punchout/return",
      lines: [],
    });
  });

  it("reads the lines an edit sends back by their SupplierPartAuxiliaryID", () => {
    const { node } = parseCxmlRequest(sample("edit-setup-request.xml")).request;
    expect(parseSetupRequest(node)).toMatchObject({
      operation: "edit",
      lines: [
        { partNumber: "GW-45-001", quantity: 3 },
        { partNumber: "FD-80-001", quantity: 2 },
      ],
    });
  });

  it("refuses a DOCTYPE that declares entities, before parsing, and never expands one", () => {
    const error = refusal(() => parseCxmlRequest(sample("entity-bomb.xml")));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/declares entities/);
  });

  it("refuses malformed XML, an empty body and an oversized one, saying what is wrong", () => {
    expect(refusal(() => parseCxmlRequest("<cXML><Header></cXML>")).message).toMatch(/not well-formed XML.*line 1/);
    expect(refusal(() => parseCxmlRequest("")).message).toMatch(/no body/);
    expect(refusal(() => parseCxmlRequest(`<cXML>${"x".repeat(MAX_CXML_BYTES)}</cXML>`)).message).toMatch(
      /larger than/,
    );
    expect(refusal(() => parseCxmlRequest("<Other/>")).message).toMatch(/root element must be <cXML>/);
  });

  it("decodes XML's own entities in text", () => {
    const document = parseCxmlRequest(
      sample("setup-request.xml").replace("cookie-4242-acme", "a &amp; b &lt;c&gt; &#65;"),
    );
    expect(parseSetupRequest(document.request.node).buyerCookie).toBe("a & b <c> A");
  });

  it("refuses a setup without BuyerCookie, with an unknown operation or a return URL that is not http(s)", () => {
    const node = (xml: string) => parseCxmlRequest(xml).request.node;
    const setup = sample("setup-request.xml");
    expect(refusal(() => parseSetupRequest(node(setup.replace(/<BuyerCookie>.*<\/BuyerCookie>/, "")))).message).toMatch(
      /no BuyerCookie/,
    );
    expect(
      refusal(() => parseSetupRequest(node(setup.replace('operation="create"', 'operation="delete"')))).message,
    ).toMatch(/create, edit or inspect/);
    expect(
      refusal(() => parseSetupRequest(node(setup.replace("https://procurement.example", "javascript:alert(1)//"))))
        .message,
    ).toMatch(/BrowserFormPost URL/);
  });
});

describe("reading an OrderRequest", () => {
  const orderNode = (xml = sample("order-request.xml")) => parseCxmlRequest(xml).request.node;

  it("takes the PO number, the addresses and each line with its stated price", () => {
    const order = parseOrderRequest(orderNode());
    expect(order.orderId).toBe("PO-2026-0042");
    expect(order.shipTo.address).toMatchObject({
      line1: "400 Industrial Way",
      line2: "Building C",
      city: "Tacoma",
      state: "WA",
      zip: "98402",
    });
    expect(order.shipTo).toMatchObject({
      deliverTo: "Ines Requester",
      email: "receiving@acme-pumps.example",
      phone: "2535550199",
    });
    expect(order.billTo?.address).toMatchObject({ line1: "1 Finance Plaza", city: "Seattle" });
    expect(order.lines).toEqual([
      { lineNumber: "1", partNumber: "GW-45-001", quantity: 2, unitPriceCents: 1299, unitOfMeasure: "EA" },
      { lineNumber: "2", partNumber: "FD-80-001", quantity: 2, unitPriceCents: 849, unitOfMeasure: "EA" },
    ]);
  });

  it("refuses a quantity of 0, a part given twice, another currency and a ship-to without a state", () => {
    const xml = sample("order-request.xml");
    expect(
      refusal(() =>
        parseOrderRequest(orderNode(xml.replace('quantity="2" lineNumber="1"', 'quantity="0" lineNumber="1"'))),
      ).message,
    ).toBe('Line 1 (GW-45-001): quantity must be a whole number from 1 to 1,000,000, not "0".');
    expect(refusal(() => parseOrderRequest(orderNode(xml.replaceAll("FD-80-001", "GW-45-001")))).message).toMatch(
      /Line 2 \(GW-45-001\): the part is also on line 1/,
    );
    expect(
      refusal(() => parseOrderRequest(orderNode(xml.replace('currency="USD">12.99', 'currency="EUR">12.99')))).message,
    ).toMatch(/in USD, not EUR/);
    expect(refusal(() => parseOrderRequest(orderNode(xml.replace("<State>WA</State>", "")))).message).toMatch(
      /ShipTo address is incomplete: state/,
    );
  });

  it("reads amounts exactly, refusing fractions of a cent", () => {
    expect(amountCents("12.990", "x")).toBe(1299);
    expect(amountCents("7", "x")).toBe(700);
    expect(amountCents("0.5", "x")).toBe(50);
    expect(() => amountCents("12.995", "x")).toThrow(/fractions of a cent/);
    expect(() => amountCents("-1", "x")).toThrow(/amount such as 12.99/);
  });
});

describe("writing cXML", () => {
  const reader = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false });

  it("answers with a Response whose Status carries the code, its text and the message", () => {
    const xml = cxmlResponse(
      { code: 401, message: "The shared secret does not match." },
      { payloadId: "1@store", now: new Date("2026-12-02T15:00:00Z") },
    );
    expect(xml).toContain('<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">');
    const status = at(reader.parse(xml), "cXML", "Response", "Status");
    expect(status).toEqual({ "@code": "401", "@text": "Unauthorized", "#text": "The shared secret does not match." });
  });

  it("writes a PunchOutOrderMessage with one ItemIn per line, its details in the DTD's order", () => {
    const xml = punchOutOrderMessage(
      {
        buyerCookie: "cookie & 1",
        from: { domain: "DomainName", identity: "store.example" },
        to: { domain: "NetworkID", identity: "AN01000000001" },
        total: "34.95",
        tax: "3.37",
        operationAllowed: "edit",
        lines: [
          {
            quantity: 2,
            supplierPartId: "GW-45-001",
            supplierPartAuxiliaryId: "GW-45-001",
            unitPrice: "12.99",
            description: 'Grinding wheel <4.5">',
            unitOfMeasure: "EA",
            unspsc: "31190000",
            manufacturerPartId: "GW-45-001",
            manufacturerName: "Norton",
            leadTimeDays: 0,
          },
        ],
      },
      { payloadId: "2@store" },
    );
    const message = at(reader.parse(xml), "cXML", "Message", "PunchOutOrderMessage");
    expect(textOf(message?.BuyerCookie)).toBe("cookie & 1");
    expect(at(message, "PunchOutOrderMessageHeader", "Total", "Money")).toEqual({
      "@currency": "USD",
      "#text": "34.95",
    });
    const [item] = childrenOf(message, "ItemIn");
    expect(item?.["@quantity"]).toBe("2");
    const detail = at(item, "ItemDetail");
    expect(Object.keys(detail ?? {})).toEqual([
      "UnitPrice",
      "Description",
      "UnitOfMeasure",
      "Classification",
      "ManufacturerPartID",
      "ManufacturerName",
      "LeadTime",
    ]);
    expect(textOf(detail?.Description)).toBe('Grinding wheel <4.5">');
    expect(detail?.Classification).toEqual({ "@domain": "UNSPSC", "#text": "31190000" });
  });
});

describe("shared secrets", () => {
  it("are kept hashed and matched only by the same secret", async () => {
    const stored = await hashSecret("punchout-shared-secret");
    expect(stored).not.toContain("punchout-shared-secret");
    expect(await secretMatches("punchout-shared-secret", stored)).toBe(true);
    expect(await secretMatches("punchout-shared-secreT", stored)).toBe(false);
    expect(await secretMatches("punchout-shared-secret", "plain")).toBe(false);
  });
});
