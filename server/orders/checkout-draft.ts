// A guest's filled-in checkout form, kept across the sign-in detour: set when a guest places the
// order and is sent to sign in, read (and dropped) by the checkout page they come back to. A
// signed cookie kept for half an hour; nothing of a card is ever in this form. Its path is "/":
// a path of /checkout would not reach /checkout.data, how the page asks for its data.
import { createCookie } from "react-router";
import { config } from "../config";

const MAX_DRAFT_CHARACTERS = 4_000;

const draftCookie = () =>
  createCookie("checkout-draft", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 30 * 60,
    secure: config().PUBLIC_URL.startsWith("https:"),
    secrets: [config().AUTH_SECRET],
  });

/** The Set-Cookie that keeps the form's fields, or undefined for a form too large to keep. */
export async function keepCheckoutDraft(fields: Record<string, unknown>): Promise<string | undefined> {
  if (JSON.stringify(fields).length > MAX_DRAFT_CHARACTERS) return undefined;
  return draftCookie().serialize(fields);
}

/** The kept fields (or null), and the Set-Cookie that drops them once read. */
export async function takeCheckoutDraft(
  request: Request,
): Promise<{ draft: Record<string, unknown> | null; clear?: string }> {
  const value: unknown = await draftCookie().parse(request.headers.get("cookie"));
  if (value === null || value === undefined) return { draft: null };
  const clear = await draftCookie().serialize("", { maxAge: 0 });
  const draft = typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  return { draft, clear };
}
