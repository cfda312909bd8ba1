import { Card, CardContent } from "./ui/card";

/** A titled postal address, one line each (confirmation page, admin order). */
export function AddressCard({ title, lines }: { title: string; lines: string[] }) {
  return (
    <Card>
      <CardContent className="py-5">
        <h2 className="text-xl font-semibold text-slate-950">{title}</h2>
        <address className="mt-2 text-sm not-italic text-slate-800">
          {lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </CardContent>
    </Card>
  );
}
