// A procurement system's cXML round trip against the real store over HTTP (docs/punchout.md), with
// a connection made by `npm run punchout -- add` (through the running store on PGlite): setup,
// StartPage, a cart, the transfer, the OrderRequest, its replay, and every refusal as a cXML
// Response (never HTML, a 500 or a partial order). The sample documents are test/punchout/*.xml.
import { readFileSync } from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, orders, procurementConnections, products } from "../server/db/schema";
import { at, childrenOf, textOf, type XmlNode } from "../server/procurement/cxml";
import { startScript } from "./store-command";
import { signedUpBuyer } from "./store-fixtures";
import { client, type StoreProcess, storeProcess } from "./store-process";

const sample = (name: string) => readFileSync(path.resolve(import.meta.dirname, "punchout", name), "utf8");
const reader = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false });
const RETURN_URL = "https://procurement.example/punchout/return";
const member = { email: "ines@acme-pumps.example", companyName: "Acme Pumps" };

let store: StoreProcess;
let wheelId = "";

async function punchoutCommand(args: string[]) {
  const run = startScript("scripts/punchout.js", args, {
    DATA_DIR: store.dataDir,
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
  });
  return { code: await run.exited, output: run.output() };
}

async function postCxml(body: string) {
  const response = await fetch(`${store.base}/punchout/cxml`, {
    method: "POST",
    headers: { "Content-Type": "text/xml; charset=utf-8" },
    body,
  });
  const text = await response.text();
  const status = at(reader.parse(text), "cXML", "Response", "Status");
  return {
    http: response.status,
    type: response.headers.get("content-type"),
    code: status?.["@code"],
    message: textOf(status),
    document: reader.parse(text) as XmlNode,
  };
}

beforeAll(async () => {
  store = await storeProcess({ ADMIN_EMAIL: "punchout-admin@example.com", ADMIN_PASSWORD: "punchout-admin-password" });
  await store.prepare(async (handle) => {
    await signedUpBuyer(member.email, { companyName: member.companyName, firstName: "Ines", lastName: "Requester" });
    const [wheel] = await handle.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.partNumber, "GW-45-001"));
    wheelId = wheel?.id ?? "";
  });
  await store.start();
}, 180_000);

afterAll(async () => {
  await store?.remove();
});

describe("npm run punchout", () => {
  it("adds a connection for the company of the e-mail, and says what it did without the secret", async () => {
    const { code, output } = await punchoutCommand([
      "add",
      "--company-email",
      member.email,
      "--protocol",
      "cxml",
      "--identity",
      "AN01000000001",
      "--secret",
      "punchout-shared-secret",
    ]);
    expect(output).toContain('Created the cXML connection "Acme Pumps" for Acme Pumps');
    // Not on terms yet: purchase orders are placed on terms, so the operator's command grants them.
    expect(output).toContain(
      "Acme Pumps was not on terms, and a procurement system's orders are placed on terms: granted Net 30 with a credit limit of $5,000.00",
    );
    expect(output).not.toContain("punchout-shared-secret");
    expect(code).toBe(0);
    const listed = await punchoutCommand(["list"]);
    expect(listed.output).toMatch(/cxml {2}AN01000000001 {2}"Acme Pumps" {2}member ines@acme-pumps.example/);
  }, 120_000);

  it("says what is missing, with its usage", async () => {
    const { code, output } = await punchoutCommand(["add", "--company-email", member.email, "--protocol", "cxml"]);
    expect(code).toBe(1);
    expect(output).toContain("--identity is required.");
    expect(output).toContain("Usage:");
  }, 120_000);
});

