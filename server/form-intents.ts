// The account pages' actions (addresses, company members, approvals, API keys, tax certificates):
// each form posts an `intent`, the page maps intents to handlers, and this dispatches a post to its
// handler as the signed-in member, with the same answers on every page for an unknown intent, a
// form that does not parse and a refusal (StoreError) from the rules.
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import type { z } from "zod";
import { requireBuyer } from "./accounts/session";
import type { Buyer } from "./companies/buyer";
import { readForm } from "./forms";
import { dataWithErrorToast, dataWithToast } from "./toast";

/** One form of a page: what runs, and the toast's title when the rules refuse it. */
export interface FormIntent {
  failure: string;
  handle: (buyer: Buyer, formData: FormData) => Promise<unknown>;
}

/** Runs the handler the post's `intent` names, for the signed-in member; a guest is sent to sign in. */
export async function dispatchIntent(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  intents: Readonly<Record<string, FormIntent>>,
) {
  const buyer = requireBuyer(args);
  const formData = await readForm(args.request);
  const name = String(formData.get("intent"));
  // hasOwn: a name such as "constructor" must not reach the properties every object has.
  const intent = Object.hasOwn(intents, name) ? intents[name] : undefined;
  if (!intent) return dataWithToast({ ok: false }, { type: "error", title: "That action is not known." }, 400);
  return intent.handle(buyer, formData).catch((error: unknown) => dataWithErrorToast(intent.failure, error));
}

/** A form parsed with its page's schema; one no form of the page sends is answered 400, never a 500. */
export function parsedForm<Output>(formData: FormData, schema: z.ZodType<Output>) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return { refused: data({ ok: false, reply: submission.reply() }, 400) } as const;
  return { value: submission.value } as const;
}

/** A form that did what it asked: the success toast. */
export const succeeded = (title: string, description?: string) =>
  dataWithToast({ ok: true }, { type: "success", title, description });
