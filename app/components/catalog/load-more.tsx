import { Link } from "react-router";

/** "Load More Products" under a listing or search results: the next page, kept in the URL. */
export function LoadMore({ to }: { to: string }) {
  return (
    <div className="mt-8 text-center">
      <Link
        to={to}
        preventScrollReset
        className="inline-flex h-11 items-center rounded-md border border-slate-300 px-6 font-semibold text-slate-900 hover:bg-slate-100"
      >
        Load More Products
      </Link>
    </div>
  );
}
