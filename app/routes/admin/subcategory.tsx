// One subcategory in the back office: its fields, its attributes (added, changed and moved in
// order), and deleting it while no product is in it.
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { attributeMoveSchema, attributeSchema, subcategorySchema } from "../../../domain/catalog/category-input";
import { requireAdmin } from "../../../server/accounts/session";
import {
  categoryTreeForEditor,
  deleteSubcategory,
  moveAttribute,
  saveAttribute,
  subcategoryForEditor,
  updateSubcategory,
} from "../../../server/catalog/products/category-editor";
import { StoreError } from "../../../server/errors";
import { dispatchIntent } from "../../../server/form-intents";
import { dataWithToast, redirectWithToast } from "../../../server/toast";
import {
  AttributeForm,
  counted,
  type EditorReply,
  EntryStatus,
  SubcategoryForm,
} from "../../components/admin/category-forms";
import { Breadcrumb } from "../../components/breadcrumb";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import type { Route } from "./+types/subcategory";
import { parseEditorForm } from "./category-editor.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.subcategory.name ?? "Subcategory"} | Admin | Cascade Industrial Supply` }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const [editor, tree] = await Promise.all([subcategoryForEditor(params.subcategory), categoryTreeForEditor()]);
  if (!editor || editor.subcategory.categorySlug !== params.category)
    throw new Response(`There is no subcategory ${params.subcategory} in ${params.category}.`, { status: 404 });
  return { ...editor, categories: tree.map(({ slug, name }) => ({ slug, name })) };
}

const attributeIdSchema = z.object({
  attributeId: z.coerce.number({ message: "That attribute does not exist" }).int().positive().optional(),
});

export function action(args: Route.ActionArgs) {
  const { params } = args;
  const slug = params.subcategory;
  return dispatchIntent(
    args,
    {
      "update-subcategory": {
        failure: "Failed to save the subcategory",
        async handle({ id: adminId }, formData) {
          const form = parseEditorForm(formData, subcategorySchema, "subcategory");
          if (!form.ok) return form.answer;
          const saved = await updateSubcategory(adminId, slug, form.value);
          const toast = { type: "success" as const, title: `Subcategory ${saved?.name} saved` };
          if (saved?.slug !== slug || saved.categorySlug !== params.category)
            return redirectWithToast(`/admin/categories/${saved?.categorySlug}/${saved?.slug}`, toast);
          return dataWithToast({ formId: "subcategory", reply: form.reply }, toast);
        },
      },
      "delete-subcategory": {
        failure: "Failed to delete the subcategory",
        async handle({ id: adminId }) {
          await deleteSubcategory(adminId, slug);
          return redirectWithToast(`/admin/categories/${params.category}`, {
            type: "success",
            title: "Subcategory deleted",
          });
        },
      },
      "save-attribute": {
        failure: "Failed to save the attribute",
        async handle({ id: adminId }, formData) {
          const id = attributeIdSchema.safeParse(Object.fromEntries(formData));
          if (!id.success) throw new StoreError("Invalid", "That attribute does not exist.");
          const { attributeId } = id.data;
          const formId = attributeId ? `attribute-${attributeId}` : "new-attribute";
          const form = parseEditorForm(formData, attributeSchema, formId);
          if (!form.ok) return form.answer;
          const saved = await saveAttribute(adminId, slug, form.value, attributeId);
          return dataWithToast(
            { formId, reply: form.reply },
            { type: "success", title: `Attribute ${saved?.name} saved` },
          );
        },
      },
      "move-attribute": {
        failure: "Failed to move the attribute",
        async handle({ id: adminId }, formData) {
          const move = attributeMoveSchema.safeParse(Object.fromEntries(formData));
          if (!move.success) throw new StoreError("Invalid", "That attribute does not exist.");
          await moveAttribute(adminId, slug, move.data.attributeId, move.data.direction);
          return dataWithToast({ ok: true }, { type: "success", title: "Attribute moved" });
        },
      },
    },
    { as: "admin" },
  );
}

