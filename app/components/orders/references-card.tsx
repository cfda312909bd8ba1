import { Card, CardContent } from "../ui/card";

/** The buyer's own references for the order (PO number, job reference), when given. */
export function ReferencesCard({ references }: { references: { label: string; value: string }[] }) {
  if (references.length === 0) return null;
  return (
    <Card>
      <CardContent className="py-5 text-sm">
        <h2 className="text-xl font-semibold text-slate-950">References</h2>
        <dl className="mt-2 space-y-1">
          {references.map(({ label, value }) => (
            <div key={label}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-semibold break-all text-slate-950">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
