import { clsx } from "clsx";
import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { Button } from "./button";

const Dialog = DialogPrimitive.Root;
const DialogTrigger = DialogPrimitive.Trigger;
const DialogClose = DialogPrimitive.Close;

/** `layerClassName` stacks the overlay and the dialog together (a z-index), for a dialog opened from a popover. */
function DialogContent({
  className,
  layerClassName,
  children,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { layerClassName?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={clsx("fixed inset-0 z-50 bg-slate-950/60", layerClassName)} />
      <DialogPrimitive.Content className={clsx("dialog-content", className, layerClassName)} {...props}>
        {children}
        <DialogPrimitive.Close
          className="absolute top-4 right-4 rounded-sm text-slate-700 hover:text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          aria-label="Close"
        >
          <XIcon className="size-4" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={clsx("dialog-title", className)} {...props} />;
}

function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={clsx("dialog-description", className)} {...props} />;
}

/** The button that closes a dialog without doing anything: "Cancel", or what keeps things as they are. */
function DialogCancel({ children = "Cancel" }: { children?: React.ReactNode }) {
  return (
    <DialogPrimitive.Close asChild>
      <Button type="button" variant="outline">
        {children}
      </Button>
    </DialogPrimitive.Close>
  );
}

export { Dialog, DialogCancel, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger };
