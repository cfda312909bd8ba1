import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { resetPasswordSchema } from "../../domain/accounts/account-schemas";
import { auth } from "../../server/accounts/auth";
import { handleForm } from "../../server/form-intents";
import { redirectWithToast } from "../../server/toast";
import { Field } from "../components/form-field";
import { SubmitButton } from "../components/submit-button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { useZodForm } from "../components/use-zod-form";
import type { Route } from "./+types/auth.reset-password";

const LINK_NOT_VALID = "This reset link has expired or was already used. Ask for a new one.";

export function meta() {
  return [{ title: "Choose a New Password | Cascade Industrial Supply" }];
}

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  return { token: url.searchParams.has("error") ? null : token };
}

type ActionResult = { reply: SubmissionResult<string[]>; linkError?: string };

export function action(args: Route.ActionArgs) {
  return handleForm(
    args,
    {
      async handle(_visitor, formData) {
        const submission = parseWithZod(formData, { schema: resetPasswordSchema });
        if (submission.status !== "success") return data<ActionResult>({ reply: submission.reply() }, 400);
        const { token, password } = submission.value;
        const ok = await auth()
          .api.resetPassword({ body: { token, newPassword: password } })
          .then(() => true)
          .catch(() => false);
        if (!ok) return data<ActionResult>({ reply: submission.reply(), linkError: LINK_NOT_VALID }, 400);
        return redirectWithToast("/auth", {
          type: "success",
          title: "Password updated",
          description: "You can sign in with your new password.",
        });
      },
    },
    { as: "visitor" },
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as ActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm("reset-password", resetPasswordSchema, {
    lastResult: answer?.reply,
    defaultValue: { token: loaderData.token ?? "" },
  });
  const linkError = answer?.linkError ?? (loaderData.token ? null : LINK_NOT_VALID);
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <Card>
        <CardHeader>
          <CardTitle>
            <span className="text-2xl">Choose a new password</span>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4 py-6">
          {linkError ? (
            <>
              <p role="alert" className="text-red-700">
                {linkError}
              </p>
              <Link to="/auth/forgot-password" className="font-medium text-brand-700 underline">
                Send a new reset link
              </Link>
            </>
          ) : (
            <Form method="post" {...getFormProps(form)} className="space-y-4">
              <input {...getInputProps(fields.token, { type: "hidden" })} />
              <Field meta={fields.password} label="New Password" type="password" autoComplete="new-password" />
              <SubmitButton busy={busy}>Save New Password</SubmitButton>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
