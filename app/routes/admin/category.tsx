// One category in the back office: its fields, its subcategories (and a new one), and deleting
// it while no product and no subcategory is in it.
import { Form, Link, useNavigation } from "react-router";
import { categorySchema, subcategorySchema } from "../../../domain/catalog/category-input";
import { requireAdmin } from "../../../server/accounts/session";
import {
  categoryTreeForEditor,
  createSubcategory,
  deleteCategory,
  updateCategory,
} from "../../../server/catalog/products/category-editor";
import { dispatchIntent } from "../../../server/form-intents";
import { dataWithToast, redirectWithToast } from "../../../server/toast";
import {
  CategoryForm,
  counted,
  type EditorReply,
  EntryStatus,
  SubcategoryForm,
} from "../../components/admin/category-forms";
import { Breadcrumb } from "../../components/breadcrumb";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import type { Route } from "./+types/category";
import { parseEditorForm } from "./category-editor.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.category.name ?? "Category"} | Admin | Cascade Industrial Supply` }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const tree = await categoryTreeForEditor();
  const category = tree.find((entry) => entry.slug === params.category);
  if (!category) throw new Response(`There is no category ${params.category}.`, { status: 404 });
  return { category, categories: tree.map(({ slug, name }) => ({ slug, name })) };
}

export function action(args: Route.ActionArgs) {
  const { params } = args;
  const slug = params.category;
  return dispatchIntent(
    args,
    {
      "update-category": {
        failure: "Failed to save the category",
        async handle({ id: adminId }, formData) {
          const form = parseEditorForm(formData, categorySchema, "category");
          if (!form.ok) return form.answer;
          const saved = await updateCategory(adminId, slug, form.value);
          const toast = { type: "success" as const, title: `Category ${saved?.name} saved` };
          if (saved?.slug !== slug) return redirectWithToast(`/admin/categories/${saved?.slug}`, toast);
          return dataWithToast({ formId: "category", reply: form.reply }, toast);
        },
      },
      "delete-category": {
        failure: "Failed to delete the category",
        async handle({ id: adminId }) {
          await deleteCategory(adminId, slug);
          return redirectWithToast("/admin/categories", { type: "success", title: "Category deleted" });
        },
      },
      "create-subcategory": {
        failure: "Failed to create the subcategory",
        async handle({ id: adminId }, formData) {
          const form = parseEditorForm(formData, subcategorySchema, "new-subcategory");
          if (!form.ok) return form.answer;
          const created = await createSubcategory(adminId, form.value);
          return redirectWithToast(`/admin/categories/${created.categorySlug}/${created.slug}`, {
            type: "success",
            title: `Subcategory ${created.name} created`,
          });
        },
      },
    },
    { as: "admin" },
  );
}

export default function AdminCategoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { category, categories } = loaderData;
  const answer = actionData as EditorReply | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <Breadcrumb crumbs={[{ label: "Categories", to: "/admin/categories" }, { label: category.name }]} />
      <h1 className="mt-4 text-3xl font-bold text-slate-950">
        {category.name}
        <EntryStatus active={category.active} />
      </h1>
      <p className="mt-1 text-slate-700">
        {counted(category.productCount)} ·{" "}
        <Link to={`/category/${category.slug}`} className="text-brand-800 underline">
          View in the store
        </Link>
      </p>
      <Card className="mt-6 max-w-3xl">
        <CardHeader>
          <CardTitle>Category</CardTitle>
        </CardHeader>
        <CardContent>
          <CategoryForm
            key={category.slug}
            formId="category"
            intent="update-category"
            defaults={category}
            answer={answer}
            submitLabel="Save Category"
          />
        </CardContent>
      </Card>
      <section aria-labelledby="subcategories" className="mt-8 max-w-3xl">
        <h2 id="subcategories" className="text-xl font-semibold text-slate-950">
          Subcategories
        </h2>
        {category.subcategories.length === 0 ? (
          <p className="mt-2 text-slate-700">No subcategories yet.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {category.subcategories.map((sub) => (
              <li key={sub.slug}>
                <Link to={`/admin/categories/${category.slug}/${sub.slug}`} className="text-brand-800 underline">
                  {sub.name}
                </Link>
                <span className="text-sm text-slate-700">
                  {" "}
                  · {sub.slug} · position {sub.position} · {counted(sub.productCount)}
                </span>
                <EntryStatus active={sub.active} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <Card className="mt-8 max-w-3xl">
        <CardHeader>
          <CardTitle>Add a Subcategory</CardTitle>
        </CardHeader>
        <CardContent>
          <SubcategoryForm
            formId="new-subcategory"
            intent="create-subcategory"
            defaults={{ slug: "", name: "", description: "", position: 0, active: true, categorySlug: category.slug }}
            categories={categories}
            answer={answer}
            submitLabel="Add Subcategory"
          />
        </CardContent>
      </Card>
      <Form method="post" className="mt-8">
        <input type="hidden" name="intent" value="delete-category" />
        <Button type="submit" variant="outline" disabled={busy}>
          Delete Category
        </Button>
        <p className="mt-1 text-sm text-slate-700">
          Only a category without products or subcategories can be deleted; deactivate one to hide it.
        </p>
      </Form>
    </>
  );
}
