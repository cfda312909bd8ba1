import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Link, useFetcher } from "react-router";
import {
  type CompanyRole,
  changeRoleSchema,
  companyRoles,
  inviteSchema,
  removeMemberSchema,
  revokeInvitationSchema,
  roleDescriptions,
  roleNames,
} from "../../domain/companies/companies";
import { formatShortDate } from "../../domain/dates/dates";
import { spendLimitsSchema } from "../../domain/orders/approvals";
import { requireBuyer, requireUser } from "../../server/accounts/session";
import {
  changeMemberRole,
  companyPage,
  inviteMember,
  removeMember,
  revokeInvitation,
  setSpendLimits,
} from "../../server/companies/members";
import { dispatchIntent, type FormIntent, parsedForm, refusedPage, succeeded } from "../../server/form-intents";
import { Breadcrumb } from "../components/breadcrumb";
import { ConfirmedAction } from "../components/confirmed-action";
import { Field } from "../components/form-field";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Label } from "../components/ui/label";
import { useZodForm } from "../components/use-zod-form";
import type { Route } from "./+types/account.company";

export function meta() {
  return [{ title: "Company Members | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Only a company admin gets here; anyone else is told why (403), by the same check the actions make. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const _user = requireUser({ request, context });
  const buyer = requireBuyer({ request, context });
  return companyPage(buyer).catch(refusedPage);
}

type ActionResult = { ok: boolean; reply?: SubmissionResult<string[]> };

const intents: Record<string, FormIntent> = {
  invite: {
    failure: "Failed to send the invitation",
    async handle(buyer, formData) {
      const form = parsedForm(formData, inviteSchema);
      if ("refused" in form) return form.refused;
      await inviteMember(buyer, form.value);
      return succeeded(`Invitation sent to ${form.value.email}`);
    },
  },
  "change-role": {
    failure: "Failed to change the role",
    async handle(buyer, formData) {
      const form = parsedForm(formData, changeRoleSchema);
      if ("refused" in form) return form.refused;
      const changed = await changeMemberRole(buyer, form.value);
      return succeeded(`${changed.email} is now ${roleNames[changed.role].toLowerCase()}`);
    },
  },
  remove: {
    failure: "Failed to remove the member",
    async handle(buyer, formData) {
      const form = parsedForm(formData, removeMemberSchema);
      if ("refused" in form) return form.refused;
      const removed = await removeMember(buyer, form.value);
      return succeeded(`${removed.email} was removed from the company`);
    },
  },
  "set-limits": {
    failure: "Failed to save the spend limits",
    async handle(buyer, formData) {
      const form = parsedForm(formData, spendLimitsSchema);
      if ("refused" in form) return form.refused;
      const saved = await setSpendLimits(buyer, form.value);
      return succeeded(`Spend limits saved for ${saved.email}`);
    },
  },
  revoke: {
    failure: "Failed to cancel the invitation",
    async handle(buyer, formData) {
      const form = parsedForm(formData, revokeInvitationSchema);
      if ("refused" in form) return form.refused;
      const revoked = await revokeInvitation(buyer, form.value.invitationId);
      return succeeded(`Invitation to ${revoked?.email ?? ""} cancelled`);
    },
  },
};

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents);
}

export default function CompanyPage({ loaderData }: Route.ComponentProps) {
  const { company, members, invitations, invitationDays } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Breadcrumb crumbs={[{ label: "My Account", to: "/account" }, { label: "Company Members" }]} />
      <h1 className="mt-2 text-3xl font-bold text-slate-950">Company Members</h1>
      <p className="mt-1 text-slate-700">
        {company.name || "Your company"} · Account {company.accountNumber}. Everyone here orders on the company's terms
        and shares its credit limit, lists and address book. Your purchasing system can order too, with an{" "}
        <Link className="font-semibold text-brand-700 underline" to="/account/company/api-keys">
          API key
        </Link>
        .
      </p>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Members</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-slate-200">
            {members.map((member) => (
              <MemberRow key={member.userId} member={member} />
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Invite a Member</CardTitle>
        </CardHeader>
        <CardContent>
          <InviteForm invitationDays={invitationDays} />
          {invitations.length > 0 && (
            <>
              <h2 className="mt-6 text-lg font-semibold text-slate-950">Open Invitations</h2>
              <ul className="mt-2 divide-y divide-slate-200">
                {invitations.map((invitation) => (
                  <InvitationRow key={invitation.id} invitation={invitation} />
                ))}
              </ul>
            </>
          )}
        </CardContent>
      </Card>

      <dl className="mt-6 grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
        {companyRoles.map((role) => (
          <div key={role}>
            <dt className="font-semibold text-slate-900">{roleNames[role]}</dt>
            <dd>{roleDescriptions[role]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

type Member = Route.ComponentProps["loaderData"]["members"][number];

function RoleOptions() {
  return companyRoles.map((role) => (
    <option key={role} value={role}>
      {roleNames[role]}
    </option>
  ));
}

function MemberRow({ member }: { member: Member }) {
  const fetcher = useFetcher<ActionResult>();
  const selectId = `role-${member.userId}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-medium text-slate-950">
          {member.name}
          {member.isYou && <span className="font-normal text-slate-600"> (you)</span>}
        </p>
        <p className="text-sm text-slate-700">
          {member.email} · joined {formatShortDate(member.joinedAt)}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <fetcher.Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="change-role" />
          <input type="hidden" name="userId" value={member.userId} />
          <div>
            <Label htmlFor={selectId} className="sr-only">
              Role of {member.email}
            </Label>
            <select
              id={selectId}
              name="role"
              defaultValue={member.role}
              className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              <RoleOptions />
            </select>
          </div>
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={fetcher.state !== "idle"}
            aria-label={`Change Role of ${member.email}`}
          >
            Change Role
          </Button>
        </fetcher.Form>
        {!member.isYou && <RemoveMember member={member} />}
      </div>
      {(member.role === "buyer" || member.role === "admin") && <SpendLimits member={member} />}
    </li>
  );
}

/**
 * The member's limits per order and per calendar month: an order above either waits for an
 * approver (docs/decisions/approvals.md). Empty means no limit.
 */
function SpendLimits({ member }: { member: Member }) {
  const fetcher = useFetcher<ActionResult>();
  const errors = fetcher.state === "idle" ? fetcher.data?.reply?.error : undefined;
  const field = (name: "orderLimit" | "monthlyLimit", label: string, value: string | null) => {
    const id = `${name}-${member.userId}`;
    const error = errors?.[name]?.[0];
    return (
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        <input
          id={id}
          name={name}
          inputMode="decimal"
          defaultValue={value ?? ""}
          placeholder="No limit"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-label={`${label} of ${member.email}`}
          className="h-9 w-32 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        />
        {error && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <fetcher.Form method="post" className="flex w-full flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="set-limits" />
      <input type="hidden" name="userId" value={member.userId} />
      {field("orderLimit", "Per-order limit ($)", member.orderLimit)}
      {field("monthlyLimit", "Monthly limit ($)", member.monthlyLimit)}
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={fetcher.state !== "idle"}
        aria-label={`Save Limits of ${member.email}`}
      >
        Save Limits
      </Button>
      <p className="basis-full text-sm text-slate-600">
        Above a limit, the order waits for an approver. Empty: no limit.
      </p>
    </fetcher.Form>
  );
}

/** Removing asks first: the member's lists stay with the company. */
function RemoveMember({ member }: { member: Member }) {
  return (
    <ConfirmedAction
      label="Remove"
      accessibleName={`Remove ${member.email}`}
      title={`Remove ${member.name}?`}
      description={`${member.email} can no longer order for the company or see its orders. The lists they made and the orders they placed stay with the company.`}
      fields={{ intent: "remove", userId: member.userId }}
      keepLabel="Keep Member"
      confirmLabel="Remove Member"
    />
  );
}

function InviteForm({ invitationDays }: { invitationDays: number }) {
  const fetcher = useFetcher<ActionResult>();
  const [form, fields] = useZodForm("invite-member", inviteSchema, {
    lastResult: fetcher.state === "idle" ? fetcher.data?.reply : undefined,
    defaultValue: { role: "buyer" satisfies CompanyRole },
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-[1fr_12rem_auto]">
      <input type="hidden" name="intent" value="invite" />
      <Field meta={fields.email} label="Email" type="email" autoComplete="off" />
      <div className="space-y-1">
        <Label htmlFor={fields.role.id}>Role</Label>
        <select
          {...getSelectProps(fields.role)}
          key={fields.role.key}
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <RoleOptions />
        </select>
      </div>
      <div className="self-end">
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Send Invitation
        </Button>
      </div>
      <p className="text-sm text-slate-700 sm:col-span-3">
        We e-mail a link that works once, for {invitationDays} {invitationDays === 1 ? "day" : "days"}. Someone new to
        the store chooses a name and a password there and is in; someone with an account signs in and accepts.
      </p>
    </fetcher.Form>
  );
}

type Invitation = Route.ComponentProps["loaderData"]["invitations"][number];

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const fetcher = useFetcher<ActionResult>();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-2">
      <p className="text-sm text-slate-800">
        {invitation.email} · {roleNames[invitation.role]} · until {formatShortDate(invitation.expiresAt)} · sent by{" "}
        {invitation.invitedBy ?? "a former admin"}
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="invitationId" value={invitation.id} />
        <Button
          type="submit"
          size="sm"
          variant="outline"
          disabled={fetcher.state !== "idle"}
          aria-label={`Cancel invitation to ${invitation.email}`}
        >
          Cancel Invitation
        </Button>
      </fetcher.Form>
    </li>
  );
}
