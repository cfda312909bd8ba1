import { Link } from "react-router";

export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-6xl font-extrabold text-brand-800">404</h1>
      <p className="mt-4 text-xl text-slate-600">Oops! Page not found</p>
      <Link to="/" className="mt-8 font-semibold text-brand-700 underline hover:text-brand-900">
        Return to Home
      </Link>
    </section>
  );
}
