// The category editor's forms: one for a category or a subcategory (the same fields, and a
// subcategory's category), one for an attribute. Each form is checked in the browser by the
// schema its action uses.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { attributeSchema, categorySchema, subcategorySchema } from "../../../domain/catalog/category-input";
import { attributeKinds } from "../../../domain/catalog/product-input";
import { unitFamilies, unitsOf } from "../../../domain/catalog/units";
import { formatNumber } from "../../../domain/text/numbers";
import { CheckboxMetaField, Field, SelectField, TextareaField } from "../form-field";
import { SubmitButton } from "../submit-button";
import { useZodForm } from "../use-zod-form";

/** What an editor action answers: the reply of the form (by id) that was sent. */
export interface EditorReply {
  formId: string;
  reply: SubmissionResult<string[]>;
}

const replyFor = (formId: string, answer: EditorReply | undefined) =>
  answer?.formId === formId ? answer.reply : undefined;

interface EntryDefaults {
  slug: string;
  name: string;
  description: string;
  position: number;
  active: boolean;
  categorySlug?: string;
  unspsc?: string | null;
}

type Meta = Parameters<typeof Field>[0]["meta"];

const entryDefaults = (defaults: EntryDefaults | undefined) => ({
  slug: defaults?.slug ?? "",
  name: defaults?.name ?? "",
  description: defaults?.description ?? "",
  position: String(defaults?.position ?? 0),
  active: defaults === undefined || defaults.active ? "on" : "",
  categorySlug: defaults?.categorySlug ?? "",
  unspsc: defaults?.unspsc ?? "",
});

/** The fields a category and a subcategory share, with the form's submit button after `extra`. */
function EntryFields({
  fields,
  intent,
  submitLabel,
  extra,
}: {
  fields: { name: Meta; slug: Meta; description: Meta; position: Meta; active: Meta };
  intent: string;
  submitLabel: string;
  extra?: React.ReactNode;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.name} label="Name" />
        <Field meta={fields.slug} label="Slug" placeholder="e.g. grinding-wheels" />
      </div>
      <TextareaField meta={fields.description} label="Description" optional hint="Shown under the listing's title." />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.position} label="Position" />
        {extra}
      </div>
      <CheckboxMetaField meta={fields.active} label="Active (shown in the store)" />
      <div className="max-w-48">
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </div>
    </>
  );
}

interface EntryFormProps {
  formId: string;
  intent: string;
  defaults?: EntryDefaults;
  answer?: EditorReply;
  submitLabel: string;
}

export function CategoryForm({ formId, intent, defaults, answer, submitLabel }: EntryFormProps) {
  const [form, fields] = useZodForm(formId, categorySchema, {
    lastResult: replyFor(formId, answer),
    defaultValue: entryDefaults(defaults),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <EntryFields
        fields={fields}
        intent={intent}
        submitLabel={submitLabel}
        extra={
          <Field meta={fields.unspsc} label="UNSPSC Code" optional inputMode="numeric" placeholder="e.g. 31191500" />
        }
      />
    </Form>
  );
}

/** A subcategory's fields and the category it belongs to. */
export function SubcategoryForm({
  categories,
  ...props
}: EntryFormProps & { categories: { slug: string; name: string }[] }) {
  const { formId, intent, defaults, answer, submitLabel } = props;
  const [form, fields] = useZodForm(formId, subcategorySchema, {
    lastResult: replyFor(formId, answer),
    defaultValue: entryDefaults(defaults),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <EntryFields
        fields={fields}
        intent={intent}
        submitLabel={submitLabel}
        extra={
          <SelectField
            meta={fields.categorySlug}
            label="Category"
            options={categories.map((category) => category.slug)}
            placeholder="Choose a category"
          />
        }
      />
    </Form>
  );
}

interface AttributeDefaults {
  id: number;
  slug: string;
  name: string;
  kind: string;
  unitFamily: string | null;
  displayUnit: string | null;
  choices: string[];
  position: number;
}

const familyUnits = unitFamilies
  .map((family) => `${family}: ${unitsOf(family).filter(Boolean).join(", ") || "no unit"}`)
  .join("; ");

/** An attribute's fields: a new one, or (with `defaults`) one to change. */
export function AttributeForm({
  formId,
  defaults,
  answer,
  submitLabel,
}: {
  formId: string;
  defaults?: AttributeDefaults;
  answer?: EditorReply;
  submitLabel: string;
}) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm(formId, attributeSchema, {
    lastResult: replyFor(formId, answer),
    defaultValue: {
      slug: defaults?.slug ?? "",
      name: defaults?.name ?? "",
      kind: defaults?.kind ?? "",
      unitFamily: defaults?.unitFamily ?? "",
      displayUnit: defaults?.displayUnit ?? "",
      choices: defaults?.choices.join("\n") ?? "",
      position: String(defaults?.position ?? 0),
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="save-attribute" />
      {defaults && <input type="hidden" name="attributeId" value={defaults.id} />}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field meta={fields.name} label="Name" />
        <Field meta={fields.slug} label="Slug" placeholder="e.g. diameter" />
        <Field meta={fields.position} label="Position" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField meta={fields.kind} label="Kind" options={attributeKinds} placeholder="Choose a kind" />
        <SelectField
          meta={fields.unitFamily}
          label="Unit family"
          options={unitFamilies}
          placeholder="None (not a number)"
        />
        <Field meta={fields.displayUnit} label="Display unit" optional placeholder="e.g. in" />
      </div>
      <p className="text-sm text-slate-700">Numbers only. Units by family: {familyUnits}.</p>
      <TextareaField
        meta={fields.choices}
        label="Choices"
        optional
        hint="For a choice: one a line, in the order shown."
      />
      <div className="max-w-48">
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </div>
    </Form>
  );
}

export const counted = (total: number) => `${formatNumber(total)} product${total === 1 ? "" : "s"}`;

/** Marks an entry the store does not show. */
export function EntryStatus({ active }: { active: boolean }) {
  return active ? null : (
    <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Hidden</span>
  );
}
