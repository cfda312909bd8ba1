// What the category editor's three pages share in their actions: the admin guard, the table from
// intent to handler, and answers that put a form's field errors on that form.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { requireAdmin } from "../../../server/accounts/session";
import { readForm } from "../../../server/forms";
import { dataWithErrorToast, dataWithToast } from "../../../server/toast";

export interface EditorIntent {
  /** The title of the toast when it fails. */
  failure: string;
  handle: (adminId: string, formData: FormData) => Promise<Response | ReturnType<typeof data>>;
}

/** Runs the intent the form names, as the signed-in admin; a refused change answers with a toast. */
export async function runEditorIntent(
  request: Request,
  context: Readonly<RouterContextProvider>,
  intents: Record<string, EditorIntent>,
) {
  const admin = requireAdmin({ context });
  const formData = await readForm(request);
  const name = String(formData.get("intent"));
  // hasOwn: a name such as "constructor" must not reach the properties every object has.
  const intent = Object.hasOwn(intents, name) ? intents[name] : undefined;
  if (!intent)
    return dataWithToast(
      { ok: false },
      { type: "error", title: "Error", description: "That action is not known." },
      400,
    );
  return intent.handle(admin.id, formData).catch((error: unknown) => dataWithErrorToast(intent.failure, error));
}

type Parsed<Schema extends z.ZodType> =
  | { ok: true; value: z.output<Schema>; reply: SubmissionResult<string[]> }
  | { ok: false; answer: ReturnType<typeof data> };

/** The form read by `schema`; when it does not parse, the 400 that shows its errors on form `formId`. */
export function parseEditorForm<Schema extends z.ZodType>(
  formData: FormData,
  schema: Schema,
  formId: string,
): Parsed<Schema> {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return { ok: false, answer: data({ formId, reply: submission.reply() }, 400) };
  return { ok: true, value: submission.value as z.output<Schema>, reply: submission.reply({ resetForm: true }) };
}
