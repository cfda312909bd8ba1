import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { signInSchema, signUpSchema } from "../../domain/accounts/account-schemas";
import { registerBuyer } from "../../server/accounts/register";
import { currentUser } from "../../server/accounts/session";
import { codeStepPath, signInWithPassword } from "../../server/accounts/sign-in";
import { type Buyer, clientAddressContext } from "../../server/context";
import { dispatchIntent, type FormIntent } from "../../server/form-intents";
import { redirectWithToast } from "../../server/toast";
import { AddressFields } from "../components/address-fields";
import { CheckboxField, Field } from "../components/form-field";
import { SubmitButton } from "../components/submit-button";
import { type ToastMessage, useToast } from "../components/toasts";
import { Card, CardContent } from "../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { useZodForm } from "../components/use-zod-form";
import { withRetryAfter } from "../lib/retry-after";
import { safeRedirect } from "../lib/safe-redirect";
import type { Route } from "./+types/auth";

export function meta() {
  return [{ title: "Sign In or Create Account | Cascade Industrial Supply" }];
}

// A Map, so that ?error=constructor finds no message of the properties every object has.
const verificationErrors = new Map([
  ["INVALID_TOKEN", "That confirmation link is not valid. Sign in to get a new one."],
  ["TOKEN_EXPIRED", "That confirmation link has expired. Sign in to get a new one."],
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  if (currentUser(context)) throw redirect("/");
  const url = new URL(request.url);
  const error = url.searchParams.get("error");
  const notice: ToastMessage | null = url.searchParams.has("confirmed")
    ? error
      ? {
          type: "error",
          title: "Error",
          description: verificationErrors.get(error) ?? verificationErrors.get("INVALID_TOKEN"),
        }
      : { type: "success", title: "Email confirmed", description: "You can sign in now." }
    : null;
  return { notice };
}

type LastResult = SubmissionResult<string[]>;
type ActionResult = { intent: string; toast?: ToastMessage; reply?: LastResult };

/** Refused for trying too often: the answer says when to try again (Retry-After). */
export const headers = withRetryAfter;

/** The page's two forms; a refusal is told in the answer's own toast, on the tab it came from. */
const intents: Record<string, FormIntent<Buyer | null>> = {
  "sign-in": {
    failure: "Error signing in",
    toast: "inline",
    about: () => ({ intent: "sign-in" }),
    handle: (_visitor, formData, { request, context }) => signIn(request, formData, context.get(clientAddressContext)),
  },
  "sign-up": {
    failure: "Error creating account",
    toast: "inline",
    about: () => ({ intent: "sign-up" }),
    handle: (_visitor, formData, { context }) => signUp(formData, context.get(clientAddressContext)),
  },
};

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents, { as: "visitor" });
}

async function signIn(request: Request, formData: FormData, address: string) {
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") return data<ActionResult>({ intent: "sign-in", reply: submission.reply() }, 400);
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  const result = await signInWithPassword(request, { ...submission.value, address, returnTo: redirectTo });
  if (result.outcome === "refused") {
    return data<ActionResult>(
      {
        intent: "sign-in",
        toast: { type: "error", title: "Error signing in", description: result.message },
        reply: submission.reply({ resetForm: false }),
      },
      400,
    );
  }
  if (result.outcome === "needs-code") return redirect(codeStepPath(redirectTo), { headers: result.headers });
  return redirectWithToast(
    redirectTo,
    { type: "success", title: "Welcome back!", description: "You have been signed in successfully." },
    result.headers,
  );
}

async function signUp(formData: FormData, address: string) {
  const submission = parseWithZod(formData, { schema: signUpSchema });
  if (submission.status !== "success") return data<ActionResult>({ intent: "sign-up", reply: submission.reply() }, 400);
  // The same answer whether the address is new or already has an account (whose owner is e-mailed).
  // The confirmation link leads back to where the buyer signed up from (the checkout and its cart).
  await registerBuyer(submission.value, { address, returnTo: safeRedirect(formData.get("redirectTo")) });
  return data<ActionResult>({
    intent: "sign-up",
    reply: submission.reply({ resetForm: true }),
    toast: {
      type: "success",
      title: "Account created!",
      description:
        "Please check your email to confirm your account. Your account number will be generated automatically.",
    },
  });
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState(searchParams.get("tab") === "sign-up" ? "sign-up" : "sign-in");
  useToast(loaderData.notice);
  const answer = actionData as ActionResult | undefined;
  useToast(answer?.toast);
  const redirectTo = searchParams.get("redirectTo") ?? "";

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="mb-6 text-center text-3xl font-bold text-slate-950">Your Account</h1>
      <Card>
        <CardContent className="py-6">
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList>
              <TabsTrigger value="sign-in">Sign In</TabsTrigger>
              <TabsTrigger value="sign-up">Create Account</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in">
              <SignInForm
                lastResult={answer?.intent === "sign-in" ? answer.reply : undefined}
                redirectTo={redirectTo}
              />
            </TabsContent>
            <TabsContent value="sign-up">
              <SignUpForm
                lastResult={answer?.intent === "sign-up" ? answer.reply : undefined}
                redirectTo={redirectTo}
              />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </div>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function SignInForm({ lastResult, redirectTo }: { lastResult: LastResult | undefined; redirectTo: string }) {
  const busy = useBusy("sign-in");
  const [form, fields] = useZodForm("sign-in", signInSchema, { lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="sign-in" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
      <Field meta={fields.password} label="Password" type="password" autoComplete="current-password" />
      <SubmitButton busy={busy}>Sign In</SubmitButton>
      <p className="text-center text-sm">
        <Link to="/auth/forgot-password" className="font-medium text-brand-700 underline">
          Forgot password?
        </Link>
      </p>
    </Form>
  );
}

function SignUpForm({ lastResult, redirectTo }: { lastResult: LastResult | undefined; redirectTo: string }) {
  const busy = useBusy("sign-up");
  const [sameAsShipping, setSameAsShipping] = useState(true);
  const [form, fields] = useZodForm("sign-up", signUpSchema, { lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="sign-up" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.firstName} label="First Name" autoComplete="given-name" />
        <Field meta={fields.lastName} label="Last Name" autoComplete="family-name" />
      </div>
      <Field meta={fields.companyName} label="Company" autoComplete="organization" optional />
      <Field meta={fields.phone} label="Phone" type="tel" autoComplete="tel" optional />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
      <Field meta={fields.password} label="Password" type="password" autoComplete="new-password" />
      <AddressFields kind="shipping" meta={fields.shipping} />
      <CheckboxField
        id="sign-up-same-as-shipping"
        name="sameAsShipping"
        label="Billing address same as shipping"
        checked={sameAsShipping}
        onCheckedChange={setSameAsShipping}
      />
      {!sameAsShipping && <AddressFields kind="billing" meta={fields.billing} />}
      <SubmitButton busy={busy}>Create Account</SubmitButton>
    </Form>
  );
}
