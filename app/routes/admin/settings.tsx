// Store settings: how long an invoice may be past due before the account's terms orders stop, how
// long a company's invitation link works, when certificate expiry and invoice reminders go out, and
// the ship-today cut-off.
import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { storeSettingsSchema } from "../../../domain/admin/admin-schemas";
import { MAX_INVITATION_DAYS } from "../../../domain/companies/companies";
import { MAX_REMINDER_DAYS } from "../../../domain/companies/tax-exemption";
import { MAX_RETURN_WINDOW_DAYS } from "../../../domain/returns/returns";
import { MAX_INVOICE_REMINDER_DAYS } from "../../../domain/terms/terms";
import { requireAdmin } from "../../../server/accounts/session";
import { handleForm } from "../../../server/form-intents";
import { settingsRow, updateStoreSettings } from "../../../server/terms/settings";
import { dataWithToast } from "../../../server/toast";
import { SubmitButton } from "../../components/submit-button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { useZodForm } from "../../components/use-zod-form";
import type { Route } from "./+types/settings";

export function meta() {
  return [{ title: "Settings | Admin | Cascade Industrial Supply" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const { updatedAt, ...settings } = await settingsRow();
  return { ...settings, savedAt: (updatedAt ?? new Date(0)).toISOString() };
}

export function action(args: Route.ActionArgs) {
  return handleForm(
    args,
    {
      failure: "Failed to save the settings",
      async handle(admin, formData) {
        const submission = parseWithZod(formData, { schema: storeSettingsSchema });
        if (submission.status !== "success") return data({ reply: submission.reply() }, 400);
        await updateStoreSettings(admin.id, submission.value);
        return dataWithToast({ reply: submission.reply() }, { type: "success", title: "Settings saved" });
      },
    },
    { as: "admin" },
  );
}

export default function AdminSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm("store-settings", storeSettingsSchema, {
    lastResult: (actionData as { reply?: SubmissionResult<string[]> } | undefined)?.reply,
    defaultValue: {
      overdueGraceDays: String(loaderData.overdueGraceDays),
      invitationDays: String(loaderData.invitationDays),
      certificateReminderDays: String(loaderData.certificateReminderDays),
      invoiceReminderDays: String(loaderData.invoiceReminderDays),
      shipCutoff: loaderData.shipCutoff,
      returnWindowDays: String(loaderData.returnWindowDays),
    },
  });
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl font-bold text-slate-950">Settings</h1>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
        <input type="hidden" name="savedAt" value={loaderData.savedAt} />
        <Card>
          <CardHeader>
            <CardTitle>Credit Hold</CardTitle>
          </CardHeader>
          <CardContent>
            <DaysField meta={fields.overdueGraceDays} label="Days an invoice may be past due" min={0} max={365}>
              An account with an invoice more than this many days past due cannot place terms orders until it is paid;
              paying by card stays open. 0 holds terms from the first day an invoice is late.
            </DaysField>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Invoice Reminders</CardTitle>
          </CardHeader>
          <CardContent>
            <DaysField
              meta={fields.invoiceReminderDays}
              label="Days before an invoice falls due to remind its company"
              min={1}
              max={MAX_INVOICE_REMINDER_DAYS}
            >
              The company's members who may pay invoices are e-mailed once, this many days before a terms invoice falls
              due, and once more when it becomes overdue.
            </DaysField>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Company Accounts</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <DaysField
              meta={fields.invitationDays}
              label="Days an invitation link works"
              min={1}
              max={MAX_INVITATION_DAYS}
            >
              A company admin's invitation to join their account works once, for this many days from when it is sent.
              Invitations already sent keep the time they were sent with.
            </DaysField>
            <DaysField
              meta={fields.certificateReminderDays}
              label="Days before a tax-exempt certificate expires to remind its company"
              min={1}
              max={MAX_REMINDER_DAYS}
            >
              The company's admins are e-mailed once, this many days before an approved certificate expires, to upload
              the renewed one in time for review.
            </DaysField>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Shipping</CardTitle>
          </CardHeader>
          <CardContent>
            <SettingField meta={fields.shipCutoff} label="Ship-today cut-off (Eastern time)" type="time">
              Orders placed on a business day before this time say "Ships today" and join that day's To Ship Today list;
              later ones, and weekend ones, ship on the next business day.
            </SettingField>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Returns</CardTitle>
          </CardHeader>
          <CardContent>
            <DaysField
              meta={fields.returnWindowDays}
              label="Days after shipment a buyer may ask to return a part"
              min={1}
              max={MAX_RETURN_WINDOW_DAYS}
            >
              Counted from the day the shipment that carried the line went out. Later requests are refused with the
              window and the shipment date named.
            </DaysField>
          </CardContent>
        </Card>
        <div className="max-w-xs">
          <SubmitButton busy={busy}>Save Settings</SubmitButton>
        </div>
      </Form>
    </div>
  );
}

type SettingMeta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** A number of days, with what it does and its error announced with it. */
function DaysField({
  min,
  max,
  ...field
}: {
  meta: SettingMeta;
  label: string;
  min: number;
  max: number;
  children: React.ReactNode;
}) {
  return <SettingField {...field} type="number" input={{ min, max, step: 1, inputMode: "numeric" }} />;
}

/** A setting's box, with what it does and its error announced with it. */
function SettingField({
  meta,
  label,
  type,
  input,
  children,
}: {
  meta: SettingMeta;
  label: string;
  type: "number" | "time";
  input?: React.InputHTMLAttributes<HTMLInputElement>;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={meta.id} className="block">
        {label}
      </Label>
      <Input
        {...getInputProps(meta, { type })}
        {...input}
        key={meta.key}
        className="max-w-32"
        aria-describedby={meta.errors?.length ? `${meta.descriptionId} ${meta.errorId}` : meta.descriptionId}
      />
      <p id={meta.descriptionId} className="text-sm text-slate-700">
        {children}
      </p>
      {meta.errors?.length ? (
        <p id={meta.errorId} className="text-sm text-red-700">
          {meta.errors[0]}
        </p>
      ) : null}
    </div>
  );
}
