import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { forgotPasswordSchema } from "../../domain/accounts/account-schemas";
import { requestPasswordReset } from "../../server/accounts/password-reset";
import { clientAddressContext } from "../../server/context";
import { handleForm } from "../../server/form-intents";
import { Field } from "../components/form-field";
import { SubmitButton } from "../components/submit-button";
import { type ToastMessage, useToast } from "../components/toasts";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { useZodForm } from "../components/use-zod-form";
import { withRetryAfter } from "../lib/retry-after";
import type { Route } from "./+types/auth.forgot-password";

export function meta() {
  return [{ title: "Forgot Password | Cascade Industrial Supply" }];
}

type ActionResult = { reply: SubmissionResult<string[]>; toast?: ToastMessage; sent?: boolean };

/** Refused for trying too often: the answer says when to try again (Retry-After). */
export const headers = withRetryAfter;

export function action(args: Route.ActionArgs) {
  return handleForm(
    args,
    {
      // Refused for asking too often: told in the answer's own toast, with when to ask again.
      failure: "Error",
      toast: "inline",
      about: (formData) => ({ reply: parseWithZod(formData, { schema: forgotPasswordSchema }).reply() }),
      async handle(_visitor, formData, { context }) {
        const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
        if (submission.status !== "success") return data<ActionResult>({ reply: submission.reply() }, 400);
        // The same answer, in the same time, whether or not the address has an account.
        await requestPasswordReset({ email: submission.value.email, address: context.get(clientAddressContext) });
        return data<ActionResult>({ reply: submission.reply({ resetForm: true }), sent: true });
      },
    },
    { as: "visitor" },
  );
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const answer = actionData as ActionResult | undefined;
  useToast(answer?.toast);
  const [form, fields] = useZodForm("forgot-password", forgotPasswordSchema, { lastResult: answer?.reply });
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle>
            <span className="text-2xl">Forgot password?</span>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4 py-6">
          {answer?.sent ? (
            <p role="status" className="text-slate-800">
              If an account exists for that email, we have sent a link to reset its password. The link works once, for
              60 minutes.
            </p>
          ) : (
            <p className="text-slate-700">
              Enter your account's email and we will send you a link to choose a new password.
            </p>
          )}
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
            <SubmitButton busy={busy}>Send Reset Link</SubmitButton>
          </Form>
          <p className="text-center text-sm">
            <Link to="/auth" className="font-medium text-brand-700 underline">
              Back to Sign In
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
