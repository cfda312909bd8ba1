// The admin login's one action, and its page for browsers without JavaScript: a failed attempt
// comes back to this form with the e-mail still in it and the reason above it.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useSearchParams } from "react-router";
import { signInSchema } from "../../../domain/accounts/account-schemas";
import { codeStepPath, signInWithPassword } from "../../../server/accounts/sign-in";
import { clientAddressContext } from "../../../server/context";
import { handleForm } from "../../../server/form-intents";
import { dataWithToast, redirectWithToast } from "../../../server/toast";
import { AdminLoginForm } from "../../components/admin/admin-login";
import { AdminPage } from "../../components/admin/admin-shell";
import { withRetryAfter } from "../../lib/retry-after";
import { safeRedirect } from "../../lib/safe-redirect";
import type { Route } from "./+types/login";

export function meta() {
  return [{ title: "Admin Login | Cascade Industrial Supply" }];
}

type LoginAnswer = { reply: SubmissionResult<string[]>; failure?: string };

/** Refused for trying too often: the answer says when to try again (Retry-After). */
export const headers = withRetryAfter;

const loginFailed = (message: string) => `Login failed: ${message}`;
const replyOf = (formData: FormData) =>
  parseWithZod(formData, { schema: signInSchema }).reply({ hideFields: ["password"] });

// The toast is for browsers with JavaScript; the page below shows `failure` to those without.
const failed = (reply: SubmissionResult<string[]>, failure: string, status: number) =>
  dataWithToast<LoginAnswer>({ reply, failure }, { type: "error", title: failure }, status);

export function action(args: Route.ActionArgs) {
  return handleForm(
    args,
    {
      // A refusal the admin can act on (too many attempts: 429, and how long to wait) says why.
      failure: loginFailed,
      about: (formData, error) => ({ reply: replyOf(formData), failure: loginFailed(error.message) }),
      async handle(_visitor, formData, { request, context }) {
        const submission = parseWithZod(formData, { schema: signInSchema });
        const reply = replyOf(formData);
        if (submission.status !== "success") return data<LoginAnswer>({ reply }, 400);
        const address = context.get(clientAddressContext);
        const result = await signInWithPassword(request, { ...submission.value, address });
        if (result.outcome === "refused") return failed(reply, loginFailed(result.message), 400);
        const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/admin");
        if (result.outcome === "needs-code") return redirect(codeStepPath(redirectTo), { headers: result.headers });
        return redirectWithToast(redirectTo, { type: "success", title: "Login successful!" }, result.headers);
      },
    },
    { as: "visitor" },
  );
}

/** Reached by a form post without JavaScript; with it, the login form answers in place. */
export default function AdminLoginPage({ actionData }: Route.ComponentProps) {
  const answer = actionData as LoginAnswer | undefined;
  const [searchParams] = useSearchParams();
  return (
    <AdminPage>
      <AdminLoginForm
        redirectTo={searchParams.get("redirectTo") ?? "/admin"}
        lastResult={answer?.reply}
        failure={answer?.failure}
      />
    </AdminPage>
  );
}
