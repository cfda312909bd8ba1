import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, Link, useActionData, useFetcher, useNavigation } from "react-router";
import { usStates } from "../../domain/addresses/us-states";
import {
  CERTIFICATE_FILE_FIELD,
  CERTIFICATE_FILE_TYPES,
  certificateSchema,
  certificateStatusNames,
  MAX_CERTIFICATE_BYTES,
  removeCertificateSchema,
  stateName,
  stateNames,
} from "../../domain/companies/tax-exemption";
import { formatShortDate } from "../../domain/dates/dates";
import { requireBuyer, requireUser } from "../../server/accounts/session";
import {
  companyCertificates,
  removeCertificate,
  requireCertificateManager,
  uploadCertificate,
} from "../../server/companies/tax-certificates";
import type { Buyer } from "../../server/context";
import { dispatchIntent, type FormIntent, refusalAnswer, refusedPage } from "../../server/form-intents";
import { dataWithToast } from "../../server/toast";
import { Breadcrumb } from "../components/breadcrumb";
import { Field } from "../components/form-field";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Label } from "../components/ui/label";
import { useZodForm } from "../components/use-zod-form";
import type { Route } from "./+types/account.company.tax-certificates";

export function meta() {
  return [{ title: "Tax-Exempt Certificates | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** Every member sees the company's certificates; only its admin may change them (the actions check). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const _user = requireUser({ request, context });
  const buyer = requireBuyer({ request, context });
  return companyCertificates(buyer).catch(refusedPage);
}

type ActionResult = { ok: boolean; reply?: SubmissionResult<string[]> };

const uploaded = (file: FormDataEntryValue | null) =>
  file !== null && typeof file !== "string" && file.size > 0 ? file : null;

/** A refusal of the file (none chosen, or not a certificate the store can keep) is told beside its input. */
async function upload(buyer: Buyer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: certificateSchema });
  const file = uploaded(formData.get(CERTIFICATE_FILE_FIELD));
  if (submission.status !== "success" || !file) {
    const fieldErrors: Record<string, string[]> = file
      ? {}
      : { [CERTIFICATE_FILE_FIELD]: ["Choose the certificate file (a PDF or a picture)."] };
    return data<ActionResult>({ ok: false, reply: submission.reply({ fieldErrors }) }, 400);
  }
  await uploadCertificate(buyer, submission.value, {
    bytes: new Uint8Array(await file.arrayBuffer()),
    name: file.name,
  });
  return dataWithToast<ActionResult>(
    { ok: true, reply: submission.reply({ resetForm: true }) },
    {
      type: "success",
      title: `Certificate for ${stateName(submission.value.state)} uploaded`,
      description: "We review it within one business day; orders to that state are tax exempt once it is approved.",
    },
  );
}

async function remove(buyer: Buyer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: removeCertificateSchema });
  if (submission.status !== "success")
    return dataWithToast<ActionResult>(
      { ok: false },
      { type: "error", title: "That certificate does not exist." },
      400,
    );
  const removed = await removeCertificate(buyer, submission.value.certificateId);
  return dataWithToast<ActionResult>(
    { ok: true },
    { type: "success", title: `Certificate ${removed.certificateNumber} removed` },
  );
}

const intents: Record<string, FormIntent> = {
  upload: { failure: "The certificate was not uploaded", schema: certificateSchema, handle: upload },
  remove: { failure: "The certificate was not removed", handle: remove },
};

export async function action(args: Route.ActionArgs) {
  // Only the company's admin changes its certificates: asked before the form (up to 11 MB) is read.
  try {
    requireCertificateManager(requireBuyer(args));
  } catch (error) {
    return refusalAnswer(error, { failure: "Your certificates were not changed" });
  }
  return dispatchIntent(args, intents);
}

