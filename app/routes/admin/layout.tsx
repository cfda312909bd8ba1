// What every admin page shares: the section's frame and navigation, no caching, and the screen
// a guest, a customer or a failed page gets instead. The guard itself stays in each page's
// loader and action: this layout has no loader, and one would not rerun for actions or on
// every client navigation.
import { isRouteErrorResponse, Link, Outlet, useLocation, useRouteError } from "react-router";
import { AdminLoginForm } from "../../components/admin/admin-login";
import { AdminNav, AdminPage, TwoFactorReminder } from "../../components/admin/admin-shell";
import type { Route } from "./+types/layout";

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const statusOf = (error: unknown) => (isRouteErrorResponse(error) ? error.status : 500);

const errorHeadings: Record<number, string> = { 401: "Admin Login", 403: "Access Denied", 404: "Not found" };
const errorHeading = (error: unknown) => errorHeadings[statusOf(error)] ?? "Something went wrong";

// Each admin page names itself; this names the screens the boundary shows in a page's place.
export function meta({ error }: Route.MetaArgs) {
  return [{ title: `${errorHeading(error)} | Cascade Industrial Supply` }];
}

export default function AdminLayout() {
  return (
    <AdminPage>
      <AdminNav />
      <TwoFactorReminder />
      <Outlet />
    </AdminPage>
  );
}

/** A guest (401) gets the login form and comes back here after it; a customer (403) is turned away. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const status = statusOf(error);
  if (status === 401) {
    return (
      <AdminPage>
        <AdminLoginForm redirectTo={pathname + search} />
      </AdminPage>
    );
  }
  // A 403's and a 404's message is meant for people: requireAdmin's, or the loader's "There is no order …".
  const text = isRouteErrorResponse(error) && (status === 403 || status === 404) ? String(error.data) : null;
  // The admin page would only turn a customer away again.
  const [to, label] = status === 403 ? ["/", "Return to Home"] : ["/admin", "Go to the admin page"];
  return (
    <AdminPage>
      <div className="mx-auto max-w-lg py-16 text-center">
        <h1 className="text-3xl font-bold text-slate-950">{errorHeading(error)}</h1>
        <p className="mt-3 text-slate-700">{text ?? "Please try again in a moment."}</p>
        <Link to={to} className="mt-6 inline-block font-semibold text-brand-700 underline">
          {label}
        </Link>
      </div>
    </AdminPage>
  );
}
