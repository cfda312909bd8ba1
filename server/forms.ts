// Reading a posted form in an action. A body that is not a form, or not a well-formed one, is the
// client's mistake and answers 415 or 400 with a short message, never the store's 500.
import { z } from "zod";

const FORM_TYPE = /^\s*(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

// The store's forms name their fields `email`, `intent`, `shipping.line1`: words joined by dots, a
// word followed by a list index of at most two digits (`tiers[3].unitPrice`, the product editor's rows).
// Conform reads dots and brackets as paths into an object; a name such as `x[99999999]` would have
// it build an array that large, and `__proto__` or `a..b` make it throw. No form of ours sends one.
const FIELD_WORD = String.raw`[A-Za-z_][\w-]{0,63}(?:\[\d{1,2}\])?`;
const FIELD_NAME = new RegExp(`^${FIELD_WORD}(?:\\.${FIELD_WORD}){0,3}$`);
const OBJECT_MEMBERS = /(?:^|\.)(?:__proto__|constructor|prototype)(?:\.|$)/;

// The store's longest form, the product editor with every row filled, sends a few hundred fields.
// Parsing is paid per field: 200,000 one-byte fields in an 11 MB upload held the event loop for a
// second. They are counted first, on the bytes, where counting costs next to nothing.
export const MAX_FORM_FIELDS = 1_000;

/** How many fields a form's body holds: its multipart boundaries, or its urlencoded pairs. */
function fieldCount(body: Buffer, contentType: string): number {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  const separator = boundary ? `--${boundary[1] ?? boundary[2]}` : "&";
  let count = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, at + separator.length)) count++;
  // A multipart body closes with one boundary more than it has parts; a urlencoded one has a pair more than its "&".
  return boundary ? count - 1 : count + 1;
}

const refuse = (message: string, status: number) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The request's form fields, keeping only names a form of the store could have sent. `lists` are
 * the form's lists, whose rows Conform posts as `name[0]…`: a field of a list's bare name is no
 * field of the form and is dropped (Conform, showing the form again, would find text where it
 * draws a list, and the page could not be drawn). Throws a 415 for another encoding (JSON, text,
 * none), a 413 for more than MAX_FORM_FIELDS fields and a 400 for a form that cannot be read (a
 * malformed multipart boundary, a truncated body) or for a Conform button (`__intent__`) other
 * than adding or removing a row of one of `lists`.
 */
export async function readForm(
  request: Request,
  { lists = [] }: { lists?: readonly string[] } = {},
): Promise<FormData> {
  if (!FORM_TYPE.test(request.headers.get("content-type") ?? "")) {
    throw refuse("Send this form as application/x-www-form-urlencoded or multipart/form-data.", 415);
  }
  const contentType = request.headers.get("content-type") ?? "";
  let sent: FormData;
  try {
    const body = Buffer.from(await request.arrayBuffer());
    if (fieldCount(body, contentType) > MAX_FORM_FIELDS)
      throw refuse(`This form has more than ${MAX_FORM_FIELDS.toLocaleString("en-US")} fields.`, 413);
    sent = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    if (error instanceof Response) throw error;
    throw refuse("That form could not be read. Please reload the page and try again.", 400);
  }
  const form = new FormData();
  for (const [name, value] of sent) {
    if (FIELD_NAME.test(name) && !OBJECT_MEMBERS.test(name) && !lists.includes(name)) form.append(name, value);
  }
  refuseOtherIntents(form, lists);
  return form;
}

/** The form as an object for a zod schema: the fields named in `lists` as arrays (checkboxes, repeated inputs). */
export function formObject(form: FormData, lists: readonly string[] = []): Record<string, unknown> {
  const object: Record<string, unknown> = Object.fromEntries(form);
  for (const name of lists) object[name] = form.has(name) ? form.getAll(name) : undefined;
  return object;
}

const listIntentSchema = z.strictObject({
  type: z.enum(["insert", "remove"]),
  payload: z.strictObject({ name: z.string(), index: z.number().int().min(0).max(99).optional() }),
});

/**
 * Without JavaScript, Conform's Add and Remove buttons post an `__intent__` naming the list
 * (`{"type":"insert","payload":{"name":"tiers"}}`); with it, Conform keeps its intents in the
 * browser (app/components/use-zod-form.ts). Only adding or removing a row of one of `lists` passes:
 * Conform throws on a malformed intent (a 500: `__intent__=x` on any form) and would build whatever
 * path another one names, so anything else is refused with a 400 before Conform reads it.
 */
function refuseOtherIntents(form: FormData, lists: readonly string[]) {
  const sent = form.get("__intent__");
  if (sent === null) return;
  let intent: unknown;
  try {
    intent = JSON.parse(String(sent));
  } catch {
    intent = undefined;
  }
  const parsed = listIntentSchema.safeParse(intent);
  if (!parsed.success || !lists.includes(parsed.data.payload.name))
    throw refuse("That button does not belong to this form. Please reload the page and try again.", 400);
}
