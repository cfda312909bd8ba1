// The category tree in the back office: every category and subcategory, hidden ones too, with
// their products; a new category is added here, each entry is edited on its own page.
import { Link } from "react-router";
import { categorySchema } from "../../../domain/catalog/category-input";
import { formatNumber } from "../../../domain/text/numbers";
import { requireAdmin } from "../../../server/accounts/session";
import { categoryTreeForEditor, createCategory } from "../../../server/catalog/products/category-editor";
import { dispatchIntent } from "../../../server/form-intents";
import { redirectWithToast } from "../../../server/toast";
import { CategoryForm, counted, type EditorReply, EntryStatus } from "../../components/admin/category-forms";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import type { Route } from "./+types/categories";
import { parseEditorForm } from "./category-editor.server";

export function meta() {
  return [{ title: "Categories | Admin | Cascade Industrial Supply" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin({ context });
  return { tree: await categoryTreeForEditor() };
}

export function action(args: Route.ActionArgs) {
  return dispatchIntent(
    args,
    {
      "create-category": {
        failure: "Failed to create the category",
        async handle({ id: adminId }, formData) {
          const form = parseEditorForm(formData, categorySchema, "new-category");
          if (!form.ok) return form.answer;
          const created = await createCategory(adminId, form.value);
          return redirectWithToast(`/admin/categories/${created.slug}`, {
            type: "success",
            title: `Category ${created.name} created`,
          });
        },
      },
    },
    { as: "admin" },
  );
}

export default function AdminCategoriesPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-950">Categories</h1>
      <p className="mt-1 text-slate-700">
        The store's category tree: what the navigation, /shop and the listings show. Hidden entries are kept with their
        products but not shown.
      </p>
      <ul className="mt-6 space-y-4">
        {loaderData.tree.map((category) => (
          <li key={category.slug} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="text-lg font-semibold text-slate-950">
              <Link to={`/admin/categories/${category.slug}`} className="text-brand-800 underline">
                {category.name}
              </Link>
              <EntryStatus active={category.active} />
            </h2>
            <p className="text-sm text-slate-700">
              {category.slug} · position {category.position} · {counted(category.productCount)}
            </p>
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {category.subcategories.map((sub) => (
                <li key={sub.slug}>
                  <Link to={`/admin/categories/${category.slug}/${sub.slug}`} className="text-brand-800 underline">
                    {sub.name}
                  </Link>
                  <span className="text-slate-700"> ({formatNumber(sub.productCount)})</span>
                  <EntryStatus active={sub.active} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <Card className="mt-8 max-w-3xl">
        <CardHeader>
          <CardTitle>Add a Category</CardTitle>
        </CardHeader>
        <CardContent>
          <CategoryForm
            formId="new-category"
            intent="create-category"
            answer={actionData as EditorReply | undefined}
            submitLabel="Add Category"
          />
        </CardContent>
      </Card>
    </>
  );
}
