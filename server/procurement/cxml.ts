// cXML 1.2 documents (docs/punchout.md): reading what a procurement system posts, and writing the
// store's answers and its PunchOutOrderMessage. Read with fast-xml-parser, never by hand: the
// size is checked before a byte is parsed; the standard `<!DOCTYPE cXML SYSTEM "…cXML.dtd">` line
// is accepted and its DTD never fetched (the parser fetches nothing); a document that declares
// entities is refused outright, so no entity is ever expanded but XML's own (&amp; &lt; …).
import { randomBytes } from "node:crypto";
import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";
import { StoreError } from "../errors";

/** The cXML version the store writes. */
export const CXML_VERSION = "1.2.014";
const DOCTYPE = `<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/${CXML_VERSION}/cXML.dtd">`;

/** An order of a few hundred lines is well under this. */
export const MAX_CXML_BYTES = 1024 * 1024;

/** The status texts cXML gives its codes. */
const statusTexts: Record<number, string> = {
  200: "OK",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  500: "Internal Server Error",
};

// Elements that may repeat, read as lists whether one or many came.
const LISTS = new Set(["Credential", "ItemOut", "Street", "DeliverTo", "Description", "Extrinsic"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // XML's five entities and character references (the parser reads those with its HTML set);
  // declared entities never reach here.
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  isArray: (name) => LISTS.has(name),
});

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  format: true,
  suppressEmptyNode: true,
});

/** A parsed element: attributes under "@name", text under "#text", children by name. */
export type XmlNode = { [key: string]: unknown };

export interface Credential {
  domain: string;
  identity: string;
  sharedSecret?: string;
}

export interface CxmlDocument {
  payloadId: string;
  from: Credential[];
  to: Credential[];
  sender: Credential[];
  /** The request's element name (PunchOutSetupRequest, OrderRequest …) and the element. */
  request: { name: string; node: XmlNode; deploymentMode?: string };
}

const invalid = (message: string) => new StoreError("Invalid", message);

/** An element's text ("" for none): a text-only element parses as a string, one with attributes as an object. */
export function textOf(node: unknown): string {
  if (node === undefined || node === null) return "";
  if (typeof node === "string") return node;
  if (Array.isArray(node)) return textOf(node[0]);
  if (typeof node === "object") return textOf((node as XmlNode)["#text"]);
  return String(node);
}

export const attributeOf = (node: unknown, name: string): string =>
  node && typeof node === "object" && !Array.isArray(node) ? textOf((node as XmlNode)[`@${name}`]) : "";

/** A child element (the first, if it repeats), or undefined. */
export function childOf(node: unknown, name: string): XmlNode | undefined {
  if (!node || typeof node !== "object") return undefined;
  const child = (node as XmlNode)[name];
  const first = Array.isArray(child) ? child[0] : child;
  if (first === undefined || first === null) return undefined;
  return typeof first === "object" ? (first as XmlNode) : { "#text": first };
}

export function childrenOf(node: unknown, name: string): XmlNode[] {
  if (!node || typeof node !== "object") return [];
  const child = (node as XmlNode)[name];
  const all = Array.isArray(child) ? child : child === undefined ? [] : [child];
  return all.map((item) => (typeof item === "object" && item !== null ? (item as XmlNode) : { "#text": item }));
}

/** The element at a path of names, or undefined. */
export const at = (node: unknown, ...path: string[]): XmlNode | undefined =>
  path.reduce<XmlNode | undefined>((current, name) => childOf(current, name), node as XmlNode | undefined);

function credentialsOf(party: XmlNode | undefined): Credential[] {
  return childrenOf(party, "Credential").map((credential) => ({
    domain: attributeOf(credential, "domain"),
    identity: textOf(credential.Identity).trim(),
    sharedSecret: credential.SharedSecret === undefined ? undefined : textOf(credential.SharedSecret),
  }));
}

/**
 * The <cXML> element of a document: Invalid (400) for a body over the size limit, text that is not
 * well-formed XML, a document declaring entities, or one whose root is not <cXML>, each saying what is wrong.
 */
