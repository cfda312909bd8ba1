import { clsx } from "clsx";
import { Link, NavLink, useLocation } from "react-router";
import { useSignedInUser } from "../root-data";

const TWO_FACTOR_PAGE = "/admin/two-factor";

const sections = [
  { to: "/admin", label: "Customers & Promo Codes", end: true },
  { to: "/admin/orders", label: "Orders", end: false },
  { to: "/admin/returns", label: "Returns", end: false },
  { to: "/admin/quotes", label: "Quotes", end: false },
  { to: "/admin/products", label: "Products", end: false },
  { to: "/admin/categories", label: "Categories", end: false },
  { to: "/admin/products/import", label: "Import & Export", end: true },
  { to: "/admin/reviews", label: "Reviews", end: true },
  { to: "/admin/tax-certificates", label: "Tax Certificates", end: true },
  { to: "/admin/search-synonyms", label: "Search Synonyms", end: true },
  { to: "/admin/reports", label: "Reports", end: true },
  { to: "/admin/audit-log", label: "Audit Log", end: true },
  { to: "/admin/settings", label: "Settings", end: true },
  { to: "/admin/backups", label: "Backups", end: true },
  { to: TWO_FACTOR_PAGE, label: "Two-Factor Sign-In", end: true },
];

/**
 * An admin screen's frame. Its robots noindex tag (React moves it into <head>) covers every
 * admin page, the login and the error screens included.
 */
export function AdminPage({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <meta name="robots" content="noindex" />
      {children}
    </div>
  );
}

/** Above every admin page but its own, while the signed-in admin has no two-factor sign-in. */
export function TwoFactorReminder() {
  const user = useSignedInUser();
  const { pathname } = useLocation();
  if (!user?.isAdmin || user.twoFactorEnabled || pathname === TWO_FACTOR_PAGE) return null;
  return (
    <aside
      aria-label="Two-factor sign-in"
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-slate-900"
    >
      Your admin account is protected by a password alone. Add a code from an authenticator app, so a stolen password is
      not enough to get in.{" "}
      <Link to={TWO_FACTOR_PAGE} className="font-semibold text-brand-800 underline">
        Set up two-factor sign-in
      </Link>
    </aside>
  );
}

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
                clsx(
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