describe("a cXML PunchOut round trip", () => {
  const buyer = () => client(store);
  let browser: ReturnType<typeof client>;
  let transferred: XmlNode | undefined;

  it("answers a setup request with a StartPage that works once", async () => {
    const setup = await postCxml(sample("setup-request.xml"));
    expect(setup).toMatchObject({ http: 200, code: "200" });
    expect(setup.type).toMatch(/^text\/xml/);
    const url = textOf(at(setup.document, "cXML", "Response", "PunchOutSetupResponse", "StartPage", "URL"));
    expect(url).toMatch(new RegExp(`^${store.base}/punchout/start/[\\w-]{40,}$`));
    browser = buyer();
    const opened = await browser.get(new URL(url).pathname);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/");
    const again = await buyer().get(new URL(url).pathname);
    expect(again.status).toBe(403);
    expect(await again.text()).toContain("This PunchOut link has been used or has expired.");
  });

  it("shows the member's cart with the transfer instead of placing an order, then transfers it", async () => {
    const added = await browser.post("/api/cart", { intent: "add", productId: wheelId, quantity: "3" });
    expect(added.status).toBe(200);
    const checkout = await browser.get("/checkout");
    expect(await checkout.text()).toContain("Transfer cart to Acme Pumps");
    const placed = await browser.post("/checkout", { intent: "place" });
    expect(placed.status).toBe(403);

    const transfer = await browser.post("/checkout", { intent: "transfer" });
    expect(transfer.status).toBe(200);
    expect(transfer.headers.get("content-security-policy")).toContain("form-action 'self' https://procurement.example");
    const page = await transfer.text();
    expect(page).toContain(`action="${RETURN_URL}"`);
    const field = /name="cxml-urlencoded" value="([^"]*)"/.exec(page)?.[1] ?? "";
    const decoded = field
      .replaceAll("&quot;", '"')
      .replaceAll("&#x27;", "'")
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
    transferred = at(reader.parse(decoded), "cXML", "Message", "PunchOutOrderMessage");
    expect(textOf(transferred?.BuyerCookie)).toBe("cookie-4242-acme");
    const [item, ...others] = childrenOf(transferred, "ItemIn");
    expect(others).toEqual([]);
    expect(item?.["@quantity"]).toBe("3");
    expect(textOf(at(item, "ItemID", "SupplierPartID"))).toBe("GW-45-001");
    expect(textOf(at(item, "ItemID", "SupplierPartAuxiliaryID"))).toBe("GW-45-001");
    expect(at(item, "ItemDetail", "UnitPrice", "Money")).toEqual({ "@currency": "USD", "#text": "12.99" });
    expect(textOf(at(item, "ItemDetail", "UnitOfMeasure"))).toBe("EA");
    expect(at(item, "ItemDetail", "Classification")).toEqual({ "@domain": "UNSPSC", "#text": "31190000" });
    expect(textOf(at(transferred, "PunchOutOrderMessageHeader", "Total", "Money"))).toBe("38.97");
  });

  it("places an OrderRequest once per payloadID, for the company on its terms, with the PO number", async () => {
    const first = await postCxml(sample("order-request.xml"));
    expect(first).toMatchObject({ http: 200, code: "200" });
    const orderNumber = /order (ORD\w+)/.exec(first.message)?.[1];
    expect(orderNumber).toBeDefined();
    const replay = await postCxml(sample("order-request.xml"));
    expect(replay).toMatchObject({ http: 200, code: "200" });
    expect(replay.message).toContain(`Already accepted as order ${orderNumber}`);
    const account = await browser.get(`/account/orders/${orderNumber}`);
    expect(account.status).toBe(200);
    const page = await account.text();
    expect(page).toContain("PO-2026-0042");
    expect(page).toContain("400 Industrial Way");
  });

  it("refuses bad documents and credentials with a cXML status, placing nothing", async () => {
    const order = sample("order-request.xml");
    // A new document: its own payloadID and PO number.
    const fresh = (xml: string, id: string) =>
      xml.replace(/payloadID="[^"]+"/, `payloadID="${id}"`).replace('orderID="PO-2026-0042"', `orderID="${id}"`);
    const cases: [string, string, string, RegExp][] = [
      [
        "wrong secret",
        order.replace("punchout-shared-secret", "guessed-secret"),
        "401",
        /shared secret does not match/,
      ],
      [
        "unknown identity",
        order.replaceAll("AN01000000001", "AN09999999999"),
        "401",
        /No cXML connection has the identity/,
      ],
      ["malformed XML", "<cXML><Header>", "400", /not well-formed XML/],
      ["an entity DOCTYPE", sample("entity-bomb.xml"), "400", /declares entities/],
      [
        "an unknown part",
        fresh(order.replaceAll("FD-80-001", "NOPE-404"), "p-unknown"),
        "400",
        /Unknown part: line 2 SupplierPartID NOPE-404/,
      ],
      [
        "a line in another unit than the part's",
        fresh(order.replace("<UnitOfMeasure>EA</UnitOfMeasure>", "<UnitOfMeasure>bx</UnitOfMeasure>"), "p-unit"),
        "400",
        /Units of measure differ: line 1 \(GW-45-001\) is sold per EA, not BX\./,
      ],
      [
        "a quantity of 0",
        fresh(order.replace('quantity="2" lineNumber="2"', 'quantity="0" lineNumber="2"'), "p-zero"),
        "400",
        /quantity must be/,
      ],
      [
        "a price that differs",
        fresh(order.replace(">8.49<", ">7.00<"), "p-price"),
        "409",
        /FD-80-001 is \$8\.49, not \$7\.00/,
      ],
      [
        "a PO number used before, in a new document",
        order.replace(/payloadID="[^"]+"/, 'payloadID="p-again"'),
        "409",
        /PO number PO-2026-0042 was already used on order ORD/,
      ],
      ["an oversized document", `<cXML>${" ".repeat(1024 * 1024 + 10)}</cXML>`, "400", /at most 1 MB/],
    ];
    for (const [what, body, code, message] of cases) {
      const answer = await postCxml(body);
      expect({ what, code: answer.code, http: answer.http, type: answer.type }).toEqual({
        what,
        code,
        http: Number(code),
        type: "text/xml; charset=utf-8",
      });
      expect(answer.message, what).toMatch(message);
    }
  });

  it("kept one order, and the audit log names the connection's creation without its secret", async () => {
    await store.stop();
    const handle = await store.openDatabase();
    try {
      const [placed] = await handle.db.select({ n: count() }).from(orders);
      expect(placed?.n).toBe(1);
      const [connection] = await handle.db.select().from(procurementConnections);
      expect(connection?.secretHash).toMatch(/^scrypt\$/);
      const log = await handle.db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.action, "create_procurement_connection"));
      expect(log).toHaveLength(1);
      expect(JSON.stringify(log[0])).not.toContain("punchout-shared-secret");
      expect(JSON.stringify(log[0])).not.toContain("secretHash");
      expect(JSON.stringify(log[0])).not.toContain("secretSealed");
    } finally {
      await handle.close();
    }
    await store.start();
  }, 120_000);
});

