// A company's own catalogue in the back office: the categories (or subcategories) and the parts
// its members, API keys and PunchOut sessions may see and buy, or none, and then every part
// (docs/decisions/customer-catalogues.md).
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import type { CategoryTree } from "../../../domain/catalog/category-tree";
import { customerCatalogueFormSchema } from "../../../domain/companies/customer-catalogue";
import { requireAdmin } from "../../../server/accounts/session";
import { storefrontCategoryTree } from "../../../server/catalog/products/category-tree";
import {
  type CatalogueRules,
  companyCatalogue,
  removeCompanyCatalogue,
  saveCompanyCatalogue,
} from "../../../server/companies/customer-catalogues";
import type { SignedInUser } from "../../../server/context";
import { dispatchIntent, type FormIntent, refusedPage } from "../../../server/form-intents";
import { dataWithToast } from "../../../server/toast";
import { CompanyPageHeading } from "../../components/admin/company-page-heading";
import { FieldError, TextareaField } from "../../components/form-field";
import { SubmitButton } from "../../components/submit-button";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { useZodForm } from "../../components/use-zod-form";
import type { Route } from "./+types/company-catalogue";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Catalogue ${loaderData?.company.accountNumber ?? ""} | Admin | Cascade Industrial Supply` }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  requireAdmin({ context });
  const [page, tree] = await Promise.all([
    companyCatalogue(params.accountNumber).catch(refusedPage),
    storefrontCategoryTree(),
  ]);
  return { ...page, tree };
}

const failure = "Failed to change the catalogue";

const intents: Record<string, FormIntent<SignedInUser>> = {
  save: {
    failure,
    async handle(admin, formData, { params }) {
      const submission = parseWithZod(formData, { schema: customerCatalogueFormSchema });
      if (submission.status !== "success") return data({ reply: submission.reply() }, 400);
      await saveCompanyCatalogue(admin.id, String(params.accountNumber), submission.value);
      // Reset, so the form shows the catalogue as stored (part numbers as the catalogue spells them).
      return dataWithToast(
        { reply: submission.reply({ resetForm: true }) },
        { type: "success", title: "Catalogue saved" },
      );
    },
  },
  remove: {
    failure,
    async handle(admin, _formData, { params }) {
      await removeCompanyCatalogue(admin.id, String(params.accountNumber));
      return dataWithToast({ ok: true }, { type: "success", title: "Catalogue removed: the company sees every part" });
    },
  },
};

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents, { as: "admin" });
}

export default function CompanyCataloguePage({ loaderData, actionData }: Route.ComponentProps) {
  const { company, catalogue, tree } = loaderData;
  const busy = useNavigation().state !== "idle";
  const lastResult = (actionData as { reply?: SubmissionResult<string[]> } | undefined)?.reply;
  return (
    <div className="max-w-5xl">
      <CompanyPageHeading title="Catalogue" company={company}>
        {catalogue
          ? "Its members, API keys and PunchOut sessions see and buy only the parts below."
          : "No catalogue of its own: its members see every part, as visitors do."}
      </CompanyPageHeading>
      {/* Keyed by what is stored, so a saved catalogue is shown as the store now has it. */}
      <CatalogueForm key={JSON.stringify(catalogue)} catalogue={catalogue} tree={tree} lastResult={lastResult} />
      {catalogue && (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>Remove the Catalogue</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="mb-4 text-sm text-slate-700">The company's members will see and buy every part again.</p>
            <Form method="post">
              <input type="hidden" name="intent" value="remove" />
              <Button type="submit" variant="outline" disabled={busy}>
                Remove Catalogue
              </Button>
            </Form>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function CatalogueForm({
  catalogue,
  tree,
  lastResult,
}: {
  catalogue: CatalogueRules | null;
  tree: CategoryTree;
  lastResult?: SubmissionResult<string[]>;
}) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm("customer-catalogue", customerCatalogueFormSchema, {
    lastResult,
    defaultValue: {
      included: catalogue?.included.join("\n") ?? "",
      excluded: catalogue?.excluded.join("\n") ?? "",
    },
  });
  const chosen = new Set(catalogue?.categories ?? []);
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{catalogue ? "Change the Catalogue" : "Give This Company a Catalogue"}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="space-y-6">
          <input type="hidden" name="intent" value="save" />
          <fieldset aria-describedby={fields.categories.errors ? fields.categories.errorId : undefined}>
            <legend className="font-semibold text-slate-950">Categories</legend>
            <p className="text-sm text-slate-700">
              A category holds all its subcategories; tick subcategories alone for part of one.
            </p>
            <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {tree.map((category) => (
                <div key={category.slug}>
                  <CategoryBox slug={category.slug} label={category.name} checked={chosen.has(category.slug)} strong />
                  <ul className="mt-1 space-y-1 pl-6">
                    {category.subcategories.map((subcategory) => (
                      <li key={subcategory.slug}>
                        <CategoryBox
                          slug={subcategory.slug}
                          label={subcategory.name}
                          checked={chosen.has(subcategory.slug)}
                        />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
            <FieldError meta={fields.categories} />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextareaField
              meta={fields.included}
              label="Parts included"
              hint="Part numbers outside the categories above that the company may buy, one a line."
              optional
              rows={5}
            />
            <TextareaField
              meta={fields.excluded}
              label="Parts excluded"
              hint="Part numbers of the categories above that the company may not buy, one a line."
              optional
              rows={5}
            />
          </div>
          <SubmitButton busy={busy}>Save Catalogue</SubmitButton>
        </Form>
      </CardContent>
    </Card>
  );
}

function CategoryBox({
  slug,
  label,
  checked,
  strong,
}: {
  slug: string;
  label: string;
  checked: boolean;
  strong?: boolean;
}) {
  const id = `catalogue-category-${slug}`;
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        name="categories"
        value={slug}
        defaultChecked={checked}
        className="size-4 rounded border-slate-400 accent-brand-700"
      />
      <label htmlFor={id} className={strong ? "font-medium text-slate-950" : "text-slate-800"}>
        {label}
      </label>
    </div>
  );
}
