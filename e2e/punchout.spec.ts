// The test plays a buyer's procurement system (docs/punchout.md): the store admin connects the
// company, the system posts a cXML setup request, follows the StartPage in Chromium, the buyer
// shops and transfers the cart, and a local listener receives the PunchOutOrderMessage, checked
// line by line against the cart; then the system sends the OrderRequest and the order is in the
// company's account.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import {
  addWheels,
  adminFindsCustomers,
  approveTerms,
  confirmedBuyer,
  expectNoAccessibilityViolations,
  watchConsoleErrors,
} from "./helpers";

const sample = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../test/punchout", name), "utf8");
const reader = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  isArray: (name) => name === "ItemIn",
});

/**
 * The procurement system's return address: it keeps what the browser posts to it, and the cXML
 * documents the store sends it later (answered with a cXML Response of status 200).
 */
async function procurementListener() {
  const received: URLSearchParams[] = [];
  const documents: string[] = [];
  const server = createServer((request, response) => {
    // The browser also asks the procurement system's origin for its favicon.
    if (request.method !== "POST") return void response.writeHead(204).end();
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      if (request.headers["content-type"]?.startsWith("text/xml")) {
        documents.push(body);
        return void response
          .writeHead(200, { "content-type": "text/xml" })
          .end(
            `<cXML payloadID="${documents.length}@procurement.example"><Response><Status code="200" text="OK"/></Response></cXML>`,
          );
      }
      received.push(new URLSearchParams(body));
      response
        .writeHead(200, { "content-type": "text/html" })
        .end("<!doctype html><title>Cart received</title><h1>Cart received</h1>");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/punchout/return`,
    documentsUrl: `http://127.0.0.1:${port}/cxml/documents`,
    received,
    documents,
    close: () => server.close(),
  };
}

test("a procurement system punches out: setup, StartPage, shopping, the cart transferred back, then its order", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000); // a sign-up confirmed by e-mail, terms approved, then the round trip
  const lastName = `Punch${Date.now().toString(36)}`;
  const identity = `AN${Date.now()}`;
  const buyer = await confirmedBuyer(page, "punchout", lastName);
  await approveTerms(browser, lastName, "5000");

  const listener = await procurementListener();
  // The store admin connects the company's procurement system.
  const { page: adminPage, rows, close } = await adminFindsCustomers(browser, lastName);
  await rows.getByRole("link", { name: /PunchOut connections for/ }).click();
  await expect(adminPage.getByRole("heading", { level: 1, name: "PunchOut" })).toBeVisible();
  const add = adminPage.locator("form").filter({ has: adminPage.getByRole("button", { name: "Add Connection" }) });
  await add.getByLabel(/^Name/).fill("Acme Ariba");
  await add.getByLabel("Protocol").selectOption("cxml");
  await add.getByLabel(/^Identity/).fill(identity);
  await add.getByLabel(/^Credential domain/).fill("NetworkID");
  await add.getByLabel(/^Shared secret or password/).fill("punchout-shared-secret");
  const memberField = add.getByLabel("Member whose orders it places");
  const member = await memberField.locator("option", { hasText: buyer.email }).getAttribute("value");
  await memberField.selectOption(member ?? "");
  await add.getByLabel(/^Order-document URL/).fill(listener.documentsUrl);
  await add.getByRole("button", { name: "Add Connection" }).click();
  await expect(adminPage.getByText("Connection added")).toBeVisible();
  await expect(adminPage.getByRole("heading", { name: "Acme Ariba" })).toBeVisible();
  await expect(adminPage.locator("body")).not.toContainText("punchout-shared-secret");
  await expectNoAccessibilityViolations(adminPage);

  // The procurement system asks for a session.
  try {
    const setup = await request.post("/punchout/cxml", {
      headers: { "content-type": "text/xml" },
      data: sample("setup-request.xml")
        .replaceAll("AN01000000001", identity)
        .replace("https://procurement.example/punchout/return", listener.url),
    });
    expect(setup.status()).toBe(200);
    const startPage = reader.parse(await setup.text()).cXML.Response.PunchOutSetupResponse.StartPage.URL as string;

    // The requester's browser opens it: signed in as the connection's member, with no password.
    const context = await browser.newContext();
    const shopper = await context.newPage();
    const consoleErrors = watchConsoleErrors(shopper);
    await shopper.goto(startPage);
    await expect(shopper.getByText("Welcome! Shop as usual, then transfer your cart.")).toBeVisible();
    await addWheels(shopper, 2);
    await shopper.goto("/checkout");
    const transfer = shopper.getByRole("button", { name: "Transfer cart to Acme Ariba" });
    await expect(transfer).toBeVisible();
    await expect(shopper.getByRole("button", { name: /^Place Order/ })).toHaveCount(0);
    await expectNoAccessibilityViolations(shopper);

    // The transfer page posts itself to the procurement system.
    await transfer.click();
    await expect(shopper.getByRole("heading", { name: "Cart received" })).toBeVisible();
    expect(listener.received).toHaveLength(1);
    const message = reader.parse(listener.received[0]?.get("cxml-urlencoded") ?? "").cXML.Message.PunchOutOrderMessage;
    expect(message.BuyerCookie).toBe("cookie-4242-acme");
    expect(message.PunchOutOrderMessageHeader.Total.Money).toEqual({ "@currency": "USD", "#text": "25.98" });
    expect(message.ItemIn).toHaveLength(1);
    const [line] = message.ItemIn;
    expect(line["@quantity"]).toBe("2");
    expect(line.ItemID).toEqual({ SupplierPartID: "GW-45-001", SupplierPartAuxiliaryID: "GW-45-001" });
    expect(line.ItemDetail.UnitPrice.Money).toEqual({ "@currency": "USD", "#text": "12.99" });
    expect(line.ItemDetail.UnitOfMeasure).toBe("EA");
    expect(line.ItemDetail.Classification).toEqual({ "@domain": "UNSPSC", "#text": "31190000" });
    expect(line.ItemDetail.ManufacturerPartID).toBe("GW-45-001");
    expect(line.ItemDetail.LeadTime).toBe("0");
    expect(consoleErrors()).toEqual([]);

    // Approved there, the purchase order comes back for those lines.
    const orderRequest = sample("order-request.xml")
      .replaceAll("AN01000000001", identity)
      .replace(/<ItemOut quantity="2" lineNumber="2">[\s\S]*?<\/ItemOut>/, "")
      .replace('orderID="PO-2026-0042"', `orderID="PO-${identity}"`)
      .replace(/payloadID="[^"]+"/, `payloadID="order-${identity}@procurement.example"`);
    const ordered = await request.post("/punchout/cxml", {
      headers: { "content-type": "text/xml" },
      data: orderRequest,
    });
    expect(ordered.status()).toBe(200);
    const orderNumber = /order (ORD\w+)/.exec(await ordered.text())?.[1] ?? "";
    expect(orderNumber).not.toBe("");
    await shopper.goto(`/account/orders/${orderNumber}`);
    await expect(shopper.getByRole("heading", { level: 1 })).toContainText(orderNumber);
    await expect(shopper.getByText(`PO-${identity}`).first()).toBeVisible();
    await context.close();

    // The store confirms the order to the procurement system through its job queue.
    await expect.poll(() => listener.documents.length, { timeout: 20_000 }).toBe(1);
    const confirmation = reader.parse(listener.documents[0] ?? "").cXML;
    expect(confirmation.Header.Sender.Credential.SharedSecret).toBe("punchout-shared-secret");
    expect(confirmation.Request.ConfirmationRequest.ConfirmationHeader["@type"]).toBe("accept");
    expect(confirmation.Request.ConfirmationRequest.OrderReference["@orderID"]).toBe(`PO-${identity}`);
    await adminPage.reload();
    const sent = adminPage.getByRole("table", { name: "Documents sent" });
    await expect(sent.getByRole("row").filter({ hasText: orderNumber })).toContainText("ConfirmationRequest");
    await expect(sent.getByRole("row").filter({ hasText: orderNumber })).toContainText("Sent");
    await expectNoAccessibilityViolations(adminPage);
  } finally {
    listener.close();
    await close();
  }
});

