import { clsx } from "clsx";
import type * as React from "react";

// A plain label: Radix's adds only a guard against selecting its text on a double click.
function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the caller ties it to its field with htmlFor
    <label className={clsx("label", className)} {...props} />
  );
}

export { Label };
