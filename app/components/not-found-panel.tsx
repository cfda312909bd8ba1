import { Link } from "react-router";
import { Button } from "./ui/button";

/** A buyer's page for something that is not theirs or does not exist (the answer is a 404 either way). */
export function NotFoundPanel({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-950">{title}</h1>
      <Button asChild className="mt-6">
        <Link to={backTo}>{backLabel}</Link>
      </Button>
    </div>
  );
}
