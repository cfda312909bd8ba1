import { Search } from "lucide-react";
import { Form } from "react-router";
import { cn } from "../../lib/utils";

export function SearchForm({ className }: { className?: string }) {
  return (
    <Form method="get" action="/search" role="search" className={cn("max-w-2xl", className)}>
      <label htmlFor="site-search" className="sr-only">
        Search products
      </label>
      <div className="flex">
        <input
          id="site-search"
          type="search"
          name="q"
          maxLength={200}
          placeholder="Search by part number, keyword, or SKU..."
          aria-describedby="site-search-hint"
          className="h-10 min-w-0 flex-1 rounded-l-md border border-slate-300 px-3 text-sm text-slate-900 placeholder:text-slate-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        />
        <button
          type="submit"
          className="flex h-10 shrink-0 items-center gap-2 rounded-r-md bg-brand-800 px-4 text-sm font-semibold text-white hover:bg-brand-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          <Search className="size-4" aria-hidden="true" />
          {/* Phones keep the name for screen readers and give the placeholder the room. */}
          <span className="sr-only sm:not-sr-only">Search</span>
        </button>
      </div>
      <p id="site-search-hint" className="mt-1 text-xs text-slate-600">
        Try: "OEM", "Product Type", or "Description"
      </p>
    </Form>
  );
}
