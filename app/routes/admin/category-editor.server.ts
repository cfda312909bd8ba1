// What the category editor's three pages share in their actions: answers that put a form's field
// errors on that form (the pages dispatch their intents with dispatchIntent, as an admin).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";

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
