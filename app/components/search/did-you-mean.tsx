import { Link } from "react-router";
import { searchHref } from "../../../domain/catalog/search-params";

/**
 * The query spelt as the catalogue spells it, when that finds more: shown already when the query
 * as typed found nothing, else offered as a link.
 */
export function DidYouMean({ query, shown }: { query: string; shown: boolean }) {
  const link = (
    <Link to={searchHref({ q: query })} className="font-semibold text-brand-700 underline">
      {query}
    </Link>
  );
  return <p className="mt-1 text-slate-800">{shown ? <>Showing results for {link}.</> : <>Did you mean {link}?</>}</p>;
}
