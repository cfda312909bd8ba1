// A company's procurement connections in the back office (docs/punchout.md): which procurement
// system buys for it, as which member, with what secret. Secrets are set, never shown again.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { storeDateFormat } from "../../../domain/dates/dates";
import { connectionSchema, protocolLabels } from "../../../domain/procurement/connections";
import { requireAdmin } from "../../../server/accounts/session";
import type { SignedInUser } from "../../../server/context";
import { StoreError } from "../../../server/errors";
import { dispatchIntent, type FormIntent, refusedPage } from "../../../server/form-intents";
import {
  companyConnections,
  removeConnection,
  type ShownConnection,
  saveConnection,
} from "../../../server/procurement/connections";
import { type SentDocument, sentDocuments } from "../../../server/procurement/document-push";
import { dataWithToast } from "../../../server/toast";
import { CompanyPageHeading } from "../../components/admin/company-page-heading";
import { Field, SelectField } from "../../components/form-field";
import { SubmitButton } from "../../components/submit-button";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { StackedTable } from "../../components/ui/stacked-table";
import { useZodForm } from "../../components/use-zod-form";
import type { Route } from "./+types/company-punchout";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `PunchOut ${loaderData?.company.accountNumber ?? ""} | Admin | Cascade Industrial Supply` }];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  requireAdmin({ context });
  const page = await companyConnections(params.accountNumber).catch(refusedPage);
  const documents = await sentDocuments(page.connections.map((connection) => connection.id));
  return { ...page, documents, storeUrl: new URL(request.url).origin };
}

const failure = "Failed to change the connection";

const intents: Record<string, FormIntent<SignedInUser>> = {
  save: {
    failure,
    async handle(admin, formData, { params }) {
      const submission = parseWithZod(formData, { schema: connectionSchema });
      if (submission.status !== "success") return data({ reply: submission.reply() }, 400);
      const { company } = await companyConnections(String(params.accountNumber));
      const id = formData.get("id");
      const { created } = await saveConnection(company.id, submission.value, {
        actorId: admin.id,
        id: typeof id === "string" && id ? id : undefined,
      });
      return dataWithToast(
        { reply: submission.reply({ resetForm: true }) },
        { type: "success", title: created ? "Connection added" : "Connection saved" },
      );
    },
  },
  remove: {
    failure,
    async handle(admin, formData, { params }) {
      const { company } = await companyConnections(String(params.accountNumber));
      const id = formData.get("id");
      const removed =
        typeof id === "string" && id
          ? await removeConnection({ id, companyId: company.id }, { actorId: admin.id })
          : null;
      if (!removed) throw new StoreError("NotFound", "That connection no longer exists.");
      return dataWithToast({ ok: true }, { type: "success", title: `Connection ${removed.name} removed` });
    },
  },
};

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents, { as: "admin" });
}

type Member = Awaited<ReturnType<typeof companyConnections>>["members"][number];

export default function CompanyPunchOutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { company, connections, members, documents, storeUrl } = loaderData;
  const lastResult = (actionData as { reply?: SubmissionResult<string[]> } | undefined)?.reply;
  return (
    <div className="max-w-5xl">
      <CompanyPageHeading title="PunchOut" company={company}>
        The procurement systems that buy for this company: cXML at{" "}
        <span className="font-mono">{storeUrl}/punchout/cxml</span>. See docs/punchout.md for what each system asks for.
      </CompanyPageHeading>
      {connections.map((connection) => (
        <Card key={connection.id} className="mt-6">
          <CardHeader>
            <CardTitle>{connection.name}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <ConnectionForm connection={connection} members={members} lastResult={lastResult} />
            {connection.protocol === "cxml" && (
              <SentDocuments
                connection={connection}
                documents={documents.filter((document) => document.connectionId === connection.id)}
              />
            )}
            <Form method="post">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="id" value={connection.id} />
              <Button type="submit" variant="outline" aria-label={`Remove Connection ${connection.name}`}>
                Remove Connection
              </Button>
            </Form>
          </CardContent>
        </Card>
      ))}
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Add a Connection</CardTitle>
        </CardHeader>
        <CardContent>
          <ConnectionForm key={connections.length} members={members} lastResult={lastResult} />
        </CardContent>
      </Card>
    </div>
  );
}

