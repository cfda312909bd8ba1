import { isRouteErrorResponse } from "react-router";

/** The store's page for an error: a refusal's message (meant for people), anything else without details. */
export function ErrorPage({ error }: { error: unknown }) {
  const message = isRouteErrorResponse(error)
    ? error.data || error.statusText
    : "Something went wrong on our side. Please try again in a moment.";
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">We could not show this page</h1>
      <p className="mt-4 text-slate-600">{String(message)}</p>
      <a href="/" className="mt-8 inline-block font-semibold text-brand-700 underline">
        Return to Home
      </a>
    </section>
  );
}
