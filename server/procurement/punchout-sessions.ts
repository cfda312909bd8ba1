// PunchOut sessions (docs/punchout.md): a setup request is answered with a StartPage URL holding a
// one-time token that expires in a few minutes. Opening it signs the connection's member in, with
// no password, in a browser session that names the PunchOut session; the store then shows that
// member their company's catalogue and prices as to any member, and the checkout transfers the
// cart back instead of placing an order. The member's cart is the PunchOut cart: a `create`
// starts it empty, `edit` and `inspect` fill it with the lines the procurement system sent back.
import { createHash, randomBytes } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { auth } from "../accounts/auth";
import { addToCart, clearCart, findOrCreateCart } from "../cart/cart";
import { findPartNumbers } from "../cart/quick-order";
import { buyerOf } from "../companies/buyer";
import { config } from "../config";
import { db } from "../db/client";
import { procurementConnections, punchoutSessions } from "../db/schema";
import { StoreError } from "../errors";
import type { Connection } from "./connections";

export const START_PAGE_MINUTES = 5;
export type PunchOutOperation = "create" | "edit" | "inspect";

export interface PunchOutRequest {
  operation: PunchOutOperation;
  buyerCookie: string;
  /** Where the cart goes back: cXML's BrowserFormPost, OCI's HOOK_URL. */
  returnUrl: string;
  lines: { partNumber: string; quantity: number }[];
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** The StartPage of a new PunchOut session for the connection. */
export async function startPunchOut(connection: Connection, request: PunchOutRequest, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  await db()
    .insert(punchoutSessions)
    .values({
      connectionId: connection.id,
      tokenHash: hashOf(token),
      tokenExpiresAt: new Date(now.getTime() + START_PAGE_MINUTES * 60_000),
      operation: request.operation,
      buyerCookie: request.buyerCookie,
      returnUrl: request.returnUrl,
      lines: request.lines,
      createdAt: now,
    });
  return { url: `${config().PUBLIC_URL}/punchout/start/${token}` };
}

export const startPageUsedMessage =
  "This PunchOut link has been used or has expired. Start again from your procurement system.";

/**
 * Opens a StartPage: the token is spent (a second opening is refused), the member signed in and
 * their cart set for the operation. Returns the session cookie to set and the lines that could
 * not be put back (no longer sold, or outside the company's catalogue).
 */
export async function openPunchOut(token: string, request: Request, now = new Date()) {
  const [opened] = await db()
    .update(punchoutSessions)
    .set({ openedAt: now })
    .where(
      and(
        eq(punchoutSessions.tokenHash, hashOf(token)),
        isNull(punchoutSessions.openedAt),
        gt(punchoutSessions.tokenExpiresAt, now),
      ),
    )
    .returning();
  if (!opened) throw new StoreError("Forbidden", startPageUsedMessage);
  const [connection] = await db()
    .select()
    .from(procurementConnections)
    .where(eq(procurementConnections.id, opened.connectionId));
  const buyer = connection && (await buyerOf(connection.memberUserId));
  if (!connection || !buyer?.company || buyer.company.id !== connection.companyId)
    throw new StoreError("Forbidden", "This connection's member no longer belongs to the company. Ask the supplier.");
  const cartId = await findOrCreateCart({ userId: buyer.userId });
  await clearCart(cartId);
  const notRestored: string[] = [];
  if (opened.lines.length) {
    const find = await findPartNumbers(
      opened.lines.map((line) => line.partNumber),
      buyer.catalogue,
    );
    for (const line of opened.lines) {
      const product = find(line.partNumber);
      if (!product) {
        notRestored.push(line.partNumber);
        continue;
      }
      await addToCart(cartId, product.id, line.quantity, buyer.catalogue).catch((error: unknown) => {
        if (!(error instanceof StoreError)) throw error;
        notRestored.push(line.partNumber);
      });
    }
  }
  return { cookie: await signIn(buyer.userId, opened.id, request), operation: opened.operation, notRestored };
}

/** A browser session for the member, marked as this PunchOut session's; it ends with the browser. */
async function signIn(userId: string, punchoutSessionId: string, request: Request): Promise<string> {
  const context = await auth().$context;
  const session = await context.internalAdapter.createSession(
    userId,
    true,
    { punchoutSessionId, userAgent: request.headers.get("user-agent") ?? "" },
    true,
  );
  const cookie = context.authCookies.sessionToken;
  const value = encodeURIComponent(`${session.token}.${await makeSignature(session.token, context.secret)}`);
  const attributes = [`Path=${cookie.attributes.path ?? "/"}`, "HttpOnly", "SameSite=Lax"];
  if (cookie.attributes.secure) attributes.push("Secure");
  return [`${cookie.name}=${value}`, ...attributes].join("; ");
}

export interface PunchOut {
  id: string;
  operation: PunchOutOperation;
  buyerCookie: string;
  returnUrl: string;
  connection: Pick<Connection, "id" | "name" | "protocol" | "identity" | "domain">;
}

/** The PunchOut session a browser session names, with its connection; null once either is gone. */
export async function punchOutById(id: string): Promise<PunchOut | null> {
  const [row] = await db()
    .select({
      id: punchoutSessions.id,
      operation: punchoutSessions.operation,
      buyerCookie: punchoutSessions.buyerCookie,
      returnUrl: punchoutSessions.returnUrl,
      connection: {
        id: procurementConnections.id,
        name: procurementConnections.name,
        protocol: procurementConnections.protocol,
        identity: procurementConnections.identity,
        domain: procurementConnections.domain,
      },
    })
    .from(punchoutSessions)
    .innerJoin(procurementConnections, eq(procurementConnections.id, punchoutSessions.connectionId))
    .where(eq(punchoutSessions.id, id));
  return row ?? null;
}
