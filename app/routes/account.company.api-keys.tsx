// The company admin's API keys (docs/decisions/api.md): make one with the scopes it may use (its
// whole key shown once, here), see what each may do and when it was last used, revoke one. The
// server checks the role on every load and action.
import { getCollectionProps, getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { data, Link, useFetcher } from "react-router";
import {
  type ApiScope,
  apiScopeLabels,
  apiScopes,
  createApiKeySchema,
  defaultApiScopes,
  revokeApiKeySchema,
} from "../../domain/companies/api-keys";
import { formatShortDate } from "../../domain/dates/dates";
import { requireBuyer, requireUser } from "../../server/accounts/session";
import { apiKeysPage, createApiKey, revokeApiKey } from "../../server/api/api-keys";
import type { Buyer } from "../../server/context";
import { dispatchIntent, type FormIntent, refusedPage } from "../../server/form-intents";
import { dataWithToast } from "../../server/toast";
import { Breadcrumb } from "../components/breadcrumb";
import { ConfirmedAction } from "../components/confirmed-action";
import { Field } from "../components/form-field";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { useZodForm } from "../components/use-zod-form";
import type { Route } from "./+types/account.company.api-keys";

export function meta() {
  return [{ title: "API Keys | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Only a company admin gets here; anyone else is told why (403), by the same check the actions make. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const _user = requireUser({ request, context });
  const buyer = requireBuyer({ request, context });
  return apiKeysPage(buyer).catch(refusedPage);
}

type ActionResult = {
  ok: boolean;
  reply?: SubmissionResult<string[]>;
  /** The key just made: the only time its whole text leaves the server. */
  created?: { name: string; prefix: string; scopes: readonly ApiScope[]; key: string };
};

const noStore = { "Cache-Control": "private, no-store" };

async function create(buyer: Buyer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: createApiKeySchema });
  if (submission.status !== "success") return data<ActionResult>({ ok: false, reply: submission.reply() }, 400);
  const created = await createApiKey(buyer, submission.value);
  return dataWithToast<ActionResult>(
    { ok: true, reply: submission.reply({ resetForm: true }), created },
    { type: "success", title: `API key ${created.name} created` },
    200,
    noStore,
  );
}

async function revoke(buyer: Buyer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: revokeApiKeySchema });
  if (submission.status !== "success") return data<ActionResult>({ ok: false, reply: submission.reply() }, 400);
  const revoked = await revokeApiKey(buyer, submission.value.keyId);
  return dataWithToast<ActionResult>({ ok: true }, { type: "success", title: `API key ${revoked.name} revoked` });
}

const intents: Record<string, FormIntent> = {
  create: { failure: "Failed to create the API key", handle: create },
  revoke: { failure: "Failed to revoke the API key", handle: revoke },
};

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents);
}

