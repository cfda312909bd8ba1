// The cXML 1.2 documents the store sends a procurement system about an order it received by
// OrderRequest (docs/punchout.md): the ConfirmationRequest when it is accepted, a ShipNoticeRequest
// for each shipment, the InvoiceDetailRequest for its invoice. Elements and attributes are those of
// cXML's Fulfill.dtd and InvoiceDetail.dtd, in the order those DTDs give them. What a document says
// is plain data (kept in the job that sends it); the credentials are added when it is sent.
import { type Credential, credential, documentText, type Envelope, money, type XmlNode } from "./cxml";

/** Who sends and who receives: From the store, To the buyer's identity, Sender the store with the shared secret. */
export interface DocumentParties {
  from: Credential;
  to: Credential;
  sharedSecret: string;
}

/** The OrderRequest a document answers: its orderID (the PO number), date and payloadID. */
export interface OrderReference {
  orderId: string;
  orderDate: string;
  payloadId: string;
}

export interface DocumentLine {
  /** The purchase order's lineNumber. */
  lineNumber: string;
  quantity: number;
  partNumber: string;
  description: string;
  unitOfMeasure: string;
}

export interface ConfirmationData {
  type: "confirmation";
  reference: OrderReference;
  /** The store's order number. */
  confirmId: string;
  noticeDate: string;
  total: string;
  tax: string;
}

export interface ShipNoticeData {
  type: "shipNotice";
  reference: OrderReference;
  /** The store's order number and the shipment's number in it. */
  shipmentId: string;
  noticeDate: string;
  shipmentDate: string;
  /** The carrier's name, and its tracking number when it gave one. */
  carrier: string;
  trackingNumber: string | null;
  lines: DocumentLine[];
}

export interface InvoiceData {
  type: "invoice";
  reference: OrderReference;
  invoiceId: string;
  invoiceDate: string;
  /** The store's order number. */
  supplierOrderId: string;
  termsDays: number;
  lines: (DocumentLine & { unitPrice: string; subtotal: string })[];
  subtotal: string;
  /** A promotion's discount, "0.00" for none. */
  discount: string;
  tax: string;
  net: string;
  due: string;
}

export type OutgoingDocumentData = ConfirmationData | ShipNoticeData | InvoiceData;

/** The Request element's name of each document. */
export const requestNames: Record<OutgoingDocumentData["type"], string> = {
  confirmation: "ConfirmationRequest",
  shipNotice: "ShipNoticeRequest",
  invoice: "InvoiceDetailRequest",
};

const description = (text: string) => ({ "@xml:lang": "en-US", "#text": text });

const orderReference = ({ orderId, orderDate, payloadId }: OrderReference) => ({
  "@orderID": orderId,
  "@orderDate": orderDate,
  DocumentReference: { "@payloadID": payloadId },
});

function confirmationRequest(data: ConfirmationData): XmlNode {
  return {
    // type="accept": every line of the order is accepted as ordered, so no ConfirmationItem follows.
    ConfirmationHeader: {
      "@type": "accept",
      "@noticeDate": data.noticeDate,
      "@operation": "new",
      "@confirmID": data.confirmId,
      Total: money(data.total),
      Tax: { ...money(data.tax), Description: description("Sales tax") },
    },
    OrderReference: orderReference(data.reference),
  };
}

function shipNoticeRequest(data: ShipNoticeData): XmlNode {
  return {
    ShipNoticeHeader: {
      "@shipmentID": data.shipmentId,
      "@operation": "new",
      "@noticeDate": data.noticeDate,
      "@shipmentDate": data.shipmentDate,
    },
    // The DTD puts the carrier and its tracking number in ShipControl, which needs both.
    ...(data.trackingNumber
      ? {
          ShipControl: {
            CarrierIdentifier: { "@domain": "companyName", "#text": data.carrier },
            ShipmentIdentifier: { "@domain": "trackingNumber", "#text": data.trackingNumber },
          },
        }
      : {}),
    ShipNoticePortion: {
      OrderReference: orderReference(data.reference),
      ShipNoticeItem: data.lines.map((line) => ({
        "@quantity": String(line.quantity),
        "@lineNumber": line.lineNumber,
        ItemID: { SupplierPartID: line.partNumber },
        UnitOfMeasure: line.unitOfMeasure,
      })),
    },
  };
}

function invoiceDetailRequest(data: InvoiceData): XmlNode {
  const hasDiscount = Number(data.discount) > 0;
  return {
    InvoiceDetailRequestHeader: {
      "@invoiceID": data.invoiceId,
      "@purpose": "standard",
      "@operation": "new",
      "@invoiceDate": data.invoiceDate,
      "@invoiceOrigin": "supplier",
      // Empty marker elements the DTD requires: the invoice is for the order's lines as listed.
      InvoiceDetailHeaderIndicator: "",
      InvoiceDetailLineIndicator: "",
      InvoiceDetailPaymentTerm: { "@payInNumberOfDays": String(data.termsDays), "@percentageRate": "0" },
    },
    InvoiceDetailOrder: {
      InvoiceDetailOrderInfo: {
        OrderReference: orderReference(data.reference),
        SupplierOrderInfo: { "@orderID": data.supplierOrderId },
      },
      InvoiceDetailItem: data.lines.map((line, index) => ({
        "@invoiceLineNumber": String(index + 1),
        "@quantity": String(line.quantity),
        UnitOfMeasure: line.unitOfMeasure,
        UnitPrice: money(line.unitPrice),
        InvoiceDetailItemReference: {
          "@lineNumber": line.lineNumber,
          ItemID: { SupplierPartID: line.partNumber },
          Description: description(line.description),
        },
        SubtotalAmount: money(line.subtotal),
      })),
    },
    InvoiceDetailSummary: {
      SubtotalAmount: money(data.subtotal),
      Tax: { ...money(data.tax), Description: description("Sales tax") },
      ...(hasDiscount ? { InvoiceDetailDiscount: money(data.discount) } : {}),
      NetAmount: money(data.net),
      DueAmount: money(data.due),
    },
  };
}

const builders = {
  confirmation: confirmationRequest,
  shipNotice: shipNoticeRequest,
  invoice: invoiceDetailRequest,
} as const;

/** The whole document, with the header's credentials, ready to post. */
export function outgoingDocument(data: OutgoingDocumentData, parties: DocumentParties, envelope: Envelope): string {
  const body = (builders[data.type] as (data: OutgoingDocumentData) => XmlNode)(data);
  return documentText(
    {
      Header: {
        From: credential(parties.from),
        To: credential(parties.to),
        Sender: {
          Credential: {
            "@domain": parties.from.domain,
            Identity: parties.from.identity,
            SharedSecret: parties.sharedSecret,
          },
          UserAgent: "Cascade Industrial Supply",
        },
      },
      Request: { [requestNames[data.type]]: body },
    },
    envelope,
  );
}
