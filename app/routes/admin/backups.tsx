// The store's backups: when they are taken and how many are kept, the ones on disk with their size
// and check, a download of each, and a backup now (server/backup/schedule.ts).
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { backupScheduleSchema } from "../../../domain/admin/backup-schedule";
import { formatShortDate, storeDateFormat } from "../../../domain/dates/dates";
import { requireAdmin } from "../../../server/accounts/session";
import { backUpNow, listBackups, readBackupSchedule, saveBackupSchedule } from "../../../server/backup/schedule";
import { dispatchIntent, formFields, succeeded } from "../../../server/form-intents";
import { dataWithToast } from "../../../server/toast";
import { CheckboxMetaField, Field } from "../../components/form-field";
import { SubmitButton } from "../../components/submit-button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { useZodForm } from "../../components/use-zod-form";
import type { Route } from "./+types/backups";

const backUpNowForm = z.strictObject({ intent: z.literal("back-up-now") });

export function meta() {
  return [{ title: "Backups | Admin | Cascade Industrial Supply" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const [schedule, backups] = await Promise.all([readBackupSchedule(), listBackups()]);
  return { schedule, backups };
}

export function action(args: Route.ActionArgs) {
  return dispatchIntent(
    args,
    {
      schedule: {
        failure: "Failed to save the backup schedule",
        async handle(admin, formData) {
          const submission = parseWithZod(formData, { schema: backupScheduleSchema });
          if (submission.status !== "success") return data({ reply: submission.reply() }, 400);
          await saveBackupSchedule(admin.id, submission.value);
          return dataWithToast({ reply: submission.reply() }, { type: "success", title: "Backup schedule saved" });
        },
      },
      "back-up-now": {
        failure: "The backup failed",
        async handle(_admin, formData) {
          // The button sends its intent and nothing else: a post with more is not this page's.
          formFields(formData, backUpNowForm, "Back Up Now takes no fields. Reload the page and press it again.");
          const { name, manifest } = await backUpNow();
          return succeeded("Backup written", `${name}: ${manifest.database.rows.toLocaleString("en-US")} rows`);
        },
      },
    },
    { as: "admin" },
  );
}

const sizeFormats = [
  new Intl.NumberFormat("en-US", { style: "unit", unit: "byte", maximumFractionDigits: 0 }),
  new Intl.NumberFormat("en-US", { style: "unit", unit: "kilobyte", maximumFractionDigits: 1 }),
  new Intl.NumberFormat("en-US", { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }),
  new Intl.NumberFormat("en-US", { style: "unit", unit: "gigabyte", maximumFractionDigits: 1 }),
];

function formatSize(bytes: number): string {
  let unit = 0;
  let value = bytes;
  while (value >= 1000 && unit < sizeFormats.length - 1) {
    value /= 1000;
    unit++;
  }
  return (sizeFormats[unit] as Intl.NumberFormat).format(value);
}

const takenAt = storeDateFormat("en-US", { hour: "numeric", minute: "2-digit", timeZoneName: "short" });

export default function AdminBackupsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { schedule, backups } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useZodForm("backup-schedule", backupScheduleSchema, {
    lastResult: (actionData as { reply?: SubmissionResult<string[]> } | undefined)?.reply,
    defaultValue: { enabled: schedule.enabled ? "on" : undefined, time: schedule.time, keep: String(schedule.keep) },
  });
  return (
    <div className="max-w-4xl space-y-6">
      <h1 className="text-3xl font-bold text-slate-950">Backups</h1>
      <Card>
        <CardHeader>
          <CardTitle>Schedule</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" {...getFormProps(form)} className="max-w-sm space-y-4">
            <input type="hidden" name="intent" value="schedule" />
            <CheckboxMetaField meta={fields.enabled} label="Back up the store every day" />
            <Field meta={fields.time} label="Time of day (Eastern Time)" type="time" />
            <Field meta={fields.keep} label="Backups to keep" type="number" />
            <p className="text-sm text-slate-700">
              {/* The day the store started counts as backed up, with no result: the first runs the next night. */}
              {schedule.lastRunOn && schedule.lastResult
                ? `Last scheduled backup: ${formatShortDate(`${schedule.lastRunOn}T12:00:00Z`)} (${
                    schedule.lastFailed ? "failed: " : ""
                  }${schedule.lastResult}).`
                : "No scheduled backup has run yet."}{" "}
              After each scheduled backup, the oldest beyond the number to keep are deleted.
            </p>
            <SubmitButton busy={busy("schedule")}>Save Schedule</SubmitButton>
          </Form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>Backups on this server</CardTitle>
          <Form method="post">
            <input type="hidden" name="intent" value="back-up-now" />
            <SubmitButton busy={busy("back-up-now")}>Back Up Now</SubmitButton>
          </Form>
        </CardHeader>
        <CardContent>
          {backups.length === 0 ? (
            <p className="text-slate-700">No backups yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Backups">
              {backups.map((backup) => (
                <li key={backup.name} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <p className="font-medium text-slate-950">
                      {formatShortDate(backup.createdAt)}, {takenAt(new Date(backup.createdAt))}
                    </p>
                    <p className="text-sm text-slate-700">
                      {backup.name} · {formatSize(backup.bytes)} · {backup.rows.toLocaleString("en-US")} rows ·{" "}
                      {backup.files.toLocaleString("en-US")} files ·{" "}
                      {backup.intact ? (
                        <span className="text-green-800">Checksum verified</span>
                      ) : (
                        <span className="font-medium text-red-700">Damaged: its checksum differs</span>
                      )}
                    </p>
                  </div>
                  <a
                    href={`/admin/backups/${encodeURIComponent(backup.name)}/download`}
                    download
                    className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                    aria-label={`Download backup ${backup.name}`}
                  >
                    <Download className="size-4" aria-hidden="true" />
                    Download
                  </a>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
