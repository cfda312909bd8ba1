// The product editor: every field a buyer sees, checked by the catalogue's one product schema in
// the browser and again on the server, where what only the database knows (the subcategory's
// attributes, related parts) is checked too and shown on its field. /admin/products/new creates;
// /admin/products/:partNumber/edit edits.
import {
  type FieldMetadata,
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useFetcher, useLocation, useNavigation } from "react-router";
import { UPLOAD_FIELDS, type UploadProblems } from "../../../domain/catalog/editor-uploads";
import type { HazardFields } from "../../../domain/catalog/hazard-input";
import { GHS_PICTOGRAMS, type GhsPictogram } from "../../../domain/catalog/hazards";
import { pictureSources } from "../../../domain/catalog/product-images";
import {
  MAX_LIST_ENTRIES,
  MAX_TIERS,
  productInputSchema,
  productStatuses,
} from "../../../domain/catalog/product-input";
import { productEditorPath } from "../../../domain/catalog/product-paths";
import { productStatusLabel } from "../../../domain/catalog/product-status";
import { saleUnitCodes, saleUnitName } from "../../../domain/catalog/sale-units";
import { requireAdmin } from "../../../server/accounts/session";
import { storeEditorUploads } from "../../../server/admin/product-uploads";
import { categoryChoices, productForEditor, saveProductFromEditor } from "../../../server/admin/products";
import { attributeDefinitions } from "../../../server/catalog/products/attributes";
import { familyNames } from "../../../server/catalog/products/families";
import type { SignedInUser } from "../../../server/context";
import { db } from "../../../server/db/client";
import { type FormArgs, handleForm } from "../../../server/form-intents";
import { redirectWithToast } from "../../../server/toast";
import { SelectField, TextareaField } from "../../components/form-field";
import { SubmitButton } from "../../components/submit-button";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { useZodForm } from "../../components/use-zod-form";
import type { Route } from "./+types/product-editor";

export function meta({ loaderData }: Route.MetaArgs) {
  const what = loaderData?.product ? `Edit ${loaderData.product.partNumber}` : "New Product";
  return [{ title: `${what} | Admin | Cascade Industrial Supply` }];
}

const slugParam = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The fields of a subcategory's attributes, as the form shows them. */
async function attributeFields(subcategory: string | undefined) {
  if (!subcategory || !slugParam.test(subcategory)) return [];
  const definitions = await attributeDefinitions(db(), subcategory);
  return definitions.map(({ slug, name, kind, displayUnit, choices }) => ({ slug, name, kind, displayUnit, choices }));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const product = params.partNumber ? await productForEditor(params.partNumber) : null;
  if (params.partNumber && !product) throw data(`There is no product ${params.partNumber}.`, 404);
  // The subcategory the admin just chose (the attribute fields follow it), else the product's.
  const subcategory = new URL(request.url).searchParams.get("subcategory") ?? product?.subcategory;
  const [tree, attributes, families] = await Promise.all([
    categoryChoices(),
    attributeFields(subcategory),
    familyNames(db()),
  ]);
  return { product, tree, attributes, families };
}

/** Problems by field, as Conform shows them under each field. */
const fieldErrors = (problems: { field: string; message: string }[]) => {
  const errors: Record<string, string[]> = {};
  for (const { field, message } of problems) errors[field] = [...(errors[field] ?? []), message];
  return errors;
};

const outcomeToast = {
  created: "Product created",
  updated: "Product saved",
  unchanged: "Nothing to save: the product is as it was",
} as const;

export function action(args: Route.ActionArgs) {
  return handleForm(
    args,
    { failure: "The product was not saved", handle: saveProduct },
    { as: "admin", lists: ["tiers", "oemNumbers", "relatedParts", "images", "documents"] },
  );
}

