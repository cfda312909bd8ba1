import { clsx } from "clsx";
import type * as React from "react";

function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={clsx("input", className)} {...props} />;
}

export { Input };
