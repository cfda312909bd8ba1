import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { fromCents } from "../../../domain/money/cents";
import { formatUsd } from "../../../domain/money/format";
import {
  type CancellableLine,
  cancellableQuantity,
  cancellationCents,
  orderedQuantity,
  SHIPPED_ONLY_RETURNED,
} from "../../../domain/orders/cancellations";
import type { OrderAmounts } from "../../../domain/orders/given-back";
import { Button } from "../ui/button";
import { Dialog, DialogCancel, DialogContent, DialogDescription, DialogTitle } from "../ui/dialog";
import { Input } from "../ui/input";
import { Label } from "../ui/label";

export interface Cancellation {
  orderNumber: string;
  /** What the page saw as cancelled and shipped: the server refuses a form from an older page. */
  seen: number;
  amounts: OrderAmounts;
  lines: CancellableLine[];
  paidByCard: boolean;
}

/**
 * The buyer's cancel buttons: the whole order (every quantity not shipped) or the items chosen. One
 * dialog names what will be cancelled and the refund (or how much the invoice goes down) as the
 * quantities are typed; the server checks it all again.
 */
export function CancelItems(cancellation: Cancellation) {
  const [open, setOpen] = useState<"order" | "items" | null>(null);
  const anyLeft = cancellation.lines.some((line) => cancellableQuantity(line) > 0);
  if (!anyLeft) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => setOpen("items")}>
        Cancel Items
      </Button>
      <Button variant="destructive" onClick={() => setOpen("order")}>
        Cancel Order
      </Button>
      {open && <CancelDialog {...cancellation} whole={open === "order"} onClose={() => setOpen(null)} />}
    </div>
  );
}

function CancelDialog({
  orderNumber,
  seen,
  amounts,
  lines,
  paidByCard,
  whole,
  onClose,
}: Cancellation & { whole: boolean; onClose: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(lines.map((line) => [line.id, whole ? String(cancellableQuantity(line)) : "0"])),
  );
  const formId = useId();
  const done = fetcher.state === "idle" && fetcher.data?.ok === true;
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);
  const asked = lines.flatMap((line) => {
    const quantity = Number(typed[line.id] ?? "0");
    return Number.isInteger(quantity) && quantity > 0 ? [{ orderItemId: line.id, quantity, line }] : [];
  });
  const tooMany = asked.filter(({ quantity, line }) => quantity > cancellableQuantity(line));
  const cents = tooMany.length === 0 && asked.length > 0 ? cancellationCents(amounts, lines, asked) : 0;
  const money = paidByCard
    ? `Refund to your card: ${formatUsd(fromCents(cents))}`
    : `Your invoice goes down by ${formatUsd(fromCents(cents))}`;
  const refused = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data.message : undefined;
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogTitle>{whole ? "Cancel this order?" : "Cancel items"}</DialogTitle>
        <DialogDescription>
          {whole
            ? "Everything that has not shipped is cancelled."
            : "Enter how many of each item to cancel. Only what has not shipped can be cancelled."}{" "}
          This cannot be undone.
        </DialogDescription>
        <fetcher.Form method="post" id={formId} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="cancelItems" />
          <input type="hidden" name="orderNumber" value={orderNumber} />
          <input type="hidden" name="seen" value={seen} />
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {lines.map((line) => {
              const left = cancellableQuantity(line);
              // The form's rows are the lines that can still be cancelled, numbered without gaps.
              const index = lines.filter((each) => cancellableQuantity(each) > 0).indexOf(line);
              const part = line.productSku ?? line.productName;
              const inputId = `${formId}-line-${index}`;
              const over = tooMany.some((each) => each.orderItemId === line.id);
              return (
                <li key={line.id} className="grid gap-3 p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-end">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-950">{line.productName}</p>
                    <p className="text-slate-700">
                      {line.productSku && <span className="font-mono">{line.productSku} · </span>}
                      Ordered {orderedQuantity(line)}
                      {line.shippedQuantity > 0 ? ` · Shipped ${line.shippedQuantity}` : ""}
                      {line.cancelledQuantity > 0 ? ` · Cancelled ${line.cancelledQuantity}` : ""}
                    </p>
                    {left === 0 && line.shippedQuantity > 0 && (
                      <p className="text-slate-700">{SHIPPED_ONLY_RETURNED}</p>
                    )}
                  </div>
                  {left > 0 && (
                    <div className="flex flex-col gap-1">
                      <input type="hidden" name={`lines[${index}].orderItemId`} value={line.id} />
                      <Label htmlFor={inputId}>
                        Quantity to cancel<span className="sr-only"> of {part}</span>
                      </Label>
                      <Input
                        id={inputId}
                        name={`lines[${index}].quantity`}
                        type="number"
                        min={0}
                        max={left}
                        step={1}
                        inputMode="numeric"
                        className="w-28"
                        value={typed[line.id] ?? "0"}
                        onChange={(event) => setTyped((now) => ({ ...now, [line.id]: event.target.value }))}
                        aria-invalid={over || undefined}
                        aria-describedby={over ? `${inputId}-error` : undefined}
                      />
                      {over && (
                        <p id={`${inputId}-error`} className="text-sm text-red-700">
                          Cancel {left} or fewer.
                        </p>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <div aria-live="polite" className="rounded-md bg-slate-50 p-3 text-sm">
            {asked.length === 0 ? (
              <p className="text-slate-700">Nothing chosen yet.</p>
            ) : (
              <>
                <p className="text-slate-950">
                  Cancelling:{" "}
                  {asked.map(({ quantity, line }) => `${quantity} × ${line.productSku ?? line.productName}`).join(", ")}
                </p>
                {tooMany.length === 0 && <p className="font-semibold text-slate-950">{money}</p>}
              </>
            )}
          </div>
          {refused && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {refused}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogCancel>Keep Order</DialogCancel>
            <Button
              type="submit"
              variant="destructive"
              disabled={fetcher.state !== "idle" || asked.length === 0 || tooMany.length > 0}
            >
              {whole ? "Cancel Order" : "Cancel Items"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