const kindLabel = (attribute: { kind: string; unitFamily: string | null; displayUnit: string | null }) =>
  attribute.kind === "number"
    ? `number, ${attribute.unitFamily}${attribute.displayUnit ? ` in ${attribute.displayUnit}` : ""}`
    : attribute.kind;

export default function AdminSubcategoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { subcategory, productCount, attributes, categories } = loaderData;
  const answer = actionData as EditorReply | undefined;
  const busy = useNavigation().state !== "idle";
  const category = categories.find((entry) => entry.slug === subcategory.categorySlug);
  return (
    <>
      <Breadcrumb
        crumbs={[
          { label: "Categories", to: "/admin/categories" },
          { label: category?.name ?? subcategory.categorySlug, to: `/admin/categories/${subcategory.categorySlug}` },
          { label: subcategory.name },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold text-slate-950">
        {subcategory.name}
        <EntryStatus active={subcategory.active} />
      </h1>
      <p className="mt-1 text-slate-700">
        {counted(productCount)} ·{" "}
        <Link to={`/category/${subcategory.categorySlug}/${subcategory.slug}`} className="text-brand-800 underline">
          View in the store
        </Link>
      </p>
      <Card className="mt-6 max-w-3xl">
        <CardHeader>
          <CardTitle>Subcategory</CardTitle>
        </CardHeader>
        <CardContent>
          <SubcategoryForm
            key={subcategory.slug}
            formId="subcategory"
            intent="update-subcategory"
            defaults={subcategory}
            categories={categories}
            answer={answer}
            submitLabel="Save Subcategory"
          />
        </CardContent>
      </Card>
      <section aria-labelledby="attributes" className="mt-8 max-w-3xl">
        <h2 id="attributes" className="text-xl font-semibold text-slate-950">
          Attributes
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          What this subcategory's products are described by, in the order their specification tables show them.
        </p>
        {attributes.length === 0 && <p className="mt-2 text-slate-700">No attributes yet.</p>}
        <ol className="mt-3 space-y-2">
          {attributes.map((attribute, index) => (
            <li key={attribute.id} className="rounded-md border border-slate-200 bg-white p-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-950">{attribute.name}</span>
                <span className="text-sm text-slate-700">
                  {kindLabel(attribute)} · {counted(attribute.valueCount)} with a value
                </span>
                <span className="ml-auto flex gap-1">
                  {(["up", "down"] as const).map((direction) => (
                    <Form method="post" key={direction}>
                      <input type="hidden" name="intent" value="move-attribute" />
                      <input type="hidden" name="attributeId" value={attribute.id} />
                      <input type="hidden" name="direction" value={direction} />
                      <Button
                        type="submit"
                        variant="outline"
                        size="sm"
                        disabled={busy || (direction === "up" ? index === 0 : index === attributes.length - 1)}
                        aria-label={`Move ${attribute.name} ${direction}`}
                      >
                        {direction === "up" ? "Up" : "Down"}
                      </Button>
                    </Form>
                  ))}
                </span>
              </div>
              {/* Open when its last save was refused, so the field errors show. */}
              <details className="mt-2" open={answer?.formId === `attribute-${attribute.id}` || undefined}>
                <summary className="cursor-pointer text-sm font-semibold text-brand-800">Edit {attribute.name}</summary>
                <div className="mt-3">
                  <AttributeForm
                    formId={`attribute-${attribute.id}`}
                    defaults={attribute}
                    answer={answer}
                    submitLabel="Save Attribute"
                  />
                </div>
              </details>
            </li>
          ))}
        </ol>
      </section>
      <Card className="mt-8 max-w-3xl">
        <CardHeader>
          <CardTitle>Add an Attribute</CardTitle>
        </CardHeader>
        <CardContent>
          <AttributeForm formId="new-attribute" answer={answer} submitLabel="Add Attribute" />
        </CardContent>
      </Card>
      <Form method="post" className="mt-8">
        <input type="hidden" name="intent" value="delete-subcategory" />
        <Button type="submit" variant="outline" disabled={busy}>
          Delete Subcategory
        </Button>
        <p className="mt-1 text-sm text-slate-700">
          Only a subcategory without products can be deleted; deactivate one to hide it.
        </p>
      </Form>
    </>
  );
}
