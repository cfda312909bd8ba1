import { data, Form, Link } from "react-router";
import { roleNames } from "../../domain/companies/companies";
import { currentBuyer, currentUser, requireUser } from "../../server/accounts/session";
import { acceptInvitation, invitationByToken } from "../../server/companies/members";
import { StoreError } from "../../server/errors";
import { dataWithErrorToast, redirectWithToast } from "../../server/toast";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader } from "../components/ui/card";
import type { Route } from "./+types/company.join";

export function meta() {
  return [{ title: "Company Invitation | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

// The token is in the address: never cached, never sent on as a referrer.
export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await invitationByToken(params.token);
  if (!invitation) throw data("This invitation link is not valid.", { status: 404 });
  const user = currentUser(context);
  const current = currentBuyer(context)?.company ?? null;
  return {
    invitation: { companyName: invitation.companyName, role: invitation.role, email: invitation.email },
    refusal: invitation.refusal,
    signedInAs: user?.email ?? null,
    // Where the invitee buys today, when it is another company: joining moves them.
    leaving: current && current.id !== invitation.companyId ? current.name || `Account ${current.accountNumber}` : null,
    path: `/company/join/${encodeURIComponent(params.token)}`,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser({ request, context });
  try {
    const joined = await acceptInvitation(user, params.token);
    return redirectWithToast("/account", {
      type: "success",
      title: `You joined ${joined.companyName}`,
      description: `You are ${roleNames[joined.role].toLowerCase()} of the company's account.`,
    });
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return dataWithErrorToast("Could not accept the invitation", error);
  }
}

export default function JoinCompanyPage({ loaderData }: Route.ComponentProps) {
  const { invitation, refusal, signedInAs, leaving, path } = loaderData;
  const back = encodeURIComponent(path);
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold text-slate-950">Join {invitation.companyName}</h1>
        </CardHeader>
        <CardContent className="space-y-4 text-slate-800">
          <p>
            You are invited to buy for {invitation.companyName} as {roleNames[invitation.role].toLowerCase()}. The
            invitation was sent to {invitation.email}.
          </p>
          {refusal ? (
            <p role="alert" className="font-medium text-red-800">
              {refusal}
            </p>
          ) : signedInAs ? (
            <>
              <p>
                A person belongs to one company at a time.
                {leaving
                  ? ` Joining moves you from ${leaving}: its orders, lists and addresses stay with it.`
                  : " You will see the company's orders, invoices, lists and addresses."}
              </p>
              <p className="text-sm text-slate-700">Signed in as {signedInAs}.</p>
              <Form method="post">
                <Button type="submit">Accept Invitation</Button>
              </Form>
            </>
          ) : (
            <>
              <p>
                Sign in with {invitation.email} to accept. No account yet? Create one, confirm your e-mail, then open
                this link again.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button asChild>
                  <Link to={`/auth?redirectTo=${back}`}>Sign In to Accept</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to={`/auth?tab=sign-up&redirectTo=${back}`}>Create an Account</Link>
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
