// The one way to write an action.
//
// A page's action is a table from the `intent` its forms post to a handler, given to
// `dispatchIntent(args, intents, { as })`; a page with one form and no intent field gives its one
// handler to `handleForm(args, form, { as })`. `as` says who may post:
//   - "buyer" (the default): a signed-in member; a guest is sent to sign in; the handler gets the `Buyer`.
//   - "admin": `requireAdmin` (401/403, two-factor enrolment; `enrolling: true` on the enrolment page
//     itself); the handler gets the admin user.
//   - "visitor": anyone (sign-in, sign-up, sign-out, cart, checkout, contact forms); the handler gets
//     the `Buyer`, or null for a guest.
// The guard runs before the form is read. A handler gets (who, formData, args) and returns the
// page's answer: data, a redirect, `succeeded(...)`, or `parsedForm(...).refused` for a form that does
// not parse (400 with Conform's reply). An intent no form of the page sends is refused (Invalid, 400).
//
// Handlers do not catch. A `StoreError` thrown by the rules becomes the page's answer through one
// helper, `refusalAnswer`: the status (and Retry-After) is the error's kind's (Invalid 400, NotFound
// 404, Conflict 409, ...); the message goes where the form's `Refusal` says (a toast, the answer's own
// toast, Conform's reply as the form's or a field's error; beside the field the error names, when the
// rules know which) and always as `message`. Anything else is a bug: it is thrown on to the error
// boundary (a 500 page without details) and the log. A loader does the same with `.catch(refusedPage)`,
// or `.catch(refusedTo(path))` where a refusal sends the visitor elsewhere with a toast.
//
// A resource that answers a page's fetchers with the state they show in every answer (api.cart and
// api.reorder: the cart and who is asking, a guest's new cart kept or dropped; api.lists; api.back-in-
// stock) is written the same way: its refusal's `answer` makes the refusal's body and status the
// resource's own answer, and its handlers answer through the same function. The JSON API (api.v1),
// provider callbacks and streamed uploads are not forms and keep their own answers.
import { parseWithZod } from "@conform-to/zod/v4";
import type { Params, RouterContextProvider } from "react-router";
import { data } from "react-router";
import type { z } from "zod";
import { currentBuyer, requireAdmin, requireBuyer } from "./accounts/session";
import type { Buyer, SignedInUser } from "./context";
import { type ErrorKind, StoreError } from "./errors";
import { readForm } from "./forms";
import { dataWithToast, redirectWithToast, setToastHeader, type Toast } from "./toast";

/** What an action is given (React Router's action arguments). */
export interface FormArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: Params;
}

/** Who may post a page's forms. */
export type Poster = "buyer" | "admin" | "visitor";

/** What a handler is given as the one who posted: the buyer, the admin user, or (on open pages) the buyer or null. */
export type PosterOf<As extends Poster> = As extends "buyer" ? Buyer : As extends "admin" ? SignedInUser : Buyer | null;

/**
 * How a page shows a refusal (a StoreError) of one of its forms. The status and headers are always
 * the error's; the message is always the answer's `message`.
 */
export interface Refusal {
  /**
   * The toast's title, with the error's message as its description; a function words the title
   * from the message, with no description; without one, the message is the title.
   */
  failure?: string | ((message: string) => string);
  /**
   * Where the toast shows: "flash" (the default), the next page's toast, which survives a redirect;
   * "inline", the answer's own `toast`, for a page whose form stays; "none", the message is shown beside the form.
   */
  toast?: "flash" | "inline" | "none";
  /**
   * The form's schema: the answer carries Conform's `reply`, with the message as the form's error...
   * A refusal that names its field (`StoreError`'s `field`) is that field's error, with no toast.
   */
  schema?: z.ZodType;
  /** ...or as this field's error, for a refusal of one of `fieldKinds` (any kind when not given). */
  field?: string;
  fieldKinds?: readonly ErrorKind[];
  /** What else the answer carries (which of the page's forms the refusal is for, the form's reply). */
  about?: (formData: FormData, error: StoreError) => Record<string, unknown>;
  /**
   * For a resource whose every answer carries the state its fetchers show (the cart and who is
   * asking, the buyer's lists): the resource's own answer, made from the refusal's body, status and
   * headers, as its handlers make theirs. Without it the answer is `data(body, init)`.
   */
  answer?: (body: RefusalBody, init: { status: number; headers: Headers }) => unknown;
}

/** What a refused post is answered: `message` always; Conform's `reply`, the inline `toast` and `about`'s when asked. */
export type RefusalBody = Record<string, unknown> & { ok: false; message: string };

/** One form of a page: what runs, and how a refusal of it shows. */
export interface FormIntent<Who = Buyer> extends Refusal {
  handle: (who: Who, formData: FormData, args: FormArgs) => Promise<unknown>;
}

export interface PostOptions<As extends Poster> {
  /** Who may post; "buyer" when not given. */
  as?: As;
  /** For `as: "admin"`: the two-factor enrolment page, which an admin without a second factor may use. */
  enrolling?: boolean;
  /** The form's lists, whose rows Conform posts as `name[0]…` (server/forms.ts). */
  lists?: readonly string[];
}

export interface IntentOptions<As extends Poster> extends PostOptions<As> {
  /**
   * How a refusal shows for every form of the page, each form's own `Refusal` taking precedence; an
   * intent no form sends is refused this way too (a resource's `answer`, so that it carries the state).
   */
  refusal?: Refusal;
}

