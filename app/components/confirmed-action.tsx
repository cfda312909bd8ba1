import type { ReactNode } from "react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "./ui/button";
import { Dialog, DialogCancel, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog";

/**
 * A small button for a change that cannot be taken back (removing a member, revoking a key): it
 * asks first, in a dialog that says what changes, and posts `fields` to the page's action.
 */
export function ConfirmedAction({
  label,
  accessibleName,
  title,
  description,
  fields,
  keepLabel,
  confirmLabel,
}: {
  label: string;
  /** The button's name when its label alone would not say which one (one per row). */
  accessibleName: string;
  title: string;
  description: ReactNode;
  fields: Record<string, string>;
  keepLabel: string;
  confirmLabel: string;
}) {
  const fetcher = useFetcher();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        size="sm"
        variant="outline"
        disabled={fetcher.state !== "idle"}
        onClick={() => setOpen(true)}
        aria-label={accessibleName}
      >
        {label}
      </Button>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <fetcher.Form method="post" onSubmit={() => setOpen(false)} className="mt-4 flex justify-end gap-2">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <DialogCancel>{keepLabel}</DialogCancel>
          <Button type="submit" variant="destructive">
            {confirmLabel}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
