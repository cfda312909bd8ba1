// Search synonyms: the trade's words and abbreviations that mean the same to a buyer ('ss',
// 'stainless steel'). Search looks for every phrase of a group when a query has any of them; each
// change is audit-logged and applies to the next search.
import { useId } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { MAX_SYNONYM_LINE, synonymActionSchema } from "../../../domain/catalog/search-synonyms";
import { requireAdmin } from "../../../server/accounts/session";
import {
  addSynonymGroup,
  deleteSynonymGroup,
  listSynonymGroups,
  saveSynonymGroup,
} from "../../../server/admin/search-synonyms";
import type { SignedInUser } from "../../../server/context";
import { dispatchIntent, type FormIntent } from "../../../server/form-intents";
import { formObject } from "../../../server/forms";
import { dataWithToast } from "../../../server/toast";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import type { Route } from "./+types/search-synonyms";

export function meta() {
  return [{ title: "Search Synonyms | Admin | Cascade Industrial Supply" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin({ context });
  return { groups: await listSynonymGroups() };
}

type Answer = { ok: true } | { ok: false; target: string; message: string };

/** Which group's form a refusal is shown beside: its id, or "new". */
const targetOf = (form: FormData) => ({ target: String(form.get("id") ?? "new").slice(0, 40) });

/** The page's three forms; each reads the form whole (its phrases, the group it names). */
const intents: Record<string, FormIntent<SignedInUser>> = {
  add: { failure: "The synonym group was not added", about: targetOf, handle: change },
  save: { failure: "The synonym group was not saved", about: targetOf, handle: change },
  delete: { failure: "The synonym group was not deleted", about: targetOf, handle: change },
};

async function change(admin: SignedInUser, form: FormData) {
  const parsed = synonymActionSchema.safeParse(formObject(form));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Check the phrases and try again.";
    return dataWithToast<Answer>(
      { ok: false, ...targetOf(form), message },
      { type: "error", title: "Nothing was changed", description: message },
      400,
    );
  }
  const value = parsed.data;
  if (value.intent === "add") await addSynonymGroup(admin.id, value.phrases);
  else if (value.intent === "save") await saveSynonymGroup(admin.id, value.id, value.phrases);
  else await deleteSynonymGroup(admin.id, value.id);
  const done = { add: "Synonym group added", save: "Synonym group saved", delete: "Synonym group deleted" }[
    value.intent
  ];
  return dataWithToast<Answer>({ ok: true }, { type: "success", title: done });
}

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents, { as: "admin" });
}

/** One line of phrases with its label, hint and (after a refused save) the reason. */
function PhrasesField({ label, defaultValue, error }: { label: string; defaultValue: string; error?: string }) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name="phrases"
        defaultValue={defaultValue}
        maxLength={MAX_SYNONYM_LINE}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export default function AdminSearchSynonymsPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>() as Answer | undefined;
  const busy = useNavigation().state !== "idle";
  const errorFor = (target: string) => (answer && !answer.ok && answer.target === target ? answer.message : undefined);
  return (
    <div className="max-w-3xl">
      <h1 className="text-3xl font-bold text-slate-950">Search Synonyms</h1>
      <p className="mt-1 text-slate-700">
        Words and abbreviations that mean the same to a buyer. A search with any phrase of a group also finds products
        described by the others. Separate the phrases with commas, e.g. ss, stainless steel.
      </p>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Add a Group</CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" className="flex flex-wrap items-end gap-3" key={answer?.ok ? "added" : "adding"}>
            <PhrasesField label="New synonym group" defaultValue="" error={errorFor("new")} />
            <Button type="submit" name="intent" value="add" disabled={busy}>
              Add Group
            </Button>
          </Form>
        </CardContent>
      </Card>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>{`Groups (${loaderData.groups.length})`}</CardTitle>
        </CardHeader>
        <CardContent>
          {loaderData.groups.length === 0 ? (
            <p className="text-slate-700">No synonym groups yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {loaderData.groups.map((group) => {
                const line = group.phrases.join(", ");
                return (
                  <li key={group.id} className="py-3">
                    <Form method="post" className="flex flex-wrap items-end gap-3">
                      <input type="hidden" name="id" value={group.id} />
                      <PhrasesField
                        key={line}
                        label={`Synonyms of ${group.phrases[0]}`}
                        defaultValue={line}
                        error={errorFor(group.id)}
                      />
                      <Button type="submit" name="intent" value="save" variant="outline" disabled={busy}>
                        Save
                        <span className="sr-only"> {group.phrases[0]}</span>
                      </Button>
                      <Button
                        type="submit"
                        name="intent"
                        value="delete"
                        variant="destructive"
                        formNoValidate
                        disabled={busy}
                      >
                        Delete
                        <span className="sr-only"> {group.phrases[0]}</span>
                      </Button>
                    </Form>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