async function saveProduct(admin: SignedInUser, form: FormData, { params }: FormArgs) {
  const submission = parseWithZod(form, { schema: productInputSchema });
  // The subcategory's attribute fields, for the form shown again (it may have changed without JavaScript).
  const attributes = await attributeFields(String(form.get("subcategory") ?? ""));
  if (submission.status !== "success")
    return data({ reply: submission.reply(), attributes }, submission.status === "error" ? 400 : 200);
  // Without JavaScript a changed subcategory still posts the old one's attribute fields: they are
  // dropped, as the browser drops them when it swaps the fields, and the new ones show after the save.
  const shown = new Set(attributes.map((attribute) => attribute.slug));
  const uploads = await storeEditorUploads(form, {
    images: submission.value.images.length,
    documents: submission.value.documents.length,
  });
  if (!uploads.ok) return data({ reply: submission.reply(), attributes, uploadProblems: uploads.problems }, 400);
  const product = {
    ...submission.value,
    images: [...submission.value.images, ...uploads.images],
    documents: [...submission.value.documents, ...uploads.documents],
    attributes: Object.fromEntries(Object.entries(submission.value.attributes).filter(([slug]) => shown.has(slug))),
  };
  const saved = await saveProductFromEditor(admin.id, product, params.partNumber);
  if (!saved.ok)
    return data({ reply: submission.reply({ fieldErrors: fieldErrors(saved.problems) }), attributes }, 400);
  return redirectWithToast(productEditorPath(saved.partNumber), {
    type: saved.outcome === "unchanged" ? "info" : "success",
    title: outcomeToast[saved.outcome],
    description: saved.outcome === "unchanged" ? undefined : `${saved.partNumber} is saved.`,
  });
}

type Meta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

const selectClass =
  "h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-invalid:border-red-700";

function Problem({ meta }: { meta: Meta }) {
  if (!meta.errors?.length) return null;
  return (
    <p id={meta.errorId} className="text-sm text-red-700">
      {meta.errors.join(". ")}
    </p>
  );
}

