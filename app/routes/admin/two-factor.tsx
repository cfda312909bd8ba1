// Setting up two-factor sign-in for the signed-in admin: the password again, then the QR code
// (and its link as text) for an authenticator app with the recovery codes, shown once, then the
// first code from the app, which turns it on.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useFetcher } from "react-router";
import { authenticatorCodeSchema, twoFactorPasswordSchema } from "../../../domain/accounts/account-schemas";
import { requireAdmin } from "../../../server/accounts/session";
import { confirmEnrolment, type Enrolment, startEnrolment } from "../../../server/accounts/two-factor";
import { config } from "../../../server/config";
import { clientAddressContext, type SignedInUser } from "../../../server/context";
import { dispatchIntent, type FormIntent } from "../../../server/form-intents";
import { redirectWithToast } from "../../../server/toast";
import { Field } from "../../components/form-field";
import { SubmitButton } from "../../components/submit-button";
import { type ToastMessage, useToast } from "../../components/toasts";
import { Card, CardContent, CardHeader } from "../../components/ui/card";
import { useZodForm } from "../../components/use-zod-form";
import { withRetryAfter } from "../../lib/retry-after";
import type { Route } from "./+types/two-factor";

export function meta() {
  return [{ title: "Two-Factor Sign-In | Admin | Cascade Industrial Supply" }];
}

/** The admin pages' own headers (no-store), and Retry-After when the action was refused for trying too often. */
export const headers = withRetryAfter;

export function loader({ context }: Route.LoaderArgs) {
  const user = requireAdmin({ context }, { enrolling: true });
  return { email: user.email, enabled: user.twoFactorEnabled, required: config().ADMIN_REQUIRE_2FA };
}

type SetupAnswer = { reply?: SubmissionResult<string[]>; enrolment?: Enrolment; toast?: ToastMessage };

/** The form's reply, without the password or code it sent. */
const replyOf = (formData: FormData, schema: typeof authenticatorCodeSchema | typeof twoFactorPasswordSchema) =>
  parseWithZod(formData, { schema }).reply({ hideFields: ["password", "code"] });

/** A refusal is told in the answer's own toast, beside the form it was sent from. */
const notSetUp = { failure: "Two-factor sign-in was not set up", toast: "inline" } as const;

const intents: Record<string, FormIntent<SignedInUser>> = {
  start: {
    ...notSetUp,
    about: (formData) => ({ reply: replyOf(formData, twoFactorPasswordSchema) }),
    async handle(user, formData, { request, context }) {
      const submission = parseWithZod(formData, { schema: twoFactorPasswordSchema });
      if (submission.status !== "success")
        return data<SetupAnswer>({ reply: replyOf(formData, twoFactorPasswordSchema) }, 400);
      const address = context.get(clientAddressContext);
      return { enrolment: await startEnrolment(request, { user, password: submission.value.password, address }) };
    },
  },
  confirm: {
    ...notSetUp,
    about: (formData) => ({ reply: replyOf(formData, authenticatorCodeSchema) }),
    async handle(user, formData, { request, context }) {
      const submission = parseWithZod(formData, { schema: authenticatorCodeSchema });
      if (submission.status !== "success")
        return data<SetupAnswer>({ reply: replyOf(formData, authenticatorCodeSchema) }, 400);
      const address = context.get(clientAddressContext);
      const headers = await confirmEnrolment(request, { user, code: submission.value.code, address });
      return redirectWithToast(
        "/admin",
        {
          type: "success",
          title: "Two-factor sign-in is on",
          description: "You will be asked for a code each time you sign in.",
        },
        headers,
      );
    },
  },
};

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents, { as: "admin", enrolling: true });
}

export default function TwoFactorPage({ loaderData }: Route.ComponentProps) {
  const { email, enabled, required } = loaderData;
  const start = useFetcher<SetupAnswer>();
  const enrolment = start.data?.enrolment;
  useToast(start.data?.toast);
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-950">Two-Factor Sign-In</h1>
      <p className="mt-1 max-w-2xl text-slate-700">
        With two-factor sign-in, a stolen password is not enough to get into the back office: signing in as {email} also
        asks for a code from an authenticator app on your phone.
      </p>
      {enabled ? (
        <p role="status" className="mt-6 font-medium text-slate-900">
          Two-factor sign-in is on for your account.
        </p>
      ) : (
        <div className="mt-6 grid max-w-3xl gap-6">
          {required && (
            <p role="alert" className="font-medium text-red-700">
              Set up two-factor sign-in to use the admin pages.
            </p>
          )}
          <Step title="1. Confirm it is you">
            <PasswordStep fetcher={start} />
          </Step>
          {enrolment && <AuthenticatorStep enrolment={enrolment} />}
        </div>
      )}
    </>
  );
}

function PasswordStep({ fetcher }: { fetcher: ReturnType<typeof useFetcher<SetupAnswer>> }) {
  const [form, fields] = useZodForm("two-factor-password", twoFactorPasswordSchema, {
    lastResult: fetcher.data?.reply,
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="max-w-sm space-y-4">
      <input type="hidden" name="intent" value="start" />
      <Field meta={fields.password} label="Password" type="password" autoComplete="current-password" />
      <SubmitButton busy={fetcher.state !== "idle"}>Show QR Code</SubmitButton>
    </fetcher.Form>
  );
}

function AuthenticatorStep({ enrolment }: { enrolment: Enrolment }) {
  const confirm = useFetcher<SetupAnswer>();
  useToast(confirm.data?.toast);
  const [form, fields] = useZodForm("two-factor-confirm", authenticatorCodeSchema, { lastResult: confirm.data?.reply });
  return (
    <>
      <Step title="2. Add the account to your authenticator app" className="space-y-3">
        <img src={enrolment.qrCode} alt="QR code for your authenticator app" width={200} height={200} />
        <div>
          <p className="text-sm text-slate-700">Or enter this setup link in the app:</p>
          <code data-testid="totp-uri" className="block break-all rounded bg-slate-100 p-2 text-sm text-slate-900">
            {enrolment.totpURI}
          </code>
        </div>
      </Step>
      <Step title="3. Keep your recovery codes" className="space-y-3">
        <p className="text-slate-700">
          Each code lets you in once if you lose your phone. They are shown only now: print them or keep them in a
          password manager.
        </p>
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-slate-900 sm:grid-cols-5">
          {enrolment.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </Step>
      <Step title="4. Enter the code the app shows">
        <confirm.Form method="post" {...getFormProps(form)} className="max-w-sm space-y-4">
          <input type="hidden" name="intent" value="confirm" />
          <Field meta={fields.code} label="Code from the app" autoComplete="one-time-code" />
          <SubmitButton busy={confirm.state !== "idle"}>Turn On Two-Factor Sign-In</SubmitButton>
        </confirm.Form>
      </Step>
    </>
  );
}

/** One numbered step of setting up, as a card with its heading. */
function Step({ title, className, children }: { title: string; className?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-xl font-semibold text-slate-950">{title}</h2>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}
