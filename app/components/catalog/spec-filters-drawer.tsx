import type { ReactNode } from "react";
import { formatNumber } from "../../../domain/text/numbers";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent, DialogTitle } from "../ui/dialog";
import type { LazyDialogProps } from "../ui/lazy-dialog";

/**
 * The phone's filter drawer around the filters (spec-filters.tsx, which loads it on first use): it
 * says how many parts the filters leave as they change.
 */
export default function FiltersDrawer({
  total,
  children,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: LazyDialogProps & { total: number; children: ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby={undefined}
        onCloseAutoFocus={onCloseAutoFocus}
        className="top-0 left-0 h-full max-h-screen w-[min(24rem,100%)] max-w-none translate-x-0 translate-y-0 overflow-y-auto rounded-none"
      >
        <DialogTitle>Filters</DialogTitle>
        <p className="mt-1 mb-4 text-sm text-slate-700" aria-live="polite">
          {`${formatNumber(total)} ${total === 1 ? "part matches" : "parts match"}`}
        </p>
        {children}
        <DialogClose asChild>
          <Button type="button" className="mt-6 w-full">
            {`Show ${formatNumber(total)} ${total === 1 ? "product" : "products"}`}
          </Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