function readCxml(text: string): XmlNode {
  if (Buffer.byteLength(text) > MAX_CXML_BYTES)
    throw invalid(`The document is larger than ${MAX_CXML_BYTES / 1024} KB; send fewer lines per order.`);
  if (!text.trim()) throw invalid("The request has no body: post a cXML document (Content-Type: text/xml).");
  // Entities are how XML bombs and external-file reads start; cXML never needs them.
  if (text.includes("<!ENTITY"))
    throw invalid(
      "Documents with a DOCTYPE that declares entities are not accepted. Send the standard cXML DOCTYPE only.",
    );
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    throw invalid(
      `The document is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col}).`,
    );
  let parsed: XmlNode;
  try {
    parsed = parser.parse(text) as XmlNode;
  } catch (error) {
    throw invalid(`The document could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const cxml = childOf(parsed, "cXML");
  if (!cxml) throw invalid("The document's root element must be <cXML>.");
  return cxml;
}

/** A cXML request document, checked as far as the envelope (see readCxml), or Invalid when it holds no request. */
export function parseCxmlRequest(text: string): CxmlDocument {
  const cxml = readCxml(text);
  const header = childOf(cxml, "Header");
  if (!header) throw invalid("The cXML document has no <Header> with From, To and Sender credentials.");
  const request = childOf(cxml, "Request");
  const name = request && Object.keys(request).find((key) => !key.startsWith("@") && key !== "#text");
  const node = name ? childOf(request, name) : undefined;
  if (!request || !name || !node)
    throw invalid("The cXML document holds no <Request>: send a PunchOutSetupRequest or an OrderRequest.");
  return {
    payloadId: attributeOf(cxml, "payloadID"),
    from: credentialsOf(childOf(header, "From")),
    to: credentialsOf(childOf(header, "To")),
    sender: credentialsOf(childOf(header, "Sender")),
    request: { name, node, deploymentMode: attributeOf(request, "deploymentMode") || undefined },
  };
}

/** The Status of a cXML Response (what a buyer's system answers a document the store sent). */
export function parseCxmlResponseStatus(text: string): { code: number; text: string; message: string } {
  const status = at(readCxml(text), "Response", "Status");
  if (!status) throw invalid("The answer is a cXML document without a Response Status.");
  return {
    code: Number(attributeOf(status, "code")),
    text: attributeOf(status, "text"),
    message: textOf(status).trim(),
  };
}

/** A payloadID as cXML asks for one: unique, naming the sender's host. */
export function newPayloadId(host: string, now = new Date()): string {
  return `${now.getTime()}.${process.pid}.${randomBytes(6).toString("hex")}@${host}`;
}

export interface Envelope {
  payloadId: string;
  now?: Date;
}

/** A whole cXML document: the XML declaration, the DOCTYPE, and <cXML> with its payloadID and timestamp around `cxml`. */
export function documentText(cxml: XmlNode, { payloadId, now = new Date() }: Envelope): string {
  const body = builder.build({
    cXML: { "@payloadID": payloadId, "@timestamp": now.toISOString(), "@xml:lang": "en-US", ...cxml },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${DOCTYPE}\n${body}`;
}

/** A cXML Response: its Status (code, the code's text, and what happened), then any response element. */
export function cxmlResponse(
  { code, message, content = {} }: { code: number; message: string; content?: XmlNode },
  envelope: Envelope,
): string {
  return documentText(
    {
      Response: {
        Status: { "@code": String(code), "@text": statusTexts[code] ?? "Error", "#text": message },
        ...content,
      },
    },
    envelope,
  );
}

export const money = (amount: string) => ({ Money: { "@currency": "USD", "#text": amount } });

export interface OrderMessageLine {
  quantity: number;
  supplierPartId: string;
  /** What `edit` gives back to restore the line: the part number. */
  supplierPartAuxiliaryId: string;
  unitPrice: string;
  description: string;
  unitOfMeasure: string;
  unspsc: string | null;
  manufacturerPartId: string;
  manufacturerName: string;
  /** Days until it ships: 0 when in stock. */
  leadTimeDays: number;
}

export interface OrderMessage {
  buyerCookie: string;
  /** Who the store is to the procurement system, and who the buyer is. */
  from: Credential;
  to: Credential;
  total: string;
  tax: string;
  /** What the procurement system may do with the cart later: edit it, or only inspect it. */
  operationAllowed: "edit" | "inspect";
  lines: OrderMessageLine[];
}

export const credential = ({ domain, identity }: Credential) => ({
  Credential: { "@domain": domain, Identity: identity },
});

/** The PunchOutOrderMessage that brings a cart back to the procurement system. */
export function punchOutOrderMessage(message: OrderMessage, envelope: Envelope): string {
  return documentText(
    {
      Header: {
        From: credential(message.from),
        To: credential(message.to),
        Sender: { ...credential(message.from), UserAgent: "Cascade Industrial Supply" },
      },
      Message: {
        PunchOutOrderMessage: {
          BuyerCookie: message.buyerCookie,
          PunchOutOrderMessageHeader: {
            "@operationAllowed": message.operationAllowed,
            Total: money(message.total),
            Tax: { ...money(message.tax), Description: { "@xml:lang": "en-US", "#text": "Estimated sales tax" } },
          },
          ItemIn: message.lines.map((line) => ({
            "@quantity": String(line.quantity),
            ItemID: { SupplierPartID: line.supplierPartId, SupplierPartAuxiliaryID: line.supplierPartAuxiliaryId },
            // In the DTD's order: UnitPrice, Description, UnitOfMeasure, Classification, ManufacturerPartID,
            // ManufacturerName, LeadTime.
            ItemDetail: {
              UnitPrice: money(line.unitPrice),
              Description: { "@xml:lang": "en-US", "#text": line.description },
              UnitOfMeasure: line.unitOfMeasure,
              Classification: { "@domain": "UNSPSC", "#text": line.unspsc ?? "" },
              ManufacturerPartID: line.manufacturerPartId,
              ManufacturerName: line.manufacturerName,
              LeadTime: String(line.leadTimeDays),
            },
          })),
        },
      },
    },
    envelope,
  );
}
