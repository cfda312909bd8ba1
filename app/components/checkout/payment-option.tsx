/** One choice of the checkout's payment method: a radio, its label and an optional badge. */
export function PaymentOption({
  label,
  badge,
  ...input
}: React.ComponentProps<"input"> & { label: string; badge?: string }) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 p-3 has-checked:border-brand-700 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:opacity-70">
      <input {...input} className="size-4 accent-brand-800" />
      <span className="text-sm font-medium text-slate-950">{label}</span>
      {badge && (
        <span className="ml-auto rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
          {badge}
        </span>
      )}
    </label>
  );
}
