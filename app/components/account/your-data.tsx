import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Download, Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { ADMIN_CANNOT_DELETE, deleteAccountSchema } from "../../../domain/accounts/delete-account";
import { Field } from "../form-field";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Dialog, DialogCancel, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "../ui/dialog";
import { useZodForm } from "../use-zod-form";

/** My Account's 'Your Data': download everything the store holds, or delete the account. */
export function YourData({ isAdmin, lastResult }: { isAdmin: boolean; lastResult?: SubmissionResult<string[]> }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Your Data</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="space-y-3">
          <p className="text-sm text-slate-700">
            Download a copy of everything we hold about you: your account, profile, addresses, orders and cart.
          </p>
          <Button asChild variant="outline">
            <a href="/account/data" download>
              <Download aria-hidden="true" />
              Download my data
            </a>
          </Button>
        </div>
        <div className="space-y-3 border-t border-slate-200 pt-6">
          {isAdmin ? (
            <p className="text-sm text-slate-700">{ADMIN_CANNOT_DELETE}</p>
          ) : (
            <DeleteAccountDialog lastResult={lastResult} />
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function DeleteAccountDialog({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useZodForm("delete-account", deleteAccountSchema, { lastResult });
  return (
    <>
      <p className="text-sm text-slate-700">
        Deleting your account signs you out and removes your profile, addresses, cart and sign-in for good.
      </p>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button type="button" variant="destructive">
            <Trash2 aria-hidden="true" />
            Delete my account
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Your profile, addresses, cart and sign-in are deleted and cannot be brought back. Your orders stay in our
            records for accounting, without your name, e-mail, phone or addresses. Enter your password to confirm.
          </DialogDescription>
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
            <Field meta={fields.password} label="Password" type="password" autoComplete="current-password" />
            {form.errors?.length ? (
              <p id={form.errorId} role="alert" className="text-sm text-red-700">
                {form.errors[0]}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <DialogCancel />
              <Button type="submit" variant="destructive" disabled={busy} aria-busy={busy}>
                Delete my account
              </Button>
            </div>
          </Form>
        </DialogContent>
      </Dialog>
    </>
  );
}
