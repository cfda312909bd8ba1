import { isRouteErrorResponse, Link, NavLink, useRouteError } from "react-router";
import { cn } from "../../lib/utils";

const sections = [
  { to: "/admin", label: "Customers & Promo Codes", end: true },
  { to: "/admin/orders", label: "Orders", end: false },
  { to: "/admin/audit-log", label: "Audit Log", end: true },
];

/** The back office's own navigation, above every admin page. */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className="mb-6 border-b border-slate-200">
      <ul className="flex flex-wrap gap-1">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                cn(
                  "inline-block border-b-2 px-3 py-2 text-sm font-semibold",
                  isActive
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-slate-700 hover:text-slate-950",
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Previous / Page n of m / Next for a server-paginated list; `link` builds each page's URL. */
export function Pagination({
  label,
  page,
  total,
  pageSize,
  link,
}: {
  label: string;
  page: number;
  total: number;
  pageSize: number;
  link: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between text-sm">
      {page > 1 ? <Link to={link(page - 1)}>Previous</Link> : <span />}
      <span className="text-slate-700">
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={link(page + 1)}>Next</Link> : <span />}
    </nav>
  );
}

/** What a guest (401) or a customer (403) sees on an admin page, and any other failure. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text] =
    status === 401
      ? ["Admin Login", "Sign in as an admin to continue."]
      : status === 403
        ? ["Access Denied", "You don't have admin privileges to access this page."]
        : status === 404
          ? ["Not found", isRouteErrorResponse(error) ? String(error.data) : "That record does not exist."]
          : ["Something went wrong", "Please try again in a moment."];
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-950">{title}</h1>
      <p className="mt-3 text-slate-700">{text}</p>
      <Link to="/admin" className="mt-6 inline-block font-semibold text-brand-700 underline">
        Go to the admin page
      </Link>
    </div>
  );
}
