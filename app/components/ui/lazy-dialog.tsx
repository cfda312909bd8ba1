import { type ReactNode, Suspense, useRef, useState } from "react";

/** What a dialog whose code loads on first use gets from the button that opens it. */
export interface LazyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** For Radix's DialogContent: focus goes back to the button that opened the dialog. */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * A dialog (or popover) loaded when its button is first pressed (or pointed at), so a page's first load carries
 * the button alone: Radix Dialog and a dialog's own code are about 10 KB that most page views
 * never open. `load` is the dialog module's import, the same one its `lazy()` is made from.
 */
export function useLazyDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const dialog: LazyDialogProps = {
    open,
    onOpenChange: setOpen,
    onCloseAutoFocus: (event) => {
      event.preventDefault();
      button.current?.focus();
    },
  };
  return {
    /** Spread on the button that opens the dialog. */
    button: {
      ref: button,
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
      onPointerEnter: () => void load(),
      // A toggle: a modal dialog's overlay covers its button, a popover's button closes it.
      onClick: () => {
        setOpened(true);
        setOpen((wasOpen) => !wasOpen);
      },
    },
    /** The button, for a popover to be placed beside it. */
    anchor: button,
    dialog,
    /** Renders the dialog once it has been opened, and keeps it (and what was typed in it) after. */
    mount: (children: ReactNode) => (opened ? <Suspense fallback={null}>{children}</Suspense> : null),
  };
}