function ConnectionForm({
  connection,
  members,
  lastResult,
}: {
  connection?: ShownConnection;
  members: Member[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm(`punchout-${connection?.id ?? "new"}`, connectionSchema, {
    lastResult,
    defaultValue: connection
      ? {
          name: connection.name,
          protocol: connection.protocol,
          identity: connection.identity,
          domain: connection.domain ?? "",
          memberUserId: connection.memberUserId,
          pricesMustMatch: connection.pricesMustMatch ? "refuse" : "flag",
          pushUrl: connection.pushUrl ?? "",
        }
      : { protocol: "cxml", pricesMustMatch: "refuse" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="save" />
      {connection && <input type="hidden" name="id" value={connection.id} />}
      <Field meta={fields.name} label="Name (shown as “Transfer cart to …”)" />
      <SelectField
        meta={fields.protocol}
        label="Protocol"
        placeholder="Choose a protocol"
        options={[
          { value: "cxml", label: protocolLabels.cxml },
          { value: "oci", label: protocolLabels.oci },
        ]}
      />
      <Field meta={fields.identity} label="Identity (cXML From identity, or OCI user name)" />
      <Field meta={fields.domain} label="Credential domain (e.g. NetworkID, DUNS)" optional />
      <div>
        <Field
          meta={fields.secret}
          label={connection ? "New shared secret or password (blank keeps it)" : "Shared secret or password"}
          type="password"
          autoComplete="new-password"
          optional={!!connection}
        />
        <p className="mt-1 text-xs text-slate-600">Stored hashed: it is never shown again.</p>
      </div>
      <SelectField
        meta={fields.memberUserId}
        label="Member whose orders it places"
        placeholder="Choose a member"
        options={members.map((member) => ({
          value: member.userId,
          label: `${member.name} <${member.email}> (${member.role})`,
        }))}
      />
      <SelectField
        meta={fields.pricesMustMatch}
        label="When an order's prices differ from the company's"
        placeholder="Choose"
        options={[
          { value: "refuse", label: "Refuse the order" },
          { value: "flag", label: "Accept it at our prices and flag it" },
        ]}
      />
      <Field
        meta={fields.pushUrl}
        label="Order-document URL (cXML: where confirmations, ship notices and invoices are sent)"
        optional
      />
      <div className="sm:col-span-2">
        <SubmitButton busy={busy} className="w-auto">
          {connection ? "Save Connection" : "Add Connection"}
        </SubmitButton>
      </div>
    </Form>
  );
}

const when = storeDateFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

const statusLabels: Record<SentDocument["status"], string> = {
  sent: "Sent",
  failed: "Failed",
  retrying: "Retrying",
  waiting: "Waiting",
};

/** The connection's latest documents and how their sending went: a failure stays here with its reason. */
function SentDocuments({ connection, documents }: { connection: ShownConnection; documents: SentDocument[] }) {
  const headingId = `documents-${connection.id}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Documents sent
      </h3>
      {documents.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          {connection.pushUrl
            ? "None yet: an order this system sends by OrderRequest is confirmed here, then each shipment and its invoice."
            : "None: set an order-document URL to send confirmations, ship notices and invoices."}
        </p>
      ) : (
        <StackedTable
          className="mt-2"
          labelledBy={headingId}
          rows={documents}
          rowKey={(document) => document.id}
          columns={[
            { header: "Document", cell: (document) => document.name, primary: true },
            // An order number is 21 characters: across the card on a phone, on one line at a desk.
            { header: "Order", cell: (document) => document.orderNumber, nowrap: true, wide: true },
            {
              header: "Status",
              cell: (document) =>
                `${statusLabels[document.status]}${document.attempts > 1 ? ` (${document.attempts} attempts)` : ""}`,
              nowrap: true,
            },
            {
              header: "When",
              cell: (document) =>
                `${document.status === "retrying" || document.status === "waiting" ? "Next try " : ""}${when(new Date(document.at))}`,
              nowrap: true,
            },
            { header: "Error", cell: (document) => document.lastError ?? "", wide: true },
          ]}
        />
      )}
    </section>
  );
}
