// Companies' tax-exempt certificates in the back office: the admin opens the uploaded file, then
// approves the certificate or rejects it with a reason the company sees; each decision is
// audit-logged (docs/decisions/tax-exemption.md).
import { clsx } from "clsx";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import {
  type CertificateListFilter,
  certificateListFilters,
  certificateStatusNames,
  MAX_REJECTION_REASON,
  reviewCertificateSchema,
  stateName,
} from "../../../domain/companies/tax-exemption";
import { formatShortDate } from "../../../domain/dates/dates";
import { requireAdmin } from "../../../server/accounts/session";
import { listCertificatesForAdmin, reviewCertificate } from "../../../server/companies/tax-certificates";
import { formFields, handleForm } from "../../../server/form-intents";
import { dataWithToast } from "../../../server/toast";
import { PagedTable } from "../../components/admin/paged-table";
import { Button } from "../../components/ui/button";
import { Dialog, DialogCancel, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { Label } from "../../components/ui/label";
import type { Route } from "./+types/tax-certificates";

export function meta() {
  return [{ title: "Tax Certificates | Admin | Cascade Industrial Supply" }];
}

const listSchema = z.object({
  show: z.enum(certificateListFilters).catch("pending"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  return listCertificatesForAdmin(listSchema.parse(Object.fromEntries(new URL(request.url).searchParams)));
}

export function action(args: Route.ActionArgs) {
  return handleForm(
    args,
    {
      failure: "The certificate was not changed",
      async handle(admin, formData) {
        const reviewed = await reviewCertificate(admin.id, formFields(formData, reviewCertificateSchema));
        const what = `Certificate ${reviewed.certificateNumber} (${stateName(reviewed.state)})`;
        return dataWithToast(
          { ok: true },
          { type: "success", title: reviewed.status === "approved" ? `${what} approved` : `${what} rejected` },
        );
      },
    },
    { as: "admin" },
  );
}

const filterLabels: Record<CertificateListFilter, string> = {
  pending: "Waiting",
  approved: "Approved",
  rejected: "Rejected",
  all: "All",
};

const dayText = (day: string) => formatShortDate(`${day}T12:00:00Z`);

export default function AdminTaxCertificatesPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, show } = loaderData;
  const pageLink = (n: number) => `?${new URLSearchParams({ show, page: String(n) })}`;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-950">Tax Certificates</h1>
      <p className="mt-1 text-slate-700">
        Companies' tax-exempt certificates, the ones waiting for review oldest first. An approved certificate takes the
        tax off the company's orders shipped to its state, through its expiry date.
      </p>
      <nav aria-label="Show certificates" className="mt-6 flex gap-2">
        {certificateListFilters.map((value) => (
          <Link
            key={value}
            to={`?show=${value}`}
            aria-current={value === show ? "true" : undefined}
            className={clsx(
              "rounded-full border px-3 py-1 text-sm font-semibold",
              value === show ? "border-brand-800 bg-brand-800 text-white" : "border-slate-300 text-slate-900",
            )}
          >
            {filterLabels[value]}
          </Link>
        ))}
      </nav>
      <PagedTable
        rows={items}
        caption="Tax-exempt certificates"
        columns={["Uploaded", "Company", "State", "Certificate", "Expires", "Status", "Action"]}
        empty="No certificates here."
        pages={{ label: "Certificate pages", page, total, pageSize, link: pageLink }}
        className="mt-4"
      >
        {(certificate) => <CertificateRow key={certificate.id} certificate={certificate} />}
      </PagedTable>
    </>
  );
}

type Certificate = Route.ComponentProps["loaderData"]["items"][number];

function CertificateRow({ certificate }: { certificate: Certificate }) {
  const busy = useNavigation().state !== "idle";
  const label = `certificate ${certificate.certificateNumber} (${stateName(certificate.state)})`;
  return (
    <tr className="align-top">
      <td className="px-6 py-3 whitespace-nowrap">
        {formatShortDate(certificate.uploadedAt)}
        {certificate.uploadedBy && <span className="block text-xs text-slate-600">{certificate.uploadedBy}</span>}
      </td>
      <td className="px-6 py-3">
        {certificate.companyName || "Company of one"}
        <span className="block font-mono text-xs text-slate-600">{certificate.accountNumber}</span>
      </td>
      <td className="px-6 py-3">{stateName(certificate.state)}</td>
      <td className="px-6 py-3">
        <span className="font-mono">{certificate.certificateNumber}</span>
        <a
          href={`/admin/tax-certificates/${certificate.id}/file`}
          target="_blank"
          rel="noreferrer"
          className="block text-brand-700 underline"
          aria-label={`Open file of ${label}`}
        >
          Open file
        </a>
      </td>
      <td className="px-6 py-3 whitespace-nowrap">{dayText(certificate.expiresOn)}</td>
      <td className="px-6 py-3">
        {certificateStatusNames[certificate.status]}
        {certificate.rejectionReason && (
          <span className="block text-xs text-slate-700">Reason: {certificate.rejectionReason}</span>
        )}
      </td>
      <td className="px-6 py-3">
        <div className="flex gap-2">
          {certificate.status !== "approved" && (
            <Form method="post">
              <input type="hidden" name="certificateId" value={certificate.id} />
              <Button
                type="submit"
                name="intent"
                value="approve"
                size="sm"
                disabled={busy}
                aria-label={`Approve ${label}`}
              >
                Approve
              </Button>
            </Form>
          )}
          {certificate.status !== "rejected" && <RejectCertificate certificate={certificate} label={label} />}
        </div>
      </td>
    </tr>
  );
}

/** Rejecting asks for the reason, which the company sees beside the certificate. */
function RejectCertificate({ certificate, label }: { certificate: Certificate; label: string }) {
  const [open, setOpen] = useState(false);
  const reasonId = `reject-reason-${certificate.id}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="destructive" onClick={() => setOpen(true)} aria-label={`Reject ${label}`}>
        Reject
      </Button>
      <DialogContent>
        <DialogTitle>Reject {label}?</DialogTitle>
        <DialogDescription>
          {certificate.companyName || certificate.accountNumber} sees the reason and can upload a corrected certificate.
          Its orders to {stateName(certificate.state)} are taxed.
        </DialogDescription>
        <Form method="post" onSubmit={() => setOpen(false)} className="mt-4 space-y-3">
          <input type="hidden" name="certificateId" value={certificate.id} />
          <div className="space-y-1">
            <Label htmlFor={reasonId}>Reason for rejecting</Label>
            <textarea
              id={reasonId}
              name="reason"
              required
              rows={3}
              maxLength={MAX_REJECTION_REASON}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            />
          </div>
          <div className="flex justify-end gap-2">
            <DialogCancel>Keep Certificate</DialogCancel>
            <Button type="submit" name="intent" value="reject" variant="destructive">
              Reject Certificate
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
