import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { joinSchema, roleNames } from "../../domain/companies/companies";
import { currentBuyer, currentUser, requireBuyer } from "../../server/accounts/session";
import { signInWithPassword } from "../../server/accounts/sign-in";
import {
  ALREADY_A_MEMBER,
  acceptInvitation,
  invitationByToken,
  joinAsNewPerson,
  whatJoiningLeaves,
} from "../../server/companies/joining";
import { type Buyer, clientAddressContext } from "../../server/context";
import { dispatchIntent, type FormIntent } from "../../server/form-intents";
import { redirectWithToast } from "../../server/toast";
import { ClosingAccount } from "../components/account/closing-account";
import { Field } from "../components/form-field";
import { SubmitButton } from "../components/submit-button";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { useZodForm } from "../components/use-zod-form";
import { withRetryAfter } from "../lib/retry-after";
import type { Route } from "./+types/company.join";

export function meta() {
  return [{ title: "Company Invitation | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

// The token is in the address: never cached, never sent on as a referrer.
export function headers(args: Route.HeadersArgs) {
  const headers = new Headers(withRetryAfter(args));
  headers.set("Cache-Control", "private, no-store");
  headers.set("Referrer-Policy", "no-referrer");
  return headers;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await invitationByToken(params.token);
  if (!invitation) throw data("This invitation link is not valid.", { status: 404 });
  const user = currentUser(context);
  // Who opens the link: someone new to the store, someone to sign in, the invitee signed in, or someone else.
  const visitor = user
    ? user.email === invitation.email
      ? ({ as: "invitee" } as const)
      : ({ as: "someone-else", email: user.email } as const)
    : ({ as: invitation.hasAccount ? "to-sign-in" : "new" } as const);
  const leaving =
    user && visitor.as === "invitee" && !invitation.refusal
      ? await whatJoiningLeaves(user.id, { invitedTo: invitation.companyId, role: invitation.role })
      : null;
  const already = currentBuyer(context)?.company?.id === invitation.companyId;
  return {
    invitation: { companyName: invitation.companyName, role: invitation.role, email: invitation.email },
    refusal: invitation.refusal ?? (already ? ALREADY_A_MEMBER : null) ?? leaving?.refusal ?? null,
    visitor,
    leaving,
    path: `/company/join/${encodeURIComponent(params.token)}`,
  };
}

type ActionResult = { reply?: SubmissionResult<string[]> };

const joined = ({ companyName, role }: { companyName: string; role: keyof typeof roleNames }) => ({
  type: "success" as const,
  title: `You joined ${companyName}`,
  description: `Your role there: ${roleNames[role]}.`,
});

/** The page's two forms: a new person's name and password, and a signed-in invitee's acceptance. */
const intents: Record<string, FormIntent<Buyer | null>> = {
  join: {
    failure: "Could not join",
    schema: joinSchema,
    async handle(visitor, formData, { request, context, params }) {
      if (visitor) throw redirect(new URL(request.url).pathname);
      const submission = parseWithZod(formData, { schema: joinSchema });
      if (submission.status !== "success") return data<ActionResult>({ reply: submission.reply() }, 400);
      const address = context.get(clientAddressContext);
      const member = await joinAsNewPerson(String(params.token), submission.value, { address });
      const signedIn = await signInWithPassword(request, {
        email: member.email,
        password: submission.value.password,
        address,
      });
      if (signedIn.outcome !== "signed-in")
        return redirectWithToast("/auth", { ...joined(member), description: "Sign in to start buying." });
      return redirectWithToast("/account", joined(member), signedIn.headers);
    },
  },
  accept: {
    failure: "Could not accept the invitation",
    async handle(_buyer, formData, args) {
      const buyer = requireBuyer(args);
      const closing = formData.get("closing");
      const member = await acceptInvitation({ id: buyer.userId, email: buyer.email }, String(args.params.token), {
        closing: typeof closing === "string" ? closing : undefined,
      });
      const toast = joined(member);
      return redirectWithToast(
        "/account",
        member.closed
          ? {
              ...toast,
              description: `${toast.description} Your account ${member.closed} is closed; its orders stay yours under Order History.`,
            }
          : toast,
      );
    },
  },
};

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents, { as: "visitor" });
}

export default function JoinCompanyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { invitation, refusal, visitor, leaving, path } = loaderData;
  const role = roleNames[invitation.role].toLowerCase();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold text-slate-950">Join {invitation.companyName}</h1>
        </CardHeader>
        <CardContent className="space-y-4 text-slate-800">
          <p>
            You are invited to buy for {invitation.companyName} as {role}. The invitation was sent to {invitation.email}
            .
          </p>
          {refusal ? (
            <p role="alert" className="font-medium text-red-800">
              {refusal}
            </p>
          ) : visitor.as === "new" ? (
            <JoinForm
              email={invitation.email}
              companyName={invitation.companyName}
              lastResult={(actionData as ActionResult | undefined)?.reply}
            />
          ) : visitor.as === "to-sign-in" ? (
            <>
              <p>{invitation.email} already has an account with us. Sign in to accept.</p>
              <div className="flex flex-wrap gap-2">
                <Button asChild>
                  <Link to={`/auth?redirectTo=${encodeURIComponent(path)}`}>Sign In to Accept</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/auth/forgot-password">Forgot password?</Link>
                </Button>
              </div>
            </>
          ) : visitor.as === "someone-else" ? (
            <>
              <p>
                You are signed in as {visitor.email}. Sign out, then open the link in the e-mail to {invitation.email}{" "}
                again.
              </p>
              <Form method="post" action="/auth/sign-out">
                <Button type="submit" variant="outline">
                  Sign Out
                </Button>
              </Form>
            </>
          ) : leaving?.kind === "closes" ? (
            <>
              <ClosingAccount leaving={leaving} companyName={invitation.companyName} role={role} />
              <Form method="post">
                <input type="hidden" name="intent" value="accept" />
                <input type="hidden" name="closing" value={leaving.accountNumber} />
                {/* Long names wrap on a phone instead of pushing the page sideways. */}
                <Button type="submit" className="h-auto min-h-10 whitespace-normal py-2">
                  Close {leaving.accountNumber} and Join {invitation.companyName}
                </Button>
              </Form>
            </>
          ) : (
            <>
              <p>
                A person belongs to one company at a time.
                {leaving?.kind === "moves"
                  ? ` Joining moves you from ${leaving.from}: its orders, lists and addresses stay with it.`
                  : " You will see the company's orders, invoices, lists and addresses."}
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="accept" />
                <Button type="submit">Accept Invitation</Button>
              </Form>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** A new person's sign-in: the invited address (not theirs to change), a name and a password. */
function JoinForm({
  email,
  companyName,
  lastResult,
}: {
  email: string;
  companyName: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "join";
  const [form, fields] = useZodForm("join", joinSchema, { lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <p>New to our store? Choose your name and a password, and you are in: this link proves your e-mail address.</p>
      <input type="hidden" name="intent" value="join" />
      <div className="space-y-1">
        <Label htmlFor="join-email">Email</Label>
        <Input
          id="join-email"
          type="email"
          value={email}
          readOnly
          autoComplete="username"
          aria-describedby="join-email-note"
          className="bg-slate-100"
        />
        <p id="join-email-note" className="text-sm text-slate-700">
          The address the invitation was sent to.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.firstName} label="First Name" autoComplete="given-name" />
        <Field meta={fields.lastName} label="Last Name" autoComplete="family-name" />
      </div>
      <Field meta={fields.password} label="Password" type="password" autoComplete="new-password" />
      <SubmitButton busy={busy} className="h-auto min-h-10 whitespace-normal py-2">
        Join {companyName}
      </SubmitButton>
    </Form>
  );
}
