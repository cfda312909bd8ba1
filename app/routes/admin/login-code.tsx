// The second step of signing in for an account with two-factor sign-in (admins who set it up):
// the code from the authenticator app, or a recovery code. Reached from the admin login and the
// store's sign-in once the password was right.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { SIGN_IN_EXPIRED, twoFactorCodeSchema } from "../../../domain/accounts/account-schemas";
import { pendingSignIn, signInWithCode } from "../../../server/accounts/sign-in";
import { clientAddressContext } from "../../../server/context";
import { StoreError } from "../../../server/errors";
import { readForm } from "../../../server/forms";
import { dataWithToast, redirectWithToast } from "../../../server/toast";
import { AdminPage } from "../../components/admin/admin-shell";
import { Field } from "../../components/form-field";
import { SubmitButton } from "../../components/submit-button";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { useZodForm } from "../../components/use-zod-form";
import { withRetryAfter } from "../../lib/retry-after";
import { safeRedirect } from "../../lib/safe-redirect";
import type { Route } from "./+types/login-code";

export function meta() {
  return [{ title: "Two-Factor Sign-In | Cascade Industrial Supply" }];
}

export function headers(args: Route.HeadersArgs) {
  const headers = withRetryAfter(args);
  headers.set("Cache-Control", "private, no-store");
  return headers;
}

export async function loader({ request }: Route.LoaderArgs) {
  return { email: await pendingSignIn(request) };
}

type CodeAnswer = { reply: SubmissionResult<string[]>; failure?: string; expired?: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: twoFactorCodeSchema });
  const reply = submission.reply({ hideFields: ["code"] });
  if (submission.status !== "success") return data<CodeAnswer>({ reply }, 400);
  const failed = (failure: string, status: number, headers: HeadersInit = {}) =>
    dataWithToast<CodeAnswer>(
      { reply, failure, expired: failure === SIGN_IN_EXPIRED },
      { type: "error", title: failure },
      status,
      headers,
    );
  try {
    const result = await signInWithCode(request, {
      code: submission.value.code,
      address: context.get(clientAddressContext),
    });
    if (result.outcome !== "signed-in") return failed(`Login failed: ${result.message}`, result.status);
    const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/admin");
    return redirectWithToast(redirectTo, { type: "success", title: "Login successful!" }, result.headers);
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return failed(`Login failed: ${error.message}`, error.status, error.headers);
  }
}

export default function LoginCodePage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm("two-factor-code", twoFactorCodeSchema, { lastResult: actionData?.reply });
  const login = `/admin/login?${new URLSearchParams({ redirectTo: searchParams.get("redirectTo") ?? "/admin" })}`;
  const expired = !loaderData.email || actionData?.expired;
  return (
    <AdminPage>
      <Card className="mx-auto max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold text-slate-950">Two-Factor Sign-In</h1>
        </CardHeader>
        <CardContent className="space-y-4 py-6">
          {actionData?.failure && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {actionData.failure}
            </p>
          )}
          {expired ? (
            <>
              {!actionData?.failure && <p className="text-slate-800">{SIGN_IN_EXPIRED}</p>}
              <Link to={login} className="font-medium text-brand-700 underline">
                Sign in again
              </Link>
            </>
          ) : (
            <>
              <p className="text-slate-800">
                Signing in as <strong>{loaderData.email}</strong>. Enter the 6-digit code from your authenticator app,
                or one of your recovery codes.
              </p>
              <Form method="post" {...getFormProps(form)} className="space-y-4">
                <Field meta={fields.code} label="Code" autoComplete="one-time-code" />
                <SubmitButton busy={busy}>Verify</SubmitButton>
              </Form>
            </>
          )}
        </CardContent>
      </Card>
    </AdminPage>
  );
}