describe("an OCI 4.0 PunchOut", () => {
  it("starts from USERNAME, PASSWORD and HOOK_URL and posts the cart back in NEW_ITEM fields", async () => {
    const added = await punchoutCommand([
      "add",
      "--company-email",
      member.email,
      "--protocol",
      "oci",
      "--identity",
      "acme-srm",
      "--secret",
      "oci-password",
      "--name",
      "Acme SRM",
    ]);
    expect(added.output).toContain('Created the OCI connection "Acme SRM"');
    const hook = "https://srm.example/sap/bc/hook";
    const query = (password: string) =>
      `/punchout/oci?${new URLSearchParams({ USERNAME: "acme-srm", PASSWORD: password, HOOK_URL: hook })}`;
    const refused = await client(store).get(query("wrong"));
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain("The shared secret does not match");

    const browser = client(store);
    const started = await browser.get(query("oci-password"));
    expect(started.status).toBe(302);
    const opened = await browser.get(new URL(started.headers.get("location") ?? "").pathname);
    expect(opened.headers.get("location")).toBe("/");
    await browser.post("/api/cart", { intent: "add", productId: wheelId, quantity: "4" });
    const transfer = await browser.post("/checkout", { intent: "transfer" });
    expect(transfer.status).toBe(200);
    expect(transfer.headers.get("content-security-policy")).toContain("form-action 'self' https://srm.example");
    const page = await transfer.text();
    expect(page).toContain(`action="${hook}"`);
    const field = (name: string) =>
      new RegExp(`name="${name.replace(/[[\]]/g, "\\$&")}" value="([^"]*)"`).exec(page)?.[1];
    expect(field("NEW_ITEM-VENDORMAT[1]")).toBe("GW-45-001");
    expect(field("NEW_ITEM-QUANTITY[1]")).toBe("4");
    expect(field("NEW_ITEM-PRICE[1]")).toBe("12.99");
    expect(field("NEW_ITEM-PRICEUNIT[1]")).toBe("1");
    expect(field("NEW_ITEM-CURRENCY[1]")).toBe("USD");
    expect(field("NEW_ITEM-UNIT[1]")).toBe("EA");
    expect(field("NEW_ITEM-MATGROUP[1]")).toBe("31190000");
    expect(field("NEW_ITEM-LEADTIME[1]")).toBe("0");
    expect(field("NEW_ITEM-EXT_PRODUCT_ID[1]")).toBe("GW-45-001");
    expect(field("NEW_ITEM-MANUFACTMAT[1]")).toBe("GW-45-001");
    expect(field("NEW_ITEM-DESCRIPTION[1]")).toBeTruthy();
    expect(field("NEW_ITEM-VENDORMAT[2]")).toBeUndefined();
  }, 120_000);
});