/**
 * An OCI procurement system (SAP SRM and the like) on a loopback port: its catalogue page posts the
 * OCI login form to the store, with a HOOK_URL back to itself, where it keeps the cart posted back.
 */
async function ociSystem(storeUrl: string, credentials: { username: string; password: string }) {
  const received: URLSearchParams[] = [];
  let hookUrl = "";
  const server = createServer((request, response) => {
    if (request.method === "GET" && request.url === "/catalogue") {
      const field = (name: string, value: string) => `<input type="hidden" name="${name}" value="${value}">`;
      return void response.writeHead(200, { "content-type": "text/html" }).end(
        `<!doctype html><html lang="en"><title>Procurement</title><main><h1>Catalogues</h1>
        <form method="post" action="${storeUrl}/punchout/oci">
          ${field("USERNAME", credentials.username)}${field("PASSWORD", credentials.password)}
          ${field("HOOK_URL", hookUrl)}${field("~OkCode", "ADDI")}${field("~TARGET", "_top")}
          <button type="submit">Shop at Cascade Industrial Supply</button>
        </form></main></html>`,
      );
    }
    if (request.method !== "POST") return void response.writeHead(204).end();
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push(new URLSearchParams(body));
      response
        .writeHead(200, { "content-type": "text/html" })
        .end("<!doctype html><title>Cart received</title><h1>Cart received</h1>");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  hookUrl = `http://127.0.0.1:${port}/oci/hook`;
  return { catalogue: `http://127.0.0.1:${port}/catalogue`, received, close: () => server.close() };
}

test("an OCI procurement system logs its buyer in by form, and gets the cart back as NEW_ITEM fields", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000); // a sign-up confirmed by e-mail, the admin's connection, then the round trip
  const lastName = `Oci${Date.now().toString(36)}`;
  const credentials = { username: `SRM-${Date.now().toString(36)}`, password: "oci-password-4242" };
  const buyer = await confirmedBuyer(page, "oci", lastName);

  const { page: adminPage, rows, close } = await adminFindsCustomers(browser, lastName);
  await rows.getByRole("link", { name: /PunchOut connections for/ }).click();
  const add = adminPage.locator("form").filter({ has: adminPage.getByRole("button", { name: "Add Connection" }) });
  await add.getByLabel(/^Name/).fill("Acme SRM");
  await add.getByLabel("Protocol").selectOption("oci");
  await add.getByLabel(/^Identity/).fill(credentials.username);
  await add.getByLabel(/^Shared secret or password/).fill(credentials.password);
  const memberField = add.getByLabel("Member whose orders it places");
  await memberField.selectOption(
    (await memberField.locator("option", { hasText: buyer.email }).getAttribute("value")) ?? "",
  );
  await add.getByRole("button", { name: "Add Connection" }).click();
  await expect(adminPage.getByText("Connection added")).toBeVisible();
  await close();

  const system = await ociSystem(baseURL ?? "", credentials);
  try {
    // The requester's browser, signed in by the PunchOut session alone.
    const context = await browser.newContext();
    const shopper = await context.newPage();
    const consoleErrors = watchConsoleErrors(shopper);
    await shopper.goto(system.catalogue);
    await shopper.getByRole("button", { name: "Shop at Cascade Industrial Supply" }).click();
    await expect(shopper.getByText("Welcome! Shop as usual, then transfer your cart.")).toBeVisible();
    await addWheels(shopper, 3);
    await shopper.goto("/checkout");
    await shopper.getByRole("button", { name: "Transfer cart to Acme SRM" }).click();
    await expect(shopper.getByRole("heading", { name: "Cart received" })).toBeVisible();

    expect(system.received).toHaveLength(1);
    const fields = Object.fromEntries(system.received[0] ?? []);
    expect(fields).toMatchObject({
      "NEW_ITEM-DESCRIPTION[1]": "Grinding Wheel 4.5 in",
      "NEW_ITEM-QUANTITY[1]": "3",
      "NEW_ITEM-UNIT[1]": "EA",
      "NEW_ITEM-PRICE[1]": "12.99",
      "NEW_ITEM-PRICEUNIT[1]": "1",
      "NEW_ITEM-CURRENCY[1]": "USD",
      "NEW_ITEM-VENDORMAT[1]": "GW-45-001",
      "NEW_ITEM-MANUFACTMAT[1]": "GW-45-001",
      "NEW_ITEM-MATGROUP[1]": "31190000",
      "NEW_ITEM-LEADTIME[1]": "0",
      "NEW_ITEM-EXT_PRODUCT_ID[1]": "GW-45-001",
    });
    expect(Object.keys(fields).filter((name) => name.endsWith("[2]"))).toEqual([]);
    expect(consoleErrors()).toEqual([]);
    await context.close();
  } finally {
    system.close();
  }
});
