import { getFormProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { carriers, shipmentSchema } from "../../../domain/orders/shipping";
import { Field, SelectField } from "../form-field";
import { Button } from "../ui/button";
import { Dialog, DialogCancel, DialogContent, DialogDescription, DialogTitle } from "../ui/dialog";
import { useZodForm } from "../use-zod-form";

/** 'Mark as Shipped' asks for the carrier (required) and the tracking number (optional) first. */
export function ShipOrderDialog({ busy }: { busy: boolean }) {
  const fetcher = useFetcher<{ ok: boolean }>();
  const [open, setOpen] = useState(false);
  const [form, fields] = useZodForm("ship-order", shipmentSchema);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button disabled={busy} onClick={() => setOpen(true)}>
        Mark as Shipped
      </Button>
      <DialogContent>
        <DialogTitle>Ship this order</DialogTitle>
        <DialogDescription>
          The buyer is e-mailed the carrier, the tracking number and a link to the order.
        </DialogDescription>
        <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="status" value="shipped" />
          <SelectField meta={fields.carrier} label="Carrier" options={carriers} placeholder="Choose a carrier" />
          <Field meta={fields.trackingNumber} label="Tracking Number" autoComplete="off" optional />
          <div className="flex justify-end gap-2">
            <DialogCancel />
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              Mark as Shipped
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