export default function TaxCertificatesPage({ loaderData }: Route.ComponentProps) {
  const { certificates, canManage, reminderDays } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Breadcrumb crumbs={[{ label: "My Account", to: "/account" }, { label: "Tax-Exempt Certificates" }]} />
      <h1 className="mt-2 text-3xl font-bold text-slate-950">Tax-Exempt Certificates</h1>
      <p className="mt-1 text-slate-700">
        Orders shipped to a state where your company holds an approved certificate are not taxed, until the day after it
        expires. We review each certificate before it applies, and e-mail your company admin {reminderDays}{" "}
        {reminderDays === 1 ? "day" : "days"} before one expires.
      </p>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Your Certificates</CardTitle>
        </CardHeader>
        <CardContent>
          {certificates.length === 0 ? (
            <p className="text-slate-700">Your company has no tax-exempt certificates yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {certificates.map((certificate) => (
                <CertificateRow key={certificate.id} certificate={certificate} canManage={canManage} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Upload a Certificate</CardTitle>
        </CardHeader>
        <CardContent>
          {canManage ? (
            <UploadForm />
          ) : (
            <p className="text-slate-700">
              Only your company admin can add or remove certificates.{" "}
              <Link to="/account" className="font-semibold text-brand-700 underline">
                Back to My Account
              </Link>
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

type Certificate = Route.ComponentProps["loaderData"]["certificates"][number];

function statusText(certificate: Certificate) {
  if (certificate.status === "approved" && certificate.expired) return "Expired";
  return certificateStatusNames[certificate.status];
}

function CertificateRow({ certificate, canManage }: { certificate: Certificate; canManage: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  const state = stateName(certificate.state);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div>
        <p className="font-medium text-slate-950">
          {state} · {certificate.certificateNumber}
        </p>
        <p className="text-sm text-slate-700">
          Expires {formatShortDate(`${certificate.expiresOn}T12:00:00Z`)} · uploaded{" "}
          {formatShortDate(certificate.uploadedAt)}
        </p>
        <p className="text-sm font-semibold text-slate-900">{statusText(certificate)}</p>
        {certificate.status === "rejected" && certificate.rejectionReason && (
          <p className="text-sm text-red-700">Reason: {certificate.rejectionReason}</p>
        )}
      </div>
      {canManage && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="certificateId" value={certificate.id} />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={fetcher.state !== "idle"}
            aria-label={`Remove certificate ${certificate.certificateNumber} (${state})`}
          >
            Remove
          </Button>
        </fetcher.Form>
      )}
    </li>
  );
}

/** A page form, not a fetcher's, so it also works before the page's JavaScript runs. */
function UploadForm() {
  const navigation = useNavigation();
  const result = useActionData() as ActionResult | undefined;
  const [form, fields] = useZodForm("tax-certificate", certificateSchema, { lastResult: result?.reply });
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (result?.ok && fileInput.current) fileInput.current.value = "";
  }, [result]);
  const fileProblem = result?.reply?.error?.[CERTIFICATE_FILE_FIELD]?.[0];
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="upload" />
      <div className="space-y-1">
        <Label htmlFor={fields.state.id}>State</Label>
        <select
          {...getSelectProps(fields.state)}
          key={fields.state.key}
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-invalid:border-red-700"
        >
          <option value="">Choose a state</option>
          {usStates.map((state) => (
            <option key={state} value={state}>
              {stateNames[state]}
            </option>
          ))}
        </select>
        {fields.state.errors?.[0] && (
          <p id={fields.state.errorId} className="text-sm text-red-700">
            {fields.state.errors[0]}
          </p>
        )}
      </div>
      <Field meta={fields.certificateNumber} label="Certificate number" autoComplete="off" />
      <div className="space-y-1">
        <Label htmlFor={fields.expiresOn.id}>Expiry date</Label>
        <input
          {...getInputProps(fields.expiresOn, { type: "date" })}
          key={fields.expiresOn.key}
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-invalid:border-red-700"
        />
        {fields.expiresOn.errors?.[0] && (
          <p id={fields.expiresOn.errorId} className="text-sm text-red-700">
            {fields.expiresOn.errors[0]}
          </p>
        )}
      </div>
      <div className="space-y-1">
        <Label htmlFor="certificate-file">Certificate file</Label>
        <input
          ref={fileInput}
          id="certificate-file"
          name={CERTIFICATE_FILE_FIELD}
          type="file"
          accept={CERTIFICATE_FILE_TYPES}
          aria-describedby={fileProblem ? "certificate-file-problem certificate-file-hint" : "certificate-file-hint"}
          aria-invalid={fileProblem ? true : undefined}
          className="block w-full text-sm text-slate-900"
        />
        <p id="certificate-file-hint" className="text-sm text-slate-700">
          A PDF, JPEG, PNG or WebP of at most {MAX_CERTIFICATE_BYTES / (1024 * 1024)} MB.
        </p>
        {fileProblem && (
          <p id="certificate-file-problem" className="text-sm text-red-700">
            {fileProblem}
          </p>
        )}
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={navigation.state !== "idle"}>
          Upload Certificate
        </Button>
      </div>
    </Form>
  );
}
