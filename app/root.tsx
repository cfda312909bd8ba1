import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { isSharedPage } from "../domain/catalog/shared-pages";
import { yearsInBusiness } from "../domain/dates/years-in-business";
import { currentUser, readSession } from "../server/accounts/session";
import { storefrontCategoryTree } from "../server/catalog/products/category-tree";
import { config } from "../server/config";
import { headerUser } from "../server/context";
import { takeToast } from "../server/toast";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { ErrorPage } from "./components/error-page";
import { Footer } from "./components/footer";
import { Header } from "./components/header/header";
import { useNonce } from "./components/nonce";
import { NotFound } from "./components/not-found";
import type { RootData } from "./components/root-data";
import { LazyToaster, useToast } from "./components/toasts";
import { HYDRATED_EVENT, START_AFTER_PAINT } from "./lib/hydration-after-paint";

/**
 * After any form is sent (even one answered 4xx), the root reloads to pick up the flash toast and
 * session. A shared page's root data names nobody, so the first other page after one asks again.
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod !== undefined && formMethod !== "GET") return true;
  if (isSharedPage(currentUrl.pathname) && !isSharedPage(nextUrl.pathname)) return true;
  return defaultShouldRevalidate;
}

export function meta({ error }: Route.MetaArgs) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: notFound ? "Page not found | Cascade Industrial Supply" : "Cascade Industrial Supply" }];
}

export const middleware: Route.MiddlewareFunction[] = [readSession];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { STORE_EMAIL, STORE_PHONE, STORE_FOUNDED_YEAR } = config();
  // A shared page names nobody (its session is not even read): the header asks /api/cart who this is.
  const shared = isSharedPage(new URL(request.url).pathname);
  const [{ toast, headers }, categories] = await Promise.all([takeToast(request), storefrontCategoryTree()]);
  return data<RootData>(
    {
      store: {
        email: STORE_EMAIL,
        phone: STORE_PHONE,
        foundedYear: STORE_FOUNDED_YEAR ?? null,
        yearsInBusiness: yearsInBusiness(STORE_FOUNDED_YEAR, new Date()),
      },
      categories,
      shared,
      user: shared ? null : headerUser(currentUser(context)),
      toast,
    },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* A stylesheet with a precedence is one React places ahead of the script preloads, so
            the first paint does not wait behind thirty module downloads. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {/* The first Tab stop of every page, the back office's too: past the header to the page's
            own content (WCAG 2.4.1). Hidden until it has the focus; main takes the focus it moves. */}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg focus:outline-none focus:ring-2 focus:ring-brand-600"
        >
          Skip to content
        </a>
        <Header />
        {/* From lg up the header is sticky: a scroll margin taller than it keeps the content's top
            from going under it when the skip link scrolls to main. */}
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none lg:scroll-mt-64">
          {children}
        </main>
        <Footer />
        <LazyToaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* It runs once, from the server's HTML, before React is there: the browser's bundle need not
            carry its text (hydration leaves a script's content as the server sent it). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the store's own constant script, no input in it
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? START_AFTER_PAINT : "" }}
        />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useToast(loaderData?.toast);
  // Effects run children first: when the root's runs, the whole page has hydrated.
  useEffect(() => {
    dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <ErrorPage error={error} />;
}
