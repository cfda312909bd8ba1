// The documents sent to a procurement system, read back with the store's own cXML reader: the header's
// credentials, and each document's elements and attributes where cXML's DTDs put them.
import { describe, expect, it } from "vitest";
import { at, attributeOf, childrenOf, parseCxmlRequest, parseCxmlResponseStatus, textOf } from "./cxml";
import { type DocumentParties, type OrderReference, outgoingDocument } from "./outgoing-documents";

const parties: DocumentParties = {
  from: { domain: "DomainName", identity: "store.example" },
  to: { domain: "NetworkID", identity: "AN01000000001" },
  sharedSecret: "punchout-shared-secret",
};
const reference: OrderReference = {
  orderId: "PO-2026-0042",
  orderDate: "2026-12-01T15:00:00.000Z",
  payloadId: "order-1@procurement.example",
};
const envelope = { payloadId: "1.2.doc@store.example", now: new Date("2026-12-02T10:00:00.000Z") };
const line = { lineNumber: "10", partNumber: "GW-45-001", description: "4.5 in. Grinding Wheel", unitOfMeasure: "EA" };

const money = (node: unknown) => ({
  currency: attributeOf(at(node, "Money"), "currency"),
  amount: textOf(at(node, "Money")),
});

describe("outgoing cXML documents", () => {
  it("sends From the store, To the buyer's identity and the shared secret in the Sender credential", () => {
    const text = outgoingDocument(
      {
        type: "confirmation",
        reference,
        confirmId: "ORD1",
        noticeDate: "2026-12-02T10:00:00.000Z",
        total: "28.06",
        tax: "2.08",
      },
      parties,
      envelope,
    );
    expect(text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<!DOCTYPE cXML SYSTEM "http:\/\/xml.cxml.org\/schemas\/cXML\/1.2.\d+\/cXML.dtd">/,
    );
    const document = parseCxmlRequest(text);
    expect(document.payloadId).toBe("1.2.doc@store.example");
    expect(document.from).toEqual([{ domain: "DomainName", identity: "store.example", sharedSecret: undefined }]);
    expect(document.to).toEqual([{ domain: "NetworkID", identity: "AN01000000001", sharedSecret: undefined }]);
    expect(document.sender).toEqual([
      { domain: "DomainName", identity: "store.example", sharedSecret: "punchout-shared-secret" },
    ]);
  });

  it("confirms an order as accepted, referring to the OrderRequest's orderID and payloadID", () => {
    const { request } = parseCxmlRequest(
      outgoingDocument(
        {
          type: "confirmation",
          reference,
          confirmId: "ORD1",
          noticeDate: "2026-12-02T10:00:00.000Z",
          total: "28.06",
          tax: "2.08",
        },
        parties,
        envelope,
      ),
    );
    expect(request.name).toBe("ConfirmationRequest");
    const header = at(request.node, "ConfirmationHeader");
    expect(attributeOf(header, "type")).toBe("accept");
    expect(attributeOf(header, "operation")).toBe("new");
    expect(attributeOf(header, "confirmID")).toBe("ORD1");
    expect(attributeOf(header, "noticeDate")).toBe("2026-12-02T10:00:00.000Z");
    expect(money(at(header, "Total"))).toEqual({ currency: "USD", amount: "28.06" });
    expect(money(at(header, "Tax"))).toEqual({ currency: "USD", amount: "2.08" });
    const order = at(request.node, "OrderReference");
    expect(attributeOf(order, "orderID")).toBe("PO-2026-0042");
    expect(attributeOf(order, "orderDate")).toBe("2026-12-01T15:00:00.000Z");
    expect(attributeOf(at(order, "DocumentReference"), "payloadID")).toBe("order-1@procurement.example");
    expect(childrenOf(request.node, "ConfirmationItem")).toEqual([]);
  });

  it("notices a shipment: its ID and date, the carrier and tracking number, the order and the lines shipped", () => {
    const { request } = parseCxmlRequest(
      outgoingDocument(
        {
          type: "shipNotice",
          reference,
          shipmentId: "ORD1-2",
          noticeDate: "2026-12-03T10:00:00.000Z",
          shipmentDate: "2026-12-03T09:00:00.000Z",
          carrier: "FedEx",
          trackingNumber: "748923456789",
          lines: [
            { ...line, quantity: 2 },
            { lineNumber: "20", partNumber: "FD-80-001", description: "Flap Disc", unitOfMeasure: "EA", quantity: 5 },
          ],
        },
        parties,
        envelope,
      ),
    );
    expect(request.name).toBe("ShipNoticeRequest");
    const header = at(request.node, "ShipNoticeHeader");
    expect(attributeOf(header, "shipmentID")).toBe("ORD1-2");
    expect(attributeOf(header, "operation")).toBe("new");
    expect(attributeOf(header, "noticeDate")).toBe("2026-12-03T10:00:00.000Z");
    expect(attributeOf(header, "shipmentDate")).toBe("2026-12-03T09:00:00.000Z");
    const control = at(request.node, "ShipControl");
    expect(textOf(at(control, "CarrierIdentifier"))).toBe("FedEx");
    expect(attributeOf(at(control, "CarrierIdentifier"), "domain")).toBe("companyName");
    expect(textOf(at(control, "ShipmentIdentifier"))).toBe("748923456789");
    const portion = at(request.node, "ShipNoticePortion");
    expect(attributeOf(at(portion, "OrderReference"), "orderID")).toBe("PO-2026-0042");
    expect(attributeOf(at(portion, "OrderReference", "DocumentReference"), "payloadID")).toBe(
      "order-1@procurement.example",
    );
    expect(
      childrenOf(portion, "ShipNoticeItem").map((item) => ({
        lineNumber: attributeOf(item, "lineNumber"),
        quantity: attributeOf(item, "quantity"),
        part: textOf(at(item, "ItemID", "SupplierPartID")),
        unit: textOf(item.UnitOfMeasure),
      })),
    ).toEqual([
      { lineNumber: "10", quantity: "2", part: "GW-45-001", unit: "EA" },
      { lineNumber: "20", quantity: "5", part: "FD-80-001", unit: "EA" },
    ]);
  });

  it("leaves ShipControl out for a shipment without a tracking number (freight), as the DTD needs one", () => {
    const { request } = parseCxmlRequest(
      outgoingDocument(
        {
          type: "shipNotice",
          reference,
          shipmentId: "ORD1-1",
          noticeDate: "2026-12-03T10:00:00.000Z",
          shipmentDate: "2026-12-03T09:00:00.000Z",
          carrier: "Freight/LTL",
          trackingNumber: null,
          lines: [{ ...line, quantity: 1 }],
        },
        parties,
        envelope,
      ),
    );
    expect(at(request.node, "ShipControl")).toBeUndefined();
    expect(at(request.node, "ShipNoticePortion", "ShipNoticeItem")).toBeDefined();
  });

  it("invoices the order: header, the order's lines with quantities and unit prices, and the summary", () => {
    const { request } = parseCxmlRequest(
      outgoingDocument(
        {
          type: "invoice",
          reference,
          invoiceId: "INV-000042",
          invoiceDate: "2026-12-01T15:00:00.000Z",
          supplierOrderId: "ORD1",
          termsDays: 30,
          lines: [{ ...line, quantity: 2, unitPrice: "12.99", subtotal: "25.98" }],
          subtotal: "25.98",
          discount: "0.00",
          tax: "2.08",
          net: "28.06",
          due: "28.06",
        },
        parties,
        envelope,
      ),
    );
    expect(request.name).toBe("InvoiceDetailRequest");
    const header = at(request.node, "InvoiceDetailRequestHeader");
    expect(attributeOf(header, "invoiceID")).toBe("INV-000042");
    expect(attributeOf(header, "invoiceDate")).toBe("2026-12-01T15:00:00.000Z");
    expect(attributeOf(header, "purpose")).toBe("standard");
    expect(attributeOf(header, "operation")).toBe("new");
    expect(header).toHaveProperty("InvoiceDetailHeaderIndicator");
    expect(header).toHaveProperty("InvoiceDetailLineIndicator");
    expect(attributeOf(at(header, "InvoiceDetailPaymentTerm"), "payInNumberOfDays")).toBe("30");
    const order = at(request.node, "InvoiceDetailOrder");
    expect(attributeOf(at(order, "InvoiceDetailOrderInfo", "OrderReference"), "orderID")).toBe("PO-2026-0042");
    expect(attributeOf(at(order, "InvoiceDetailOrderInfo", "SupplierOrderInfo"), "orderID")).toBe("ORD1");
    const [item] = childrenOf(order, "InvoiceDetailItem");
    expect(attributeOf(item, "invoiceLineNumber")).toBe("1");
    expect(attributeOf(item, "quantity")).toBe("2");
    expect(textOf(item?.UnitOfMeasure)).toBe("EA");
    expect(money(at(item, "UnitPrice"))).toEqual({ currency: "USD", amount: "12.99" });
    expect(attributeOf(at(item, "InvoiceDetailItemReference"), "lineNumber")).toBe("10");
    expect(textOf(at(item, "InvoiceDetailItemReference", "ItemID", "SupplierPartID"))).toBe("GW-45-001");
    expect(money(at(item, "SubtotalAmount"))).toEqual({ currency: "USD", amount: "25.98" });
    const summary = at(request.node, "InvoiceDetailSummary");
    expect(Object.keys(summary ?? {})).toEqual(["SubtotalAmount", "Tax", "NetAmount", "DueAmount"]);
    expect(money(at(summary, "SubtotalAmount")).amount).toBe("25.98");
    expect(money(at(summary, "Tax")).amount).toBe("2.08");
    expect(textOf(at(summary, "Tax", "Description"))).toBe("Sales tax");
    expect(money(at(summary, "NetAmount")).amount).toBe("28.06");
    expect(money(at(summary, "DueAmount")).amount).toBe("28.06");
  });

  it("puts a discount between the tax and the net amount, as InvoiceDetailSummary orders them", () => {
    const { request } = parseCxmlRequest(
      outgoingDocument(
        {
          type: "invoice",
          reference,
          invoiceId: "INV-000043",
          invoiceDate: "2026-12-01T15:00:00.000Z",
          supplierOrderId: "ORD2",
          termsDays: 60,
          lines: [{ ...line, quantity: 10, unitPrice: "10.00", subtotal: "100.00" }],
          subtotal: "100.00",
          discount: "10.00",
          tax: "7.20",
          net: "97.20",
          due: "97.20",
        },
        parties,
        envelope,
      ),
    );
    const summary = at(request.node, "InvoiceDetailSummary");
    expect(Object.keys(summary ?? {})).toEqual([
      "SubtotalAmount",
      "Tax",
      "InvoiceDetailDiscount",
      "NetAmount",
      "DueAmount",
    ]);
    expect(money(at(summary, "InvoiceDetailDiscount")).amount).toBe("10.00");
  });
});

describe("reading a procurement system's answer", () => {
  it("reads the Response's Status code, text and message", () => {
    const answer = `<?xml version="1.0"?><!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="a@b" timestamp="2026-12-02T10:00:00Z"><Response><Status code="201" text="Accepted">Queued</Status></Response></cXML>`;
    expect(parseCxmlResponseStatus(answer)).toEqual({ code: 201, text: "Accepted", message: "Queued" });
  });

  it("refuses an answer that is no cXML Response", () => {
    expect(() => parseCxmlResponseStatus("<html><body>Bad gateway</body></html>")).toThrow(
      "The document's root element must be <cXML>.",
    );
    expect(() => parseCxmlResponseStatus('<cXML payloadID="a"><Request/></cXML>')).toThrow(
      "The answer is a cXML document without a Response Status.",
    );
  });
});
