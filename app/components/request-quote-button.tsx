import { toast } from "../lib/toast";
import { Button } from "./ui/button";

/** Quotes are not online yet; the buyer is told how to get one. */
export function RequestQuoteButton({ label, variant }: { label: string; variant?: "accent" | "outline" | "default" }) {
  return (
    <Button
      type="button"
      size="lg"
      variant={variant}
      onClick={() => {
        console.info("Quote requested");
        toast.info("Quote requests", {
          description: "Email us your part numbers and quantities for a quote within one business day.",
        });
      }}
    >
      {label}
    </Button>
  );
}
