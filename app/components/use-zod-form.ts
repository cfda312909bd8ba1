import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

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
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