export default function ApiKeysPage({ loaderData }: Route.ComponentProps) {
  const { keys, grantable } = loaderData;
  const active = keys.filter((key) => !key.revokedAt);
  const revoked = keys.filter((key) => key.revokedAt);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Breadcrumb
        crumbs={[
          { label: "My Account", to: "/account" },
          { label: "Company Members", to: "/account/company" },
          { label: "API Keys" },
        ]}
      />
      <h1 className="mt-2 text-3xl font-bold text-slate-950">API Keys</h1>
      <p className="mt-1 text-slate-700">
        A key lets your purchasing system use the{" "}
        <Link className="text-brand-700 underline" to="/api/v1/openapi.json" reloadDocument>
          JSON API
        </Link>{" "}
        for what its scopes allow: read your prices, orders and address book, or place orders on your company's terms. A
        key acts as the admin who created it, and never does more than they may.
      </p>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Create a Key</CardTitle>
        </CardHeader>
        <CardContent>
          <CreateKeyForm grantable={grantable} />
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Active Keys</CardTitle>
        </CardHeader>
        <CardContent>
          {active.length === 0 ? (
            <p className="text-slate-700">No active keys.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {active.map((key) => (
                <KeyRow key={key.id} apiKey={key} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {revoked.length > 0 && (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>Revoked Keys</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-slate-200">
              {revoked.map((key) => (
                <KeyRow key={key.id} apiKey={key} />
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

type ApiKey = Route.ComponentProps["loaderData"]["keys"][number];

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-medium text-slate-950">
          {apiKey.name} <code className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-sm">{apiKey.prefix}…</code>
        </p>
        <p className="text-sm text-slate-700">
          Scopes:{" "}
          {apiKey.scopes.map((scope, index) => (
            <span key={scope}>
              {index > 0 && ", "}
              <code title={apiScopeLabels[scope]}>{scope}</code>
            </span>
          ))}
        </p>
        <p className="text-sm text-slate-700">
          Created {formatShortDate(apiKey.createdAt)} by {apiKey.createdBy ?? "a former member"} · Last used{" "}
          {apiKey.lastUsedAt ? formatShortDate(apiKey.lastUsedAt) : "never"}
          {apiKey.revokedAt && (
            <>
              {" "}
              · Revoked {formatShortDate(apiKey.revokedAt)}
              {apiKey.revokedBy ? ` by ${apiKey.revokedBy}` : ""}
            </>
          )}
        </p>
      </div>
      {!apiKey.revokedAt && <RevokeKey apiKey={apiKey} />}
    </li>
  );
}

/** Revoking asks first: a system still using the key stops working at once. */
function RevokeKey({ apiKey }: { apiKey: ApiKey }) {
  return (
    <ConfirmedAction
      label="Revoke"
      accessibleName={`Revoke ${apiKey.name}`}
      title={`Revoke ${apiKey.name}?`}
      description={`Any system using the key ${apiKey.prefix}… is refused from now on. This cannot be undone.`}
      fields={{ intent: "revoke", keyId: apiKey.id }}
      keepLabel="Keep Key"
      confirmLabel="Revoke Key"
    />
  );
}

function CreateKeyForm({ grantable }: { grantable: readonly ApiScope[] }) {
  const fetcher = useFetcher<ActionResult>();
  const [form, fields] = useZodForm("create-api-key", createApiKeySchema, {
    lastResult: fetcher.state === "idle" ? fetcher.data?.reply : undefined,
    defaultValue: { scopes: defaultApiScopes },
  });
  const created = fetcher.state === "idle" ? fetcher.data?.created : undefined;
  const scopes = fields.scopes;
  return (
    <>
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="create" />
        <Field meta={fields.name} label="Key name" autoComplete="off" placeholder="e.g. ERP production" />
        <fieldset aria-describedby={scopes.errors?.length ? scopes.errorId : scopes.descriptionId}>
          <legend className="text-sm font-medium text-slate-950">What the key may do</legend>
          <p id={scopes.descriptionId} className="text-sm text-slate-700">
            Choose only what the system needs. To place orders it also needs your address book's ids.
          </p>
          <div className="mt-2 space-y-2">
            {getCollectionProps(scopes, { type: "checkbox", options: [...apiScopes] }).map(({ key, ...props }) => {
              const scope = props.value as ApiScope;
              return (
                <div key={key} className="flex items-center gap-2">
                  <input
                    {...props}
                    disabled={!grantable.includes(scope)}
                    aria-describedby={undefined}
                    className="size-4 accent-brand-800"
                  />
                  <label htmlFor={props.id} className="text-sm text-slate-900">
                    {apiScopeLabels[scope]} <code className="text-slate-700">{scope}</code>
                  </label>
                </div>
              );
            })}
          </div>
          {scopes.errors?.length ? (
            <p id={scopes.errorId} className="mt-1 text-sm text-red-700">
              {scopes.errors[0]}
            </p>
          ) : null}
        </fieldset>
        <div>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Create Key
          </Button>
        </div>
      </fetcher.Form>
      {created && <NewKey created={created} />}
    </>
  );
}

/** The whole key, once: the store keeps only its hash, so it cannot be shown again. */
function NewKey({ created }: { created: NonNullable<ActionResult["created"]> }) {
  const [copied, setCopied] = useState(false);
  // Without clipboard access (an insecure origin, a refused permission) the key is selected instead.
  const copy = () =>
    navigator.clipboard.writeText(created.key).then(
      () => setCopied(true),
      () => (document.getElementById("new-api-key") as HTMLInputElement | null)?.select(),
    );
  return (
    <section aria-labelledby="new-key-title" className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4">
      <h2 id="new-key-title" className="font-semibold text-slate-950">
        Your new key {created.name}
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        Copy it now and keep it somewhere safe: it is shown only this once. Anyone with it can{" "}
        {created.scopes.map((scope) => apiScopeLabels[scope].toLowerCase()).join("; ")}.
      </p>
      <div className="mt-3 flex gap-2">
        <Label htmlFor="new-api-key" className="sr-only">
          New API key
        </Label>
        <Input id="new-api-key" readOnly value={created.key} className="font-mono" onFocus={(e) => e.target.select()} />
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? "Copied" : "Copy Key"}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? "The API key is copied" : ""}
      </p>
    </section>
  );
}
