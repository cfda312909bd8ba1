import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "react-router";
import { signInSchema } from "../../../domain/accounts/account-schemas";
import { Field } from "../form-field";
import { SubmitButton } from "../submit-button";
import { Card, CardContent, CardHeader } from "../ui/card";
import { useZodForm } from "../use-zod-form";

type LastResult = SubmissionResult<string[]>;

/**
 * The admin login, posted to /admin/login, which sends the admin on to `redirectTo`. A fetcher
 * sends it, so a failed attempt leaves the admin on the page they asked for; without
 * JavaScript it is a plain form post, and a failed one lands on the /admin/login page.
 */
export function AdminLoginForm({
  redirectTo,
  lastResult,
  failure,
}: {
  redirectTo: string;
  lastResult?: LastResult;
  /** Why the last attempt failed, for a page without JavaScript (which shows no toasts). */
  failure?: string;
}) {
  const login = useFetcher<{ reply?: LastResult }>();
  const [form, fields] = useZodForm("admin-login", signInSchema, { lastResult: login.data?.reply ?? lastResult });
  return (
    <Card className="mx-auto max-w-md">
      <CardHeader>
        <h1 className="text-2xl font-bold text-slate-950">Admin Login</h1>
      </CardHeader>
      <CardContent className="py-6">
        {failure && (
          <p role="alert" className="mb-4 text-sm font-medium text-red-700">
            {failure}
          </p>
        )}
        <login.Form
          method="post"
          action={`/admin/login?${new URLSearchParams({ redirectTo })}`}
          {...getFormProps(form)}
          className="space-y-4"
        >
          <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
          <Field meta={fields.password} label="Password" type="password" autoComplete="current-password" />
          <SubmitButton busy={login.state !== "idle"}>Sign In</SubmitButton>
        </login.Form>
      </CardContent>
    </Card>
  );
}
