import { isRouteErrorResponse, Link } from "react-router";
import { ErrorPage } from "./error-page";
import { Button } from "./ui/button";

interface NotFoundPanelProps {
  title: string;
  backTo: string;
  backLabel: string;
}

/** A buyer's page for something that is not theirs or does not exist (the answer is a 404 either way). */
export function NotFoundPanel({ title, backTo, backLabel }: NotFoundPanelProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-950">{title}</h1>
      <Button asChild className="mt-6">
        <Link to={backTo}>{backLabel}</Link>
      </Button>
    </div>
  );
}

/**
 * The error boundary of a buyer's page whose loader refuses with `.catch(refusedPage)`: the panel for
 * its 404, the store's error page for any other refusal or error.
 */
export function NotFoundBoundary({ error, ...panel }: NotFoundPanelProps & { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPanel {...panel} />;
  return <ErrorPage error={error} />;
}
