import { getFormProps, getInputProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { carrierOptions } from "../../../domain/orders/carriers";
import { shipmentSchema } from "../../../domain/orders/shipments";
import { Field, FieldError, SelectField } from "../form-field";
import { ShippingNote } from "../orders/shipping-note";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { useZodForm } from "../use-zod-form";

export interface LineToShip {
  id: string;
  productName: string;
  productSku: string | null;
  quantity: number;
  shipped: number;
  /** Taken from stock and not shipped yet: what can go in this shipment. */
  ready: number;
  backordered: number;
  /** "Ships by ground only (hazardous material)": no air carrier may take it. */
  shipping?: string;
}

/**
 * The admin records a shipment: carrier, tracking number and how many of each line it carries (all
 * that is ready, unless changed). The server checks every quantity again; the buyer gets its mail.
 */
export function RecordShipment({ lines }: { lines: LineToShip[] }) {
  const fetcher = useFetcher<{ ok: boolean }>();
  const [form, fields] = useZodForm("record-shipment", shipmentSchema, {
    defaultValue: { lines: lines.map((line) => ({ orderItemId: line.id, quantity: String(line.ready) })) },
  });
  const rows = fields.lines.getFieldList();
  return (
    <Card>
      <CardContent className="py-5">
        <h2 id="record-shipment-heading" className="text-xl font-semibold text-slate-950">
          Record a Shipment
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Ship some or all of what is in stock for this order. The buyer is e-mailed the tracking link and the packing
          slip.
        </p>
        <fetcher.Form
          method="post"
          {...getFormProps(form)}
          aria-labelledby="record-shipment-heading"
          className="mt-4 space-y-4"
        >
          <input type="hidden" name="intent" value="ship" />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              meta={fields.carrier}
              label="Carrier"
              options={carrierOptions}
              placeholder="Choose a carrier"
            />
            <Field meta={fields.trackingNumber} label="Tracking Number" autoComplete="off" />
          </div>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-950">Quantities in this shipment</legend>
            <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
              {rows.map((row, index) => {
                const line = lines[index];
                if (!line) return null;
                const { orderItemId, quantity } = row.getFieldset();
                return (
                  <li key={row.key} className="flex flex-wrap items-end justify-between gap-3 p-3 text-sm">
                    <div>
                      <p className="font-medium text-slate-950">{line.productName}</p>
                      <p className="text-slate-700">
                        {line.productSku && <span className="font-mono">{line.productSku} · </span>}
                        Ordered {line.quantity} · Shipped {line.shipped} · In stock to ship {line.ready}
                        {line.backordered > 0 ? ` · Back-ordered ${line.backordered}` : ""}
                      </p>
                      <ShippingNote note={line.shipping} />
                    </div>
                    <input {...getInputProps(orderItemId, { type: "hidden" })} key={orderItemId.key} />
                    <div className="space-y-1">
                      <Label htmlFor={quantity.id}>
                        Quantity to ship<span className="sr-only"> of {line.productSku ?? line.productName}</span>
                      </Label>
                      <Input
                        {...getInputProps(quantity, { type: "number" })}
                        key={quantity.key}
                        min={0}
                        max={line.ready}
                        step={1}
                        inputMode="numeric"
                        className="w-28"
                      />
                      <FieldError meta={quantity} />
                    </div>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Record Shipment
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
