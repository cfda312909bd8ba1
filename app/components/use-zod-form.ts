import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import type { z } from "zod";

// Conform's name for the hidden button its client-side intents (checking a field) submit with.
const INTENT = "__intent__";

/**
 * Conform checks a field when it loses focus by submitting the form with an intent, which its
 * submit handler keeps in the browser. A form reset after a success ("Account created!") remounts
 * its fields, and the one that had the focus (Enter pressed in it) loses it while React commits,
 * when React runs no handler: the intent went to the server as a real submission of the emptied
 * form (a 400 that replaced the page and its toast). An intent is never a submission to send.
 */
function keepIntentsInTheBrowser(event: SubmitEvent) {
  if (!event.defaultPrevented && event.submitter?.getAttribute("name") === INTENT) event.preventDefault();
}

/**
 * A Conform form checked by the same zod schema as its action: a field is checked when the
 * buyer leaves it, and a shown error clears while they type (so the layout does not jump
 * under their next click).
 */
export function useZodForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  options: { lastResult?: SubmissionResult<string[]>; defaultValue?: Record<string, unknown> } = {},
) {
  // Last in the submit event's path, after React's handlers (which prevent it when they run). The
  // browser adds one function once, however many forms ask, and it stays for the next page's forms.
  useEffect(() => window.addEventListener("submit", keepIntentsInTheBrowser), []);
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
