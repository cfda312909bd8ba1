import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A filter or sort choice that is a link: its state lives in the URL, and it works before hydration. */
export function FilterChip({ to, active, children }: { to: string; active: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={active ? "true" : undefined}
      className={clsx(
        "rounded-full border px-4 py-1.5 text-sm font-medium",
        active ? "border-brand-800 bg-brand-800 text-white" : "border-slate-300 text-slate-900 hover:border-brand-700",
      )}
    >
      {children}
    </Link>
  );
}
