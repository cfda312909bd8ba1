// The second step of signing in for an account with two-factor sign-in (admins who set it up):
// the code from the authenticator app, or a recovery code. Reached from the admin login and the
// store's sign-in once the password was right.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { SIGN_IN_EXPIRED, twoFactorCodeSchema } from "../../../domain/accounts/account-schemas";
import { pendingSignIn, signInWithCode } from "../../../server/accounts/sign-in";
import { clientAddressContext } from "../../../server/context";
import { handleForm } from "../../../server/form-intents";
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

const loginFailed = (message: string) => `Login failed: ${message}`;
const replyOf = (formData: FormData) =>
  parseWithZod(formData, { schema: twoFactorCodeSchema }).reply({ hideFields: ["code"] });

/** A refused code: the toast for browsers with JavaScript, `failure` for the page without. */
const failedAnswer = (reply: SubmissionResult<string[]>, failure: string) => ({
  reply,
  failure,
  expired: failure === SIGN_IN_EXPIRED,
});

export function action(args: Route.ActionArgs) {
  return handleForm(
    args,
    {
      failure: loginFailed,
      about: (formData, error) => failedAnswer(replyOf(formData), loginFailed(error.message)),
      async handle(_visitor, formData, { request, context }) {
        const submission = parseWithZod(formData, { schema: twoFactorCodeSchema });
        const reply = replyOf(formData);
        if (submission.status !== "success") return data<CodeAnswer>({ reply }, 400);
        const result = await signInWithCode(request, {
          code: submission.value.code,
          address: context.get(clientAddressContext),
        });
        if (result.outcome !== "signed-in") {
          const failure = loginFailed(result.message);
          return dataWithToast<CodeAnswer>(
            failedAnswer(reply, failure),
            { type: "error", title: failure },
            result.status,
          );
        }
        const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/admin");
        return redirectWithToast(redirectTo, { type: "success", title: "Login successful!" }, result.headers);
      },
    },
    { as: "visitor" },
  );
}

export default function LoginCodePage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as CodeAnswer | undefined;
  const [searchParams] = useSearchParams();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm("two-factor-code", twoFactorCodeSchema, { lastResult: answer?.reply });
  const login = `/admin/login?${new URLSearchParams({ redirectTo: searchParams.get("redirectTo") ?? "/admin" })}`;
  const expired = !loaderData.email || answer?.expired;
  return (
    <AdminPage>
      <Card className="mx-auto max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold text-slate-950">Two-Factor Sign-In</h1>
        </CardHeader>
        <CardContent className="space-y-4 py-6">
          {answer?.failure && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {answer.failure}
            </p>
          )}
          {expired ? (
            <>
              {!answer?.failure && <p className="text-slate-800">{SIGN_IN_EXPIRED}</p>}
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
