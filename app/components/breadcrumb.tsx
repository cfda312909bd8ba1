import { Fragment } from "react";
import { Link } from "react-router";

export interface Crumb {
  label: string;
  to?: string;
}

/** The trail above a page; the last crumb is the current page and is not a link. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="breadcrumb" className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => (
          <Fragment key={crumb.to ?? `current:${crumb.label}`}>
            {index > 0 && (
              <li aria-hidden="true" className="text-slate-500">
                /
              </li>
            )}
            <li>
              {crumb.to ? (
                <Link to={crumb.to} prefetch="intent" className="hover:text-brand-700 hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current="page" className="font-medium text-slate-900">
                  {crumb.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
