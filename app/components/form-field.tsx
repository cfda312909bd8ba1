import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { clsx } from "clsx";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

interface FieldProps {
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  label: string;
  type?: "text" | "email" | "password" | "tel" | "time" | "number";
  autoComplete?: string;
  placeholder?: string;
  optional?: boolean;
  /** The keyboard a phone shows ("decimal" for an amount); the field stays text, checked by its schema. */
  inputMode?: "decimal" | "numeric";
}

/** A labelled input whose error is announced with it (aria-invalid, aria-describedby). */
export function Field({ meta, label, type = "text", autoComplete, placeholder, optional, inputMode }: FieldProps) {
  return (
    <div className="space-y-1">
      <Label htmlFor={meta.id}>
        {label}
        {optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </Label>
      <Input
        {...getInputProps(meta, { type })}
        key={meta.key}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
      />
      <FieldError meta={meta} />
    </div>
  );
}

export function SelectField({
  meta,
  label,
  options,
  placeholder,
}: {
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  label: string;
  /** Each option's value and label, or one text that is both. */
  options: readonly (string | { value: string; label: string })[];
  placeholder: string;
}) {
  return (
    <div className="space-y-1">
      <Label htmlFor={meta.id}>{label}</Label>
      <select
        {...getSelectProps(meta)}
        key={meta.key}
        className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-invalid:border-red-700"
      >
        <option value="">{placeholder}</option>
        {options.map((option) => {
          const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      <FieldError meta={meta} />
    </div>
  );
}

/** A labelled multi-line box whose error is announced with it. */
export function TextareaField({
  meta,
  label,
  hint,
  optional,
  rows = 3,
  maxLength,
  className,
}: {
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  label: string;
  hint?: string;
  optional?: boolean;
  rows?: number;
  maxLength?: number;
  /** The wrapper's place in its grid, e.g. "sm:col-span-2". */
  className?: string;
}) {
  const props = getTextareaProps(meta, { ariaDescribedBy: hint ? meta.descriptionId : undefined });
  return (
    <div className={clsx("space-y-1", className)}>
      <Label htmlFor={meta.id}>
        {label}
        {optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </Label>
      <textarea
        {...props}
        key={meta.key}
        rows={rows}
        maxLength={maxLength}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-invalid:border-red-700"
      />
      {hint && (
        <p id={meta.descriptionId} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      <FieldError meta={meta} />
    </div>
  );
}

/** A conform checkbox with its label beside it. */
export function CheckboxMetaField({
  meta,
  label,
}: {
  meta: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  label: string;
}) {
  return (
    <div className="flex items-center gap-2">
      <input {...getInputProps(meta, { type: "checkbox" })} key={meta.key} className="size-4 accent-brand-800" />
      <label htmlFor={meta.id} className="text-sm text-slate-900">
        {label}
      </label>
    </div>
  );
}

/** A field's first error, where its aria-describedby points. */
export function FieldError({ meta }: { meta: FieldMetadata<unknown, Record<string, unknown>, string[]> }) {
  if (!meta.errors?.length) return null;
  return (
    <p id={meta.errorId} className="text-sm text-red-700">
      {meta.errors[0]}
    </p>
  );
}

/** A checkbox with its label beside it (same-as-shipping and the like). */
export function CheckboxField({
  id,
  name,
  label,
  checked,
  onCheckedChange,
}: {
  id: string;
  name: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        className="size-4 accent-brand-800"
      />
      <label htmlFor={id} className="text-sm text-slate-900">
        {label}
      </label>
    </div>
  );
}
