// POST /punchout/cxml (docs/punchout.md): the one address a procurement system posts cXML to. The
// credentials open the connection; a PunchOutSetupRequest gets a StartPage, an OrderRequest an
// order. Every answer, refusals included, is a cXML Response whose Status code is also the HTTP
// status: 200, or 400 (the document), 401 (the credentials), 403 (not allowed), 409 (a conflict
// with the order: prices, credit, stock). Never HTML, and never a half-written order.

import { StoreError } from "../errors";
import { logger } from "../logger";
import { authenticate } from "./connections";
import {
  at,
  attributeOf,
  type CxmlDocument,
  childrenOf,
  cxmlResponse,
  newPayloadId,
  parseCxmlRequest,
  textOf,
  type XmlNode,
} from "./cxml";
import { acceptOrderRequest } from "./order-requests";
import { type PunchOutOperation, type PunchOutRequest, startPunchOut } from "./punchout-sessions";

const invalid = (message: string) => new StoreError("Invalid", message);
const OPERATIONS: readonly PunchOutOperation[] = ["create", "edit", "inspect"];

/** A cXML answer as an HTTP response. */
export function cxmlAnswer(code: number, message: string, host: string, content?: XmlNode): Response {
  return new Response(cxmlResponse({ code, message, content }, { payloadId: newPayloadId(host) }), {
    status: code,
    headers: { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** An http(s) URL the cart is posted back to; Invalid otherwise. */
export function returnUrlOf(text: string, what: string): string {
  const url = text.trim();
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url))
    throw invalid(`${what} must be the http:// or https:// address the cart is posted back to.`);
  return url;
}

/** What a PunchOutSetupRequest asks for. */
export function parseSetupRequest(node: XmlNode): PunchOutRequest {
  const operation = (attributeOf(node, "operation") || "create") as PunchOutOperation;
  if (!OPERATIONS.includes(operation))
    throw invalid(`PunchOutSetupRequest operation must be create, edit or inspect, not "${operation.slice(0, 20)}".`);
  const buyerCookie = textOf(node.BuyerCookie).trim();
  if (!buyerCookie) throw invalid("The PunchOutSetupRequest has no BuyerCookie.");
  if (buyerCookie.length > 500) throw invalid("The BuyerCookie is longer than 500 characters.");
  const returnUrl = returnUrlOf(textOf(at(node, "BrowserFormPost", "URL")), "BrowserFormPost URL");
  const lines = childrenOf(node, "ItemOut").map((item, index) => {
    const partNumber = (
      textOf(at(item, "ItemID", "SupplierPartAuxiliaryID")) || textOf(at(item, "ItemID", "SupplierPartID"))
    ).trim();
    const quantity = Number(attributeOf(item, "quantity"));
    if (!partNumber) throw invalid(`ItemOut ${index + 1} has no SupplierPartAuxiliaryID or SupplierPartID.`);
    if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > 1_000_000)
      throw invalid(
        `ItemOut ${index + 1} (${partNumber.slice(0, 40)}): quantity must be a whole number from 1 to 1,000,000.`,
      );
    return { partNumber: partNumber.slice(0, 60), quantity };
  });
  return { operation, buyerCookie, returnUrl, lines };
}

/**
 * The connection the document's credentials open: the From identities, then the Sender's, with the
 * Sender's secret (a system that puts it in its From credential instead is read too).
 */
function credentialsOf(document: CxmlDocument) {
  const secret = [...document.sender, ...document.from].find(
    (credential) => credential.sharedSecret !== undefined,
  )?.sharedSecret;
  if (secret === undefined)
    throw new StoreError(
      "Unauthorized",
      "The Sender credential has no SharedSecret: send the secret the supplier set up.",
    );
  return { candidates: [...document.from, ...document.sender], secret };
}

async function answer(text: string, host: string): Promise<Response> {
  const document = parseCxmlRequest(text);
  const { candidates, secret } = credentialsOf(document);
  const connection = await authenticate("cxml", candidates, secret);
  const { name, node } = document.request;
  if (name === "PunchOutSetupRequest") {
    const { url } = await startPunchOut(connection, parseSetupRequest(node));
    return cxmlAnswer(200, "PunchOut session started; open the StartPage within 5 minutes.", host, {
      PunchOutSetupResponse: { StartPage: { URL: url } },
    });
  }
  if (name === "OrderRequest") {
    const accepted = await acceptOrderRequest(connection, document.payloadId, node);
    const flagged = accepted.priceDifferences.length
      ? ` Prices differ from the purchase order on ${accepted.priceDifferences.length} line(s); the order is at the store's prices.`
      : "";
    return cxmlAnswer(
      200,
      `${accepted.replayed ? "Already accepted" : "Accepted"} as order ${accepted.orderNumber}.${flagged}`,
      host,
    );
  }
  throw invalid(`${name.slice(0, 60)} is not accepted here: send a PunchOutSetupRequest or an OrderRequest.`);
}

/** The answer to a POST of cXML: always a cXML Response, whatever went wrong. */
export async function answerCxmlRequest(request: Request): Promise<Response> {
  const host = new URL(request.url).host;
  try {
    return await answer(await request.text(), host);
  } catch (error) {
    if (error instanceof StoreError) {
      // Unknown to cXML's codes: a missing thing is a bad request, a busy store a conflict to retry.
      const code = error.status === 404 ? 400 : error.status === 429 || error.status === 503 ? 409 : error.status;
      return cxmlAnswer(code, error.message, host);
    }
    logger.error({ err: error }, "cXML request failed");
    return cxmlAnswer(500, "Something went wrong on our side. Please send the document again in a few minutes.", host);
  }
}
