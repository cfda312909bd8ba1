// /punchout/oci: an OCI 4.0 catalogue call (GET or POST with USERNAME, PASSWORD, HOOK_URL) opens a
// PunchOut session (docs/punchout.md); a refusal is a page saying what is wrong.
import { data, redirect } from "react-router";
import { StoreError } from "../../server/errors";
import { readForm } from "../../server/forms";
import { startOciSession } from "../../server/procurement/oci-endpoint";
import type { Route } from "./+types/punchout.oci";

export function meta() {
  return [{ title: "PunchOut | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

async function start(fields: URLSearchParams | FormData) {
  try {
    return redirect(await startOciSession(fields));
  } catch (error) {
    if (error instanceof StoreError) return data({ message: error.message }, error.status);
    throw error;
  }
}

export function loader({ request }: Route.LoaderArgs) {
  return start(new URL(request.url).searchParams);
}

export async function action({ request }: Route.ActionArgs) {
  return start(await readForm(request));
}

export default function OciStart({ loaderData, actionData }: Route.ComponentProps) {
  const message = (actionData ?? loaderData)?.message;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-950">PunchOut not started</h1>
      <p className="mt-4 text-slate-700">{message}</p>
    </div>
  );
}
