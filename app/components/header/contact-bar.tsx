import { Mail } from "lucide-react";

/** The dark strip above the header: the store's e-mail, its tagline and the Contact button. */
export function ContactBar({ email }: { email: string }) {
  return (
    <div className="bg-brand-900 text-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2 text-sm">
        <p className="flex min-w-0 items-center gap-2">
          <Mail className="size-4 shrink-0" aria-hidden="true" />
          <span className="truncate">
            <span className="hidden sm:inline">Questions? Email us at </span>
            <a
              href={`mailto:${email}`}
              className="rounded-sm font-semibold underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-300"
            >
              {email}
            </a>
          </span>
        </p>
        <p className="hidden font-medium text-amber-200 md:block">Professional Grade Parts for Professionals</p>
        <a
          href={`mailto:${email}`}
          className="shrink-0 rounded bg-accent-500 px-3 py-1 font-semibold text-slate-950 hover:bg-accent-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-900"
        >
          Contact
        </a>
      </div>
    </div>
  );
}
