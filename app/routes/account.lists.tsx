// The buyer's saved (requisition) lists, and a new one: empty, or from pasted or uploaded
// `PART, QTY` lines read by Quick Order's parser, naming the part numbers not found.
import { ListChecks } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { MAX_LIST_NAME, MAX_PASTED_LIST, newListSchema } from "../../domain/cart/saved-lists";
import { formatShortDate } from "../../domain/dates/dates";
import { requireBuyer } from "../../server/accounts/session";
import { createList, createListFromText, listsOf } from "../../server/cart/saved-lists";
import { StoreError } from "../../server/errors";
import { readForm } from "../../server/forms";
import { redirectWithToast } from "../../server/toast";
import { Breadcrumb } from "../components/breadcrumb";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import type { Route } from "./+types/account.lists";

export function meta() {
  return [{ title: "Saved Lists | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const buyer = requireBuyer({ request, context });
  const lists = await listsOf(buyer);
  return data(
    { lists: lists.map((list) => ({ ...list, updatedAt: list.updatedAt.toISOString() })) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The uploaded file's text when one was chosen, else the pasted box's. */
async function pastedText(form: FormData): Promise<string | undefined> {
  const file = form.get("file");
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_PASTED_LIST) throw new StoreError("Invalid", "That file is too long.");
    return file.text();
  }
  const lines = form.get("lines");
  return typeof lines === "string" && lines.trim() ? lines : undefined;
}

export async function action({ request, context }: Route.ActionArgs) {
  const buyer = requireBuyer({ request, context });
  const form = await readForm(request);
  try {
    const text = await pastedText(form);
    const parsed = newListSchema.safeParse({ name: form.get("name") ?? undefined, lines: text });
    if (!parsed.success) throw new StoreError("Invalid", parsed.error.issues[0]?.message ?? "List name is required");
    const { name, lines } = parsed.data;
    if (!lines) {
      const list = await createList(buyer, name);
      return redirectWithToast(`/account/lists/${list.id}`, { type: "success", title: `List "${list.name}" created` });
    }
    const list = await createListFromText(buyer, name, lines);
    const notes = [
      ...(list.notFound.length
        ? [`Part number${list.notFound.length > 1 ? "s" : ""} not found: ${list.notFound.join(", ")}`]
        : []),
      ...(list.capped.length ? [`Quantity set to 9,999, the most a list line holds: ${list.capped.join(", ")}`] : []),
    ];
    return redirectWithToast(`/account/lists/${list.id}`, {
      type: notes.length ? "info" : "success",
      title: `List "${list.name}" created with ${list.added} item(s)`,
      description: notes.length ? notes.join(". ") : undefined,
    });
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return data({ message: error.message }, error.status);
  }
}

export default function SavedListsPage({ loaderData: { lists }, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Breadcrumb crumbs={[{ label: "My Account", to: "/account" }, { label: "Saved Lists" }]} />
      <h1 className="text-3xl font-bold text-slate-950">Saved Lists</h1>
      <p className="text-slate-700">
        Lists of the parts you order again and again: add a whole list to your cart at once.
      </p>
      <Card>
        <CardHeader>
          <CardTitle>Your Lists</CardTitle>
        </CardHeader>
        <CardContent>
          {lists.length === 0 ? (
            <p className="py-4 text-center text-slate-700">No saved lists yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {lists.map((list) => (
                <li key={list.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <Link
                    to={`/account/lists/${list.id}`}
                    className="flex items-center gap-2 font-semibold text-brand-700 underline"
                  >
                    <ListChecks className="size-4" aria-hidden="true" />
                    {list.name}
                  </Link>
                  <span className="text-sm text-slate-700">
                    {list.lines} item(s) · updated {formatShortDate(list.updatedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>New List</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" encType="multipart/form-data" className="space-y-4">
            <div className="space-y-1">
              <Label htmlFor="list-name">List name</Label>
              <Input id="list-name" name="name" required maxLength={MAX_LIST_NAME} autoComplete="off" />
            </div>
            <div className="space-y-1">
              <Label htmlFor="list-lines">
                Part numbers <span className="font-normal text-slate-600">(optional: one "PART, QTY" per line)</span>
              </Label>
              <textarea
                id="list-lines"
                name="lines"
                rows={6}
                maxLength={MAX_PASTED_LIST}
                placeholder={"GW-45-001, 10\nFD-80-001, 25"}
                className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor="list-file">
                Or upload a text file <span className="font-normal text-slate-600">(.txt or .csv)</span>
              </Label>
              <Input id="list-file" name="file" type="file" accept=".txt,.csv,text/plain,text/csv" />
            </div>
            {actionData?.message && (
              <p className="text-sm text-red-700" role="alert">
                {actionData.message}
              </p>
            )}
            <Button type="submit" disabled={busy}>
              Create List
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
