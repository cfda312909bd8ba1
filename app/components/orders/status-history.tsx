import { formatLongDate } from "../../../domain/dates/dates";
import { orderStatusLabel } from "../../../domain/orders/order-status";
import { Card, CardContent } from "../ui/card";

export interface StatusEntry {
  id: string;
  status: string;
  at: string;
  note: string | null;
}

/** Every status the order has had, oldest first, with its date and note. */
export function StatusHistory({ entries }: { entries: StatusEntry[] }) {
  return (
    <Card>
      <CardContent className="py-5">
        <h2 className="text-xl font-semibold text-slate-950">Status History</h2>
        <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4 text-sm">
          {entries.map((entry) => (
            <li key={entry.id}>
              <p className="font-semibold text-slate-950">{orderStatusLabel(entry.status)}</p>
              <p className="text-slate-700">
                <time dateTime={entry.at}>{formatLongDate(entry.at)}</time>
                {entry.note && <span> · {entry.note}</span>}
              </p>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