/** Runs the handler the post's `intent` names, for whoever `as` lets post (a signed-in buyer by default). */
export async function dispatchIntent<As extends Poster = "buyer">(
  args: FormArgs,
  intents: Readonly<Record<string, FormIntent<PosterOf<As>>>>,
  options: IntentOptions<As> = {},
) {
  const who = poster(args, options);
  const formData = await readForm(args.request, options);
  const name = String(formData.get("intent"));
  const page = options.refusal ?? {};
  // hasOwn: a name such as "constructor" must not reach the properties every object has.
  const intent = Object.hasOwn(intents, name) ? intents[name] : undefined;
  if (!intent) return refusalAnswer(new StoreError("Invalid", notKnown), page, formData);
  return run({ ...page, ...intent }, who, formData, args);
}

/** A page's one form (no intent field): runs its handler for whoever `as` lets post. */
export async function handleForm<As extends Poster = "buyer">(
  args: FormArgs,
  form: FormIntent<PosterOf<As>>,
  options: PostOptions<As> = {},
) {
  const who = poster(args, options);
  return run(form, who, await readForm(args.request, options), args);
}

function poster<As extends Poster>(args: FormArgs, { as, enrolling }: PostOptions<As>): PosterOf<As> {
  const who =
    as === "admin"
      ? requireAdmin(args, { enrolling })
      : as === "visitor"
        ? currentBuyer(args.context)
        : requireBuyer(args);
  return who as PosterOf<As>;
}

async function run<Who>(form: FormIntent<Who>, who: Who, formData: FormData, args: FormArgs) {
  try {
    return await form.handle(who, formData, args);
  } catch (error) {
    return refusalAnswer(error, form, formData);
  }
}

/**
 * The one translation of a refusal into an answer: the error's status and headers, `{ ok: false,
 * message }`, and the message where `refusal` shows it. Anything but a StoreError is thrown on.
 * `formData` is the form the refused post sent, for Conform's reply.
 */
export async function refusalAnswer(error: unknown, refusal: Refusal, formData?: FormData) {
  if (!(error instanceof StoreError)) throw error;
  const { failure, schema, field, fieldKinds, about, answer } = refusal;
  // A refusal of one of the form's fields is told beside it: a toast would say it twice.
  const besideField = error.field !== undefined && schema !== undefined && formData !== undefined;
  const toast = besideField ? "none" : (refusal.toast ?? "flash");
  const shown: Toast =
    typeof failure === "function"
      ? { type: "error", title: failure(error.message) }
      : failure
        ? { type: "error", title: failure, description: error.message }
        : { type: "error", title: error.message };
  const onField = besideField
    ? error.field
    : field !== undefined && (!fieldKinds || fieldKinds.includes(error.kind))
      ? field
      : undefined;
  const reply =
    schema && formData
      ? parseWithZod(formData, { schema }).reply(
          onField ? { fieldErrors: { [onField]: [error.message] } } : { formErrors: [error.message] },
        )
      : undefined;
  const headers = new Headers(error.headers);
  if (toast === "flash") headers.append(...(await setToastHeader(shown)));
  const body: RefusalBody = {
    ...(formData && about?.(formData, error)),
    ok: false,
    message: error.message,
    ...(reply && { reply }),
    ...(toast === "inline" && { toast: shown }),
  };
  const init = { status: error.status, headers };
  return answer ? answer(body, init) : data(body, init);
}

/**
 * For a loader: a refusal (a StoreError) becomes the page's error, with its status and message;
 * anything else is thrown on. `load().catch(refusedPage)`.
 */
export function refusedPage(error: unknown): never {
  if (error instanceof StoreError) throw data(error.message, { status: error.status, headers: error.headers });
  throw error;
}

/**
 * For a loader whose refusal sends the visitor elsewhere (`to`, or the page `to` names for it), with
 * its message as the toast there; anything else is thrown on. `load().catch(refusedTo("/account"))`.
 */
export function refusedTo(to: string | ((error: StoreError) => string)) {
  return async (error: unknown): Promise<never> => {
    if (!(error instanceof StoreError)) throw error;
    throw await redirectWithToast(typeof to === "string" ? to : to(error), { type: "error", title: error.message });
  };
}

/** A form parsed with its page's schema; one no form of the page sends is answered 400, never a 500. */
export function parsedForm<Output>(formData: FormData, schema: z.ZodType<Output>) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return { refused: data({ ok: false, reply: submission.reply() }, 400) } as const;
  return { value: submission.value } as const;
}

/**
 * The form's fields as `schema` reads them, for a form whose mistakes are told in a toast: one that
 * does not parse is refused (Invalid) with `message`, or else its first error.
 */
export function formFields<Schema extends z.ZodType>(formData: FormData, schema: Schema, message?: string) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status === "success") return submission.value as z.output<Schema>;
  throw new StoreError("Invalid", message ?? Object.values(submission.error ?? {}).flat()[0] ?? notKnown);
}

/**
 * The fields of a fetcher's form (an object: `formObject`) as `schema` reads them, each as sent: one
 * that does not parse is refused (Invalid) with the first problem's message.
 */
export function parsedFields<Schema extends z.ZodType>(fields: Record<string, unknown>, schema: Schema) {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new StoreError("Invalid", parsed.error.issues[0]?.message ?? notKnown);
  return parsed.data as z.output<Schema>;
}

const notKnown = "That action is not known.";

/** A form that did what it asked: the success toast. */
export const succeeded = (title: string, description?: string) =>
  dataWithToast({ ok: true }, { type: "success", title, description });