/** A labelled input with its hint and error tied to it. */
function TextField({
  meta,
  label,
  hint,
  readOnly,
  inputMode,
}: {
  meta: Meta;
  label: string;
  hint?: string;
  readOnly?: boolean;
  inputMode?: "decimal" | "numeric";
}) {
  const describedBy = [hint ? meta.descriptionId : "", meta.errors?.length ? meta.errorId : ""].filter(Boolean);
  return (
    <div className="space-y-1">
      <Label htmlFor={meta.id}>{label}</Label>
      <Input
        {...getInputProps(meta, { type: "text" })}
        key={meta.key}
        readOnly={readOnly}
        inputMode={inputMode}
        aria-describedby={describedBy.length ? describedBy.join(" ") : undefined}
      />
      {hint && (
        <p id={meta.descriptionId} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      <Problem meta={meta} />
    </div>
  );
}

export default function ProductEditorPage(props: Route.ComponentProps) {
  // A save reloads the product: the form starts again from what is stored now.
  return <ProductEditor key={JSON.stringify(props.loaderData.product)} {...props} />;
}

function ProductEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { product, tree, families } = loaderData;
  const busy = useNavigation().state !== "idle";
  const { pathname } = useLocation();
  const attributesFetcher = useFetcher<typeof loader>();
  // The form sent back: its errors, the attribute fields it was checked with, the files refused.
  const answered = actionData as
    | { reply?: SubmissionResult<string[]>; attributes?: typeof loaderData.attributes; uploadProblems?: UploadProblems }
    | undefined;
  const attributes = attributesFetcher.data?.attributes ?? answered?.attributes ?? loaderData.attributes;
  const uploadProblems: UploadProblems = answered?.uploadProblems ?? {};
  const [form, fields] = useZodForm("product-editor", productInputSchema, {
    lastResult: answered?.reply,
    defaultValue: product ?? {
      status: "draft",
      unit: "EA",
      packQuantity: "1",
      minOrderQuantity: "1",
      orderMultiple: "1",
      tiers: [],
      oemNumbers: [],
      relatedParts: [],
      images: [],
      documents: [],
    },
  });
  const categoryOf = new Map(tree.flatMap((top) => top.subcategories.map((sub) => [sub.slug, top.slug])));
  const attributeMeta = fields.attributes.getFieldset() as Record<string, Meta>;
  const tiers = fields.tiers.getFieldList();
  const documents = fields.documents.getFieldList();

  return (
    <div className="max-w-4xl">
      <p className="text-sm">
        <Link to="/admin/products" className="text-brand-700 underline">
          All products
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-950">{product ? `Edit ${product.partNumber}` : "New Product"}</h1>
        {product && product.status !== "draft" && (
          <Link to={`/products/${product.slug}`} className="text-sm font-semibold text-brand-700 underline">
            View on the storefront
          </Link>
        )}
      </div>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-6 space-y-6">
        {/* Enter in a field presses a form's first submit button: this one saves, not the first Add or Remove. */}
        <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
          Save
        </button>
        <Card>
          <CardHeader>
            <CardTitle>Product</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <TextField
              meta={fields.partNumber as Meta}
              label="Part Number"
              readOnly={Boolean(product)}
              hint={product ? "The part number names the product and is not changed here." : "e.g. GW-45-001"}
            />
            <div className="space-y-1">
              <Label htmlFor={fields.status.id}>Status</Label>
              <select {...getSelectProps(fields.status)} key={fields.status.key} className={selectClass}>
                {productStatuses.map((status) => (
                  <option key={status} value={status}>
                    {productStatusLabel[status]}
                  </option>
                ))}
              </select>
              <p className="text-sm text-slate-700">
                Buyers never see a draft; a discontinued part is found by its part number but cannot be bought.
              </p>
              <Problem meta={fields.status as Meta} />
            </div>
            <TextField meta={fields.name as Meta} label="Name" />
            <TextField meta={fields.brand as Meta} label="Brand" />
            <div className="space-y-1">
              <Label htmlFor={fields.category.id}>Category</Label>
              <select {...getSelectProps(fields.category)} key={fields.category.key} className={selectClass}>
                <option value="">Choose a category</option>
                {tree.map((top) => (
                  <option key={top.slug} value={top.slug}>
                    {top.name}
                  </option>
                ))}
              </select>
              <Problem meta={fields.category as Meta} />
            </div>
            <div className="space-y-1">
              <Label htmlFor={fields.subcategory.id}>Subcategory</Label>
              <select
                {...getSelectProps(fields.subcategory)}
                key={fields.subcategory.key}
                className={selectClass}
                onChange={(event) => {
                  const chosen = event.currentTarget.value;
                  const category = categoryOf.get(chosen);
                  if (category) form.update({ name: fields.category.name, value: category });
                  attributesFetcher.load(`${pathname}?subcategory=${encodeURIComponent(chosen)}`);
                }}
              >
                <option value="">Choose a subcategory</option>
                {tree.map((top) => (
                  <optgroup key={top.slug} label={top.name}>
                    {top.subcategories.map((sub) => (
                      <option key={sub.slug} value={sub.slug}>
                        {sub.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              <p className="text-sm text-slate-700">Its attributes are listed under Specifications.</p>
              <Problem meta={fields.subcategory as Meta} />
            </div>
            <TextField
              meta={fields.price as Meta}
              label="Price ($)"
              inputMode="decimal"
              hint="Price of one, e.g. 12.99"
            />
            <TextField meta={fields.stockLevel as Meta} label="Stock Level" inputMode="numeric" />
            <TextField
              meta={fields.leadTimeDays as Meta}
              label="Lead Time (business days)"
              inputMode="numeric"
              hint="Business days to restock, e.g. 14; a back-orderable part needs one. Empty: buyers are asked to contact us."
            />
            {/* What the switch promises buyers: docs/decisions/back-orders.md. */}
            <CheckField
              meta={fields.backorderable as Meta}
              label="Back-orderable"
              hint="Buyers may order more than the stock: what is in stock ships now, the rest is back-ordered and expected the lead time in business days after the order."
            />
            <div className="space-y-1">
              <Label htmlFor={fields.unit.id}>Unit of Sale</Label>
              <select
                {...getSelectProps(fields.unit)}
                key={fields.unit.key}
                aria-describedby={fields.unit.errors?.length ? fields.unit.errorId : undefined}
                className={selectClass}
              >
                {saleUnitCodes.map((code) => (
                  <option key={code} value={code}>
                    {code}: {saleUnitName(code)}
                  </option>
                ))}
              </select>
              <Problem meta={fields.unit as Meta} />
            </div>
            <TextField
              meta={fields.packQuantity as Meta}
              label="Pack Quantity"
              inputMode="numeric"
              hint="Pieces in one unit, e.g. 25 for a box of 25; 1 for each. Price, tiers and stock count units."
            />
            <TextField
              meta={fields.minOrderQuantity as Meta}
              label="Minimum Order Quantity"
              inputMode="numeric"
              hint="Fewest units a buyer may order, e.g. 10; a multiple of the order multiple."
            />
            <TextField
              meta={fields.orderMultiple as Meta}
              label="Order Multiple"
              inputMode="numeric"
              hint="Units are ordered in multiples of this, e.g. 25; 1 for any quantity."
            />
            <div className="space-y-1 sm:col-span-2">
              <Label htmlFor={fields.description.id}>Description</Label>
              <textarea
                {...getTextareaProps(fields.description)}
                key={fields.description.key}
                rows={5}
                className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-invalid:border-red-700"
              />
              <Problem meta={fields.description as Meta} />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Bulk Pricing</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <p className="text-sm text-slate-700">
              Each tier starts at more units than the one before and is cheaper than it and than the price of one.
            </p>
            {tiers.length === 0 && (
              <p className="text-sm text-slate-700">No bulk tiers: every quantity pays the price.</p>
            )}
            {tiers.map((tier, index) => {
              const { minQuantity, unitPrice } = tier.getFieldset();
              const named = minQuantity.value ? `${minQuantity.value}+` : `${index + 1}`;
              return (
                <fieldset key={tier.key} className="flex flex-wrap items-end gap-3">
                  <legend className="sr-only">Tier {named}</legend>
                  <div className="w-40">
                    <TextField
                      meta={minQuantity as Meta}
                      label={`Tier ${index + 1} from quantity`}
                      inputMode="numeric"
                    />
                  </div>
                  <div className="w-40">
                    <TextField
                      meta={unitPrice as Meta}
                      label={`Tier ${index + 1} unit price ($)`}
                      inputMode="decimal"
                    />
                  </div>
                  <Button
                    variant="outline"
                    {...form.remove.getButtonProps({ name: fields.tiers.name, index })}
                    aria-label={`Remove tier ${named}`}
                  >
                    Remove
                  </Button>
                </fieldset>
              );
            })}
            <Problem meta={fields.tiers as Meta} />
            {tiers.length < MAX_TIERS && (
              <Button variant="outline" {...form.insert.getButtonProps({ name: fields.tiers.name })}>
                Add Tier
              </Button>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Specifications</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {attributes.length === 0 && (
              <p className="text-sm text-slate-700 sm:col-span-2">
                {fields.subcategory.value ? "This subcategory has no attributes." : "Choose a subcategory first."}
              </p>
            )}
            {attributes.map((attribute) => {
              const meta = attributeMeta[attribute.slug] as Meta;
              if (attribute.kind === "choice")
                return (
                  <div key={attribute.slug} className="space-y-1">
                    <Label htmlFor={meta.id}>{attribute.name}</Label>
                    <select {...getSelectProps(meta)} key={meta.key} className={selectClass}>
                      <option value="">None</option>
                      {attribute.choices.map((choice) => (
                        <option key={choice} value={choice}>
                          {choice}
                        </option>
                      ))}
                    </select>
                    <Problem meta={meta} />
                  </div>
                );
              return (
                <TextField
                  key={attribute.slug}
                  meta={meta}
                  label={attribute.name}
                  hint={
                    attribute.kind === "number" && attribute.displayUnit
                      ? `In ${attribute.displayUnit} unless you write another unit, e.g. 4-1/2 ${attribute.displayUnit}`
                      : undefined
                  }
                />
              );
            })}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Family</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FamilyFields
              family={fields.family as Meta}
              attributes={fields.familyAttributes as Meta}
              names={families}
              choices={attributes}
            />
          </CardContent>
        </Card>

        <HazardCard meta={fields.hazard.getFieldset() as unknown as HazardMeta} />

        <Card>
          <CardHeader>
            <CardTitle>Cross-Reference and Media</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6 sm:grid-cols-2">
            <TextList form={form} meta={fields.oemNumbers as Meta} label="OEM number" heading="OEM Numbers" />
            <TextList form={form} meta={fields.relatedParts as Meta} label="related part" heading="Related Parts" />
            <PictureList form={form} meta={fields.images as Meta} problem={uploadProblems.newImages} />
            <fieldset className="space-y-3">
              <legend className="font-semibold text-slate-950">Documents</legend>
              {documents.map((document, index) => {
                const { name, url } = document.getFieldset();
                return (
                  <div key={document.key} className="space-y-2 rounded-md border border-slate-200 p-3">
                    <TextField meta={name as Meta} label={`Document ${index + 1} name`} />
                    <TextField meta={url as Meta} label={`Document ${index + 1} address`} />
                    <Button
                      variant="outline"
                      {...form.remove.getButtonProps({ name: fields.documents.name, index })}
                      aria-label={`Remove document ${name.value || index + 1}`}
                    >
                      Remove
                    </Button>
                  </div>
                );
              })}
              <Problem meta={fields.documents as Meta} />
              <div className="space-y-1">
                <Label htmlFor="new-document">Add document</Label>
                <input
                  id="new-document"
                  name={UPLOAD_FIELDS.document}
                  type="file"
                  accept="application/pdf,.pdf"
                  aria-describedby={
                    uploadProblems.newDocument ? "new-document-problem new-document-hint" : "new-document-hint"
                  }
                  aria-invalid={uploadProblems.newDocument ? true : undefined}
                  className="block w-full text-sm text-slate-900"
                />
                <p id="new-document-hint" className="text-sm text-slate-700">
                  A PDF of at most 20 MB with its title below, stored when the product is saved.
                </p>
                <FieldProblem id="new-document-problem" message={uploadProblems.newDocument} />
              </div>
              <div className="space-y-1">
                <Label htmlFor="new-document-name">Title of the new document</Label>
                <Input id="new-document-name" name={UPLOAD_FIELDS.documentName} placeholder="e.g. Safety Data Sheet" />
              </div>
              {documents.length < MAX_LIST_ENTRIES && (
                <Button variant="outline" {...form.insert.getButtonProps({ name: fields.documents.name })}>
                  Add Document
                </Button>
              )}
            </fieldset>
          </CardContent>
        </Card>

        <div className="max-w-xs">
          <SubmitButton busy={busy}>{product ? "Save Product" : "Create Product"}</SubmitButton>
        </div>
      </Form>
    </div>
  );
}

/**
 * The part's family, picked from those there are or named anew, and the attributes its parts
 * differ in (docs/decisions/part-families.md).
 */
function FamilyFields({
  family,
  attributes,
  names,
  choices,
}: {
  family: Meta;
  attributes: Meta;
  names: string[];
  choices: { slug: string; name: string }[];
}) {
  const describedBy = [family.descriptionId, family.errors?.length ? family.errorId : ""].filter(Boolean).join(" ");
  return (
    <>
      <div className="space-y-1">
        <Label htmlFor={family.id}>Family</Label>
        <Input
          {...getInputProps(family, { type: "text" })}
          key={family.key}
          list={`${family.id}-names`}
          autoComplete="off"
          aria-describedby={describedBy}
        />
        <datalist id={`${family.id}-names`}>
          {names.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <p id={family.descriptionId} className="text-sm text-slate-700">
          Pick a family or name a new one, e.g. Type 27 Wheels, 24 Grit. Empty: the part is in none.
        </p>
        <Problem meta={family} />
      </div>
      <fieldset aria-describedby={attributes.descriptionId} className="space-y-2">
        <legend className="text-sm font-medium text-slate-950">Sizes differ in</legend>
        <p id={attributes.descriptionId} className="text-sm text-slate-700">
          Buyers move between the family's parts by these. None ticked: the attributes its parts differ in.
        </p>
        {choices.length === 0 && <p className="text-sm text-slate-700">Choose a subcategory first.</p>}
        {choices.length > 0 &&
          getCollectionProps(attributes as FieldMetadata<string[], Record<string, unknown>, string[]>, {
            type: "checkbox",
            options: choices.map((choice) => choice.slug),
          }).map(({ key, ...props }) => (
            <div key={key} className="flex items-center gap-2">
              <input {...props} aria-describedby={undefined} className="size-4 accent-brand-800" />
              <label htmlFor={props.id} className="text-sm text-slate-900">
                {choices.find((choice) => choice.slug === props.value)?.name}
              </label>
            </div>
          ))}
        <Problem meta={attributes} />
      </fieldset>
    </>
  );
}

type HazardMeta = Record<keyof HazardFields, Meta>;

/** A labelled checkbox with what ticking it means. */
function CheckField({ meta, label, hint }: { meta: Meta; label: string; hint: string }) {
  const describedBy = [meta.descriptionId, meta.errors?.length ? meta.errorId : ""].filter(Boolean).join(" ");
  return (
    <div className="space-y-1 sm:col-span-2">
      <div className="flex items-center gap-2">
        <input
          {...getInputProps(meta, { type: "checkbox" })}
          key={meta.key}
          aria-describedby={describedBy}
          className="size-4 accent-brand-800"
        />
        <Label htmlFor={meta.id}>{label}</Label>
      </div>
      <p id={meta.descriptionId} className="text-sm text-slate-700">
        {hint}
      </p>
      <Problem meta={meta} />
    </div>
  );
}

/**
 * The part's hazard data (docs/decisions/hazardous-materials.md): what its safety data sheet says
 * and, for a hazardous material in transport, its DOT entry, which makes it ship by ground only.
 */
function HazardCard({ meta }: { meta: HazardMeta }) {
  const pictograms = meta.pictograms as unknown as FieldMetadata<string[], Record<string, unknown>, string[]>;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Hazardous Material</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <CheckField
          meta={meta.hazardous}
          label="This part is a hazardous material"
          hint="Ticked, the part's page shows its pictograms and statements, and its safety data sheet is drawn from the fields below. Unticked, the fields below are not kept."
        />
        <SelectField meta={meta.signalWord} label="Signal Word" placeholder="Choose…" options={["Danger", "Warning"]} />
        <TextField meta={meta.physicalState} label="Physical State" hint="e.g. Aerosol, Liquid or Paste" />
        <fieldset className="space-y-2 sm:col-span-2" aria-describedby={meta.pictograms.errorId}>
          <legend className="text-sm font-medium text-slate-950">GHS Pictograms</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {getCollectionProps(pictograms, { type: "checkbox", options: Object.keys(GHS_PICTOGRAMS) }).map(
              ({ key, ...props }) => (
                <div key={key} className="flex items-center gap-2">
                  <input {...props} aria-describedby={undefined} className="size-4 accent-brand-800" />
                  <label htmlFor={props.id} className="text-sm text-slate-900">
                    {props.value}: {GHS_PICTOGRAMS[props.value as GhsPictogram]}
                  </label>
                </div>
              ),
            )}
          </div>
          <Problem meta={meta.pictograms} />
        </fieldset>
        <TextareaField
          className="sm:col-span-2"
          meta={meta.classification}
          label="Hazard Classes"
          hint="One a line, with its category, e.g. Aerosols, Category 1"
        />
        <TextareaField
          className="sm:col-span-2"
          meta={meta.hazardStatements}
          label="Hazard Statements"
          rows={4}
          hint="One a line, its H code then its text, e.g. H222 Extremely flammable aerosol."
        />
        <TextareaField
          className="sm:col-span-2"
          meta={meta.precautionaryStatements}
          label="Precautionary Statements"
          rows={8}
          hint="One a line, its P code then its text, e.g. P210 Keep away from heat, hot surfaces, sparks, open flames and other ignition sources. No smoking."
        />
        <TextareaField
          className="sm:col-span-2"
          meta={meta.ingredients}
          label="Ingredients"
          hint="One a line: name | CAS number | share by weight, e.g. Acetone | 67-64-1 | 20-40%"
        />
        <TextField
          meta={meta.revised}
          label="SDS Revised On"
          hint="The day its safety data was last revised, as YYYY-MM-DD, e.g. 2026-03-01"
        />
        <CheckField
          meta={meta.regulated}
          label="Hazardous material in transport (US DOT)"
          hint="Ticked, the part ships by ground only, and its page, cart line and checkout say so."
        />
        <TextField meta={meta.unNumber} label="UN Number" hint="e.g. UN1950" />
        <TextField meta={meta.properShippingName} label="Proper Shipping Name" hint="e.g. Aerosols, flammable" />
        <TextField meta={meta.hazardClass} label="Hazard Class" hint="e.g. 2.1 or 3" />
        <SelectField
          meta={meta.packingGroup}
          label="Packing Group"
          placeholder="None (aerosols and gases)"
          options={["I", "II", "III"]}
        />
        <CheckField
          meta={meta.limitedQuantity}
          label="Ships as a limited quantity"
          hint="Small inner packagings under the limited quantity exceptions, e.g. aerosols of 1 L or less (49 CFR 173.306)."
        />
      </CardContent>
    </Card>
  );
}

function FieldProblem({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  );
}

/** The product's pictures as thumbnails, each with its Remove button, and the field adding more. */
function PictureList({
  form,
  meta,
  problem,
}: {
  form: ReturnType<typeof useZodForm>[0];
  meta: Meta;
  problem: string | undefined;
}) {
  const list = (meta as FieldMetadata<string[], Record<string, unknown>, string[]>).getFieldList();
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold text-slate-950">Pictures</legend>
      {list.length === 0 && (
        <p className="text-sm text-slate-700">No pictures: its line drawing, made from its attributes, is shown.</p>
      )}
      <ul className="flex flex-wrap gap-3">
        {list.map((entry, index) => {
          const url = entry.value ?? "";
          const sources = pictureSources(url);
          return (
            <li key={entry.key} className="space-y-1">
              <input {...getInputProps(entry, { type: "hidden" })} key={entry.key} />
              <img
                src={sources?.src ?? url}
                srcSet={sources?.sources.find((source) => source.type === "image/webp")?.srcSet}
                sizes="96px"
                alt={`View ${index + 1} of the product`}
                width={96}
                height={96}
                className="h-24 w-24 rounded border border-slate-200 object-contain"
              />
              <Button variant="outline" {...form.remove.getButtonProps({ name: meta.name, index })}>
                Remove picture {index + 1}
              </Button>
            </li>
          );
        })}
      </ul>
      <Problem meta={meta} />
      <div className="space-y-1">
        <Label htmlFor="new-pictures">Add pictures</Label>
        <input
          id="new-pictures"
          name={UPLOAD_FIELDS.pictures}
          type="file"
          accept="image/*"
          multiple
          aria-describedby={problem ? "new-pictures-problem new-pictures-hint" : "new-pictures-hint"}
          aria-invalid={problem ? true : undefined}
          className="block w-full text-sm text-slate-900"
        />
        <p id="new-pictures-hint" className="text-sm text-slate-700">
          JPEG, PNG, WebP, AVIF, GIF or TIFF, at most 20 MB each; stored when the product is saved.
        </p>
        <FieldProblem id="new-pictures-problem" message={problem} />
      </div>
    </fieldset>
  );
}

/** A list of one-line values (OEM numbers, related parts, images) with a field per entry. */
function TextList({
  form,
  meta,
  label,
  heading,
}: {
  form: ReturnType<typeof useZodForm>[0];
  meta: Meta;
  label: string;
  heading: string;
}) {
  const list = (meta as FieldMetadata<string[], Record<string, unknown>, string[]>).getFieldList();
  const title = label.replace(/^./, (first) => first.toUpperCase());
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold text-slate-950">{heading}</legend>
      {list.map((entry, index) => (
        <div key={entry.key} className="flex items-end gap-2">
          <div className="flex-1">
            <TextField meta={entry as Meta} label={`${title} ${index + 1}`} />
          </div>
          <Button
            variant="outline"
            {...form.remove.getButtonProps({ name: meta.name, index })}
            aria-label={`Remove ${label} ${entry.value || index + 1}`}
          >
            Remove
          </Button>
        </div>
      ))}
      <Problem meta={meta} />
      {list.length < MAX_LIST_ENTRIES && (
        <Button variant="outline" {...form.insert.getButtonProps({ name: meta.name })}>
          Add {title}
        </Button>
      )}
    </fieldset>
  );
}
