import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, useFetcher } from "react-router";
import { formatAddress } from "../../domain/addresses/address";
import { MAX_SHIP_TOS, type ShipTo, shipToIdSchema, shipToSchema } from "../../domain/addresses/address-book";
import { requireBuyer } from "../../server/accounts/session";
import {
  addShipTo,
  deleteShipTo,
  listShipTos,
  makeDefaultShipTo,
  shipToNotFound,
  updateShipTo,
} from "../../server/address-book/address-book";
import { buyerCan } from "../../server/companies/buyer";
import { StoreError } from "../../server/errors";
import { dispatchIntent, type FormIntent, succeeded } from "../../server/form-intents";
import { AddressFields } from "../components/address-fields";
import { Breadcrumb } from "../components/breadcrumb";
import { CheckboxField, Field } from "../components/form-field";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { Dialog, DialogCancel, DialogContent, DialogDescription, DialogTitle } from "../components/ui/dialog";
import { useZodForm } from "../components/use-zod-form";
import type { Route } from "./+types/account.addresses";

export function meta() {
  return [{ title: "Address Book | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const buyer = requireBuyer({ request, context });
  return { shipTos: await listShipTos(buyer), canManage: buyerCan(buyer, "manageAddresses") };
}

type ActionResult = { ok: boolean; reply?: SubmissionResult<string[]> };

/** The address a form names; an id that is not one answers like another buyer's: not found. */
function idOf(formData: FormData): string {
  const parsed = shipToIdSchema.safeParse({ id: formData.get("id") });
  if (!parsed.success) throw new StoreError("NotFound", shipToNotFound);
  return parsed.data.id;
}

/** The page's forms, by the intent they send. */
const intents: Record<string, FormIntent> = {
  add: {
    failure: "Failed to save the address",
    async handle(buyer, formData) {
      const submission = parseWithZod(formData, { schema: shipToSchema });
      if (submission.status !== "success") return data<ActionResult>({ ok: false, reply: submission.reply() }, 400);
      const { label, shipping, makeDefault } = submission.value;
      await addShipTo(buyer, { label, address: shipping, makeDefault });
      return succeeded(`Address "${label}" saved`);
    },
  },
  edit: {
    failure: "Failed to save the address",
    async handle(buyer, formData) {
      const id = idOf(formData);
      const submission = parseWithZod(formData, { schema: shipToSchema });
      if (submission.status !== "success") return data<ActionResult>({ ok: false, reply: submission.reply() }, 400);
      const { label, shipping, makeDefault } = submission.value;
      await updateShipTo(buyer, id, { label, address: shipping, makeDefault });
      return succeeded(`Address "${label}" saved`);
    },
  },
  "make-default": {
    failure: "Failed to change the default address",
    async handle(buyer, formData) {
      const shipTo = await makeDefaultShipTo(buyer, idOf(formData));
      return succeeded(`"${shipTo.label}" is now your default address`);
    },
  },
  delete: {
    failure: "Failed to delete the address",
    async handle(buyer, formData) {
      const shipTo = await deleteShipTo(buyer, idOf(formData));
      return succeeded(`Address "${shipTo.label}" deleted`);
    },
  },
};

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents);
}

export default function AddressBookPage({ loaderData }: Route.ComponentProps) {
  const { shipTos, canManage } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Breadcrumb crumbs={[{ label: "My Account", to: "/account" }, { label: "Address Book" }]} />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-950">Address Book</h1>
          <p className="mt-1 text-slate-700">
            The places you ship to. Choose one at checkout; the default is chosen first. Up to {MAX_SHIP_TOS} addresses.
            {!canManage && " Your company admin keeps this address book."}
          </p>
        </div>
        {canManage && shipTos.length < MAX_SHIP_TOS && <ShipToDialog />}
      </div>
      {shipTos.length === 0 ? (
        <p className="mt-8 text-slate-700">No saved addresses yet.</p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {shipTos.map((shipTo) => (
            <li key={shipTo.id}>
              <ShipToCard shipTo={shipTo} canManage={canManage} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ShipToCard({ shipTo, canManage }: { shipTo: ShipTo; canManage: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-3 py-5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold text-slate-950">{shipTo.label}</h2>
          {shipTo.isDefault && (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">Default</span>
          )}
        </div>
        <address className="flex-1 text-sm not-italic text-slate-800">
          {formatAddress(shipTo.address).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
        {canManage && (
          <div className="flex flex-wrap gap-2">
            {/* Keyed by what it shows, so the form opens with the address as saved last. */}
            <ShipToDialog key={JSON.stringify(shipTo)} shipTo={shipTo} />
            {!shipTo.isDefault && (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="make-default" />
                <input type="hidden" name="id" value={shipTo.id} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  disabled={fetcher.state !== "idle"}
                  aria-label={`Make Default: ${shipTo.label}`}
                >
                  Make Default
                </Button>
              </fetcher.Form>
            )}
            <DeleteShipTo shipTo={shipTo} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** 'Add Address', or 'Edit' with the address's values: the form in a dialog that closes once saved. */
function ShipToDialog({ shipTo }: { shipTo?: ShipTo }) {
  const fetcher = useFetcher<ActionResult>();
  const [open, setOpen] = useState(false);
  const [makeDefault, setMakeDefault] = useState(false);
  const [form, fields] = useZodForm(`ship-to-${shipTo?.id ?? "new"}`, shipToSchema, {
    lastResult: fetcher.state === "idle" ? fetcher.data?.reply : undefined,
    defaultValue: shipTo ? { label: shipTo.label, shipping: shipTo.address } : undefined,
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  const title = shipTo ? `Edit ${shipTo.label}` : "Add Address";
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.reset();
      }}
    >
      <Button
        size="sm"
        variant={shipTo ? "outline" : "default"}
        onClick={() => setOpen(true)}
        aria-label={shipTo ? `Edit ${shipTo.label}` : undefined}
      >
        {shipTo ? "Edit" : "Add Address"}
      </Button>
      <DialogContent className="max-h-[90vh] max-w-lg overflow-y-auto">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>A label helps you pick it at checkout, e.g. "Main warehouse".</DialogDescription>
        <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value={shipTo ? "edit" : "add"} />
          {shipTo && <input type="hidden" name="id" value={shipTo.id} />}
          <Field meta={fields.label} label="Label" />
          <AddressFields kind="shipping" meta={fields.shipping} />
          {!shipTo?.isDefault && (
            <CheckboxField
              id={`${form.id}-make-default`}
              name="makeDefault"
              label="Make this my default address"
              checked={makeDefault}
              onCheckedChange={setMakeDefault}
            />
          )}
          <div className="flex justify-end gap-2">
            <DialogCancel />
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              Save Address
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** Deleting asks first; the default passes to another address when there is one. */
function DeleteShipTo({ shipTo }: { shipTo: ShipTo }) {
  const fetcher = useFetcher<ActionResult>();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="outline"
        size="sm"
        disabled={fetcher.state !== "idle"}
        onClick={() => setOpen(true)}
        aria-label={`Delete ${shipTo.label}`}
      >
        Delete
      </Button>
      <DialogContent>
        <DialogTitle>Delete {shipTo.label}?</DialogTitle>
        <DialogDescription>
          {formatAddress(shipTo.address).join(", ")} leaves your address book. Orders already placed keep their address.
        </DialogDescription>
        <fetcher.Form method="post" onSubmit={() => setOpen(false)} className="mt-4 flex justify-end gap-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={shipTo.id} />
          <DialogCancel>Keep Address</DialogCancel>
          <Button type="submit" variant="destructive">
            Delete Address
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
