import type { SubmissionResult } from "@conform-to/react";
// Store settings: how long an invoice may be past due before the account's terms orders stop.
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { storeSettingsSchema } from "../../../domain/admin/admin-schemas";
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
  const { overdueGraceDays, updatedAt } = await settingsRow();
  return { overdueGraceDays, savedAt: (updatedAt ?? new Date(0)).toISOString() };
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
    defaultValue: { overdueGraceDays: String(loaderData.overdueGraceDays) },
  });
  const grace = fields.overdueGraceDays;
  return (
    <div className="max-w-2xl">
      <h1 className="text-3xl font-bold text-slate-950">Settings</h1>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Credit Hold</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <input type="hidden" name="savedAt" value={loaderData.savedAt} />
            <div className="space-y-1">
              <Label htmlFor={grace.id}>Days an invoice may be past due</Label>
              <Input
                {...getInputProps(grace, { type: "number" })}
                key={grace.key}
                min={0}
                max={365}
                step={1}
                inputMode="numeric"
                className="max-w-32"
                aria-describedby={
                  grace.errors?.length ? `${grace.descriptionId} ${grace.errorId}` : grace.descriptionId
                }
              />
              <p id={grace.descriptionId} className="text-sm text-slate-700">
                An account with an invoice more than this many days past due cannot place terms orders until it is paid;
                paying by card stays open. 0 holds terms from the first day an invoice is late.
              </p>
              {grace.errors?.length ? (
                <p id={grace.errorId} className="text-sm text-red-700">
                  {grace.errors[0]}
                </p>
              ) : null}
            </div>
            <SubmitButton busy={busy}>Save Settings</SubmitButton>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
