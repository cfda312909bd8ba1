// Which cart a request means: the signed-in buyer's, or the guest cart its signed cookie names.
import { createCookie, type RouterContextProvider } from "react-router";
import { config } from "../config";
import { userContext } from "../context";
import { findOrCreateCart } from "./cart";

const NINETY_DAYS = 90 * 24 * 60 * 60;

const cartCookie = () =>
  createCookie("cart", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: NINETY_DAYS,
    secure: config().PUBLIC_URL.startsWith("https:"),
    secrets: [config().AUTH_SECRET],
  });

/** The guest cart id from the cookie; undefined when missing or tampered with (the signature fails). */
export async function guestCartIdFrom(request: Request): Promise<string | undefined> {
  const value = await cartCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" ? value : undefined;
}

export async function clearGuestCartCookie(): Promise<string> {
  return cartCookie().serialize("", { maxAge: 0 });
}

/**
 * The request's cart, for the user the request context names. Without `create`, a visitor who
 * never added anything gets no cart row (cartId undefined); with it, a guest's new cart comes
 * with the Set-Cookie that keeps it.
 */
export async function currentCart(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  { create }: { create: boolean },
) {
  const user = context.get(userContext);
  const guestCartId = user ? undefined : await guestCartIdFrom(request);
  if (!user && !guestCartId && !create) return { cartId: undefined, setCookie: undefined, user };
  const cartId = await findOrCreateCart({ userId: user?.id, guestCartId });
  const setCookie = !user && cartId !== guestCartId ? await cartCookie().serialize(cartId) : undefined;
  return { cartId, setCookie, user };
}
