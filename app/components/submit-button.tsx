import { clsx } from "clsx";
import { Loader2 } from "lucide-react";
import { Button } from "./ui/button";

/** A form's submit button: a spinner and disabled while the form is being sent. */
export function SubmitButton({
  busy,
  children,
  ref,
  className,
}: {
  busy: boolean;
  children: React.ReactNode;
  ref?: React.Ref<HTMLButtonElement>;
  className?: string;
}) {
  return (
    <Button ref={ref} type="submit" className={clsx("w-full", className)} disabled={busy} aria-busy={busy}>
      {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
      {children}
    </Button>
  );
}
