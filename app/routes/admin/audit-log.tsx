import { auditLogSchema } from "../../../domain/admin/admin-schemas";
import { storeDateFormat } from "../../../domain/dates/dates";
import { requireAdmin } from "../../../server/accounts/session";
import { listAuditLog } from "../../../server/admin/audit";
import { PagedTable } from "../../components/admin/paged-table";
import type { Route } from "./+types/audit-log";

export function meta() {
  return [{ title: "Audit Log | Admin | Cascade Industrial Supply" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin({ context });
  const { page } = auditLogSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return listAuditLog({ page });
}

const when = storeDateFormat("en-US", { dateStyle: "medium", timeStyle: "medium" });

/** Only what changed, "field: before → after", so an entry reads at a glance. */
function changes(before: unknown, after: unknown): string[] {
  const from = (before ?? {}) as Record<string, unknown>;
  const to = (after ?? {}) as Record<string, unknown>;
  const show = (value: unknown) => (value === null || value === undefined ? "none" : String(value));
  return [...new Set([...Object.keys(from), ...Object.keys(to)])]
    .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]))
    .map((key) => `${key}: ${show(from[key])} → ${show(to[key])}`);
}

export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageSize } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-950">Audit Log</h1>
      <p className="mt-1 text-slate-700">Every change an admin made: who, what, when, and what it was before.</p>
      <PagedTable
        rows={entries}
        caption="Audit Log"
        columns={["When (Eastern)", "Admin", "Action", "Record", "Changes"]}
        empty="No admin changes yet."
        pages={{ label: "Audit log pages", page, total, pageSize, link: (n) => `?page=${n}` }}
        className="mt-6"
        regionLabel="Audit log entries"
      >
        {(entry) => (
          <tr key={entry.id} className="align-top">
            <td className="px-6 py-3 whitespace-nowrap">{when(new Date(entry.createdAt))}</td>
            <td className="px-6 py-3">{entry.adminEmail ?? "Deleted account"}</td>
            <td className="px-6 py-3">{entry.action.replaceAll("_", " ")}</td>
            <td className="px-6 py-3 font-mono text-xs">
              {entry.entity} {entry.entityId}
            </td>
            <td className="px-6 py-3">
              <ul className="space-y-0.5 font-mono text-xs">
                {changes(entry.before, entry.after).map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            </td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
