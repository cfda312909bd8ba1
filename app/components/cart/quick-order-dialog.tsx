import { Plus, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { looksLikeList, parsePastedLines, quickOrderLines } from "../../../domain/cart/quick-order";
import { toast } from "../../lib/toast";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../ui/dialog";
import { Input } from "../ui/input";
import type { LazyDialogProps } from "../ui/lazy-dialog";
import { useCart } from "./use-cart";

interface Row {
  id: number;
  partNumber: string;
  quantity: string;
  /** The store answered that no part has this number. */
  notFound?: boolean;
  /** Why the quantity cannot be ordered as typed (it is never changed for the buyer). */
  quantityProblem?: string;
}

let nextRowId = 1;
const emptyRow = (): Row => ({ id: nextRowId++, partNumber: "", quantity: "1" });

/**
 * Part numbers and quantities typed (or pasted from a spreadsheet) and added in one go. Loaded when
 * the header's Quick Order button is first used (quick-order-button.tsx).
 */
export default function QuickOrderDialog({ open, onOpenChange, onCloseAutoFocus }: LazyDialogProps) {
  const [rows, setRows] = useState<Row[]>(() => [emptyRow()]);
  const { fetcher, change, ready } = useCart();
  const [pending, setPending] = useState<{ before: unknown } | null>(null);
  const formId = useId();
  const lastPartInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  // Closing (by Cancel, Escape or after adding) always leaves one empty row for next time.
  const setOpenAndReset = (next: boolean) => {
    onOpenChange(next);
    if (!next) setRows([emptyRow()]);
  };

  // Once the store answers: the rows it did not know stay, marked, for the buyer to correct;
  // when every row went into the cart, the dialog closes.
  useEffect(() => {
    if (!pending || fetcher.state !== "idle" || fetcher.data === pending.before) return;
    setPending(null);
    const unknown = new Set(fetcher.data?.notFound ?? []);
    if (unknown.size > 0) {
      setRows((current) =>
        current.filter((row) => unknown.has(row.partNumber.trim())).map((row) => ({ ...row, notFound: true })),
      );
    } else if (fetcher.data?.notice) {
      onOpenChange(false);
      setRows([emptyRow()]);
    }
  }, [pending, fetcher.state, fetcher.data, onOpenChange]);

  // Editing a row clears what was said about the field edited.
  const update = (id: number, field: "partNumber" | "quantity", value: string) =>
    setRows((current) =>
      current.map((row) =>
        row.id === id
          ? field === "quantity"
            ? { ...row, quantity: value, quantityProblem: undefined }
            : { ...row, partNumber: value, notFound: false }
          : row,
      ),
    );

  const submit = () => {
    const { lines, problems } = quickOrderLines(rows);
    if (problems.length > 0) {
      // Nothing is added while a quantity is wrong: each is marked, and the first gets the focus.
      const byIndex = new Map(problems.map(({ index, problem }) => [index, problem]));
      setRows((current) => current.map((row, index) => ({ ...row, quantityProblem: byIndex.get(index) })));
      const first = problems[0]?.index ?? 0;
      requestAnimationFrame(() =>
        list.current?.querySelectorAll<HTMLInputElement>("input[data-quantity]")[first]?.focus(),
      );
      return;
    }
    if (lines.length === 0) {
      toast.error("No items to add", { description: "Please enter at least one part number." });
      return;
    }
    setPending({ before: fetcher.data });
    change({ intent: "quick-order", lines: JSON.stringify({ lines }) });
  };

  return (
    <Dialog open={open} onOpenChange={setOpenAndReset}>
      <DialogContent className="max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>Quick Order</DialogTitle>
        <DialogDescription>
          Enter part numbers and quantities to add items to your cart quickly. You can also paste lines of "PART, QTY"
          from a spreadsheet.
        </DialogDescription>
        <form
          id={formId}
          noValidate
          className="mt-4 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid grid-cols-[1fr_6rem_2.5rem] gap-2 text-sm font-medium text-slate-900">
            <span>Part Number</span>
            <span>Qty</span>
          </div>
          <ul ref={list} className="max-h-72 space-y-2 overflow-y-auto">
            {rows.map((row, index) => (
              <li key={row.id} className="grid grid-cols-[1fr_6rem_2.5rem] items-start gap-2">
                <div>
                  <Input
                    ref={index === rows.length - 1 ? lastPartInput : undefined}
                    aria-label={`Part Number, row ${index + 1}`}
                    aria-invalid={row.notFound || undefined}
                    aria-describedby={row.notFound ? `${formId}-not-found-${row.id}` : undefined}
                    value={row.partNumber}
                    maxLength={64}
                    onChange={(event) => update(row.id, "partNumber", event.target.value)}
                    onPaste={(event) => {
                      const text = event.clipboardData.getData("text");
                      if (!looksLikeList(text)) return;
                      event.preventDefault();
                      const pasted = parsePastedLines(text).map((line) => ({
                        id: nextRowId++,
                        partNumber: line.partNumber,
                        // As pasted: a quantity that cannot be ordered is said so when adding.
                        quantity: line.quantity || "1",
                      }));
                      setRows((current) => [
                        ...current.filter((r) => r.id !== row.id && r.partNumber.trim()),
                        ...pasted,
                      ]);
                    }}
                  />
                  {row.notFound && (
                    <p id={`${formId}-not-found-${row.id}`} className="mt-1 text-sm text-red-700">
                      Part number not found
                    </p>
                  )}
                </div>
                <Input
                  data-quantity
                  aria-label={`Qty, row ${index + 1}`}
                  aria-invalid={row.quantityProblem ? true : undefined}
                  aria-describedby={row.quantityProblem ? `${formId}-quantity-${row.id}` : undefined}
                  type="number"
                  inputMode="numeric"
                  value={row.quantity}
                  onChange={(event) => update(row.id, "quantity", event.target.value)}
                />
                <button
                  type="button"
                  onClick={() => setRows((current) => current.filter((r) => r.id !== row.id))}
                  disabled={rows.length === 1}
                  aria-label={`Remove row ${index + 1}`}
                  className="flex items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-40"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
                {row.quantityProblem && (
                  <p id={`${formId}-quantity-${row.id}`} className="col-span-3 text-sm text-red-700">
                    {row.quantityProblem}
                  </p>
                )}
              </li>
            ))}
          </ul>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setRows((current) => [...current, emptyRow()]);
              requestAnimationFrame(() => lastPartInput.current?.focus());
            }}
          >
            <Plus aria-hidden="true" />
            Add Another Item
          </Button>
          <div className="flex justify-end gap-2 pt-2">
            <Button type="button" variant="outline" onClick={() => setOpenAndReset(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!ready || pending !== null}>
              Add to Cart
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
