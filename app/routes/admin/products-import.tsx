// The catalogue's import and export in the back office. With JavaScript the file is posted to
// /admin/products/import/run, which streams the progress and then the report; without it, this
// page's action imports it and answers with the report (no progress bar).
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { saleUnitCodes } from "../../../domain/catalog/sale-units";
import { formatNumber } from "../../../domain/text/numbers";
import { requireAdmin } from "../../../server/accounts/session";
import { acceptUpload } from "../../../server/catalog/import/catalog-upload";
import { summarizeImport } from "../../../server/catalog/import/import-catalog";
import { StoreError } from "../../../server/errors";
import { SubmitButton } from "../../components/submit-button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { TableHead } from "../../components/ui/table-head";
import type { Route } from "./+types/products-import";

export function meta() {
  return [{ title: "Import & Export | Admin | Cascade Industrial Supply" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin({ context });
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin({ context });
  try {
    const upload = await acceptUpload(request, admin.id);
    const report = await upload.run();
    return { report, summary: summarizeImport(report) };
  } catch (error) {
    if (error instanceof StoreError) return data({ error: error.message }, error.status);
    throw error;
  }
}

interface ImportResult {
  report?: {
    problems: { row: number; column: string; message: string }[];
    unlistedProblems: number;
    stopped?: string;
  };
  summary?: string;
  error?: string;
}

/** Reads the run endpoint's lines: progress while it imports, then the report (or a refusal). */
async function importWithProgress(
  form: HTMLFormElement,
  onProgress: (progress: { rows: number; share: number }) => void,
): Promise<ImportResult> {
  const response = await fetch("/admin/products/import/run", { method: "POST", body: new FormData(form) });
  if (!response.ok || !response.body) return { error: (await response.text()) || "The import failed." };
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = "";
  let result: ImportResult = {
    error: "The import stopped before it finished. Reload the page to see what was written.",
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += value;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (line.trim() === "") continue;
      const message = JSON.parse(line);
      if (message.type === "progress") onProgress(message);
      else result = message;
    }
  }
  return result;
}

export default function AdminProductsImportPage({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state !== "idle";
  const [progress, setProgress] = useState<{ rows: number; share: number } | undefined>();
  const [streamed, setStreamed] = useState<ImportResult | undefined>();
  const [busy, setBusy] = useState(false);
  const result: ImportResult | undefined = streamed ?? actionData ?? undefined;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setStreamed(undefined);
    setProgress({ rows: 0, share: 0 });
    try {
      setStreamed(await importWithProgress(event.currentTarget, setProgress));
    } catch {
      setStreamed({ error: "The import could not be sent. Check the connection and try again." });
    } finally {
      setBusy(false);
      setProgress(undefined);
    }
  };

  return (
    <div className="max-w-4xl space-y-6">
      <h1 className="text-3xl font-bold text-slate-950">Import &amp; Export</h1>
      <Card>
        <CardHeader>
          <CardTitle>Import a Catalogue File</CardTitle>
        </CardHeader>
        <CardContent>
          <p id="catalog-file-help" className="mb-4 text-sm text-slate-700">
            A .csv or .xlsx file of at most 50 MB, one product per row, matched by part number. Required columns:
            part_number, name, category, subcategory, brand, price, stock_level, description; optional: tiers
            (100:1.98|500:1.75), status, oem_numbers, related_parts, images, documents, lead_time_days (business days to
            restock when out of stock), backorderable (yes or no: may be ordered past the stock, with a lead time),
            family (the name of the part's family of sizes, made if new; empty: none; its parts are told apart by the
            attribute columns they differ in, and a part alike another of its family is refused), unit (the unit of
            sale's UN/CEFACT code, one of {saleUnitCodes.join(", ")}; price, tiers and stock count it), pack_quantity
            (pieces in one unit, e.g. 25 for a box of 25), min_order_quantity and order_multiple (the fewest units, and
            the step, an order may have; empty cells are EA, 1, 1 and 1; FOT is read as FT), hazard (the part's hazard
            data as JSON, as the export writes it; empty: none; write it in the product editor) and one column per
            attribute. Without the unit, pack_quantity, min_order_quantity, order_multiple, family or hazard column,
            each product keeps its own. A file of only part_number, price and stock_level updates just those. Rows with
            a problem are listed and not written. An upload carries no other files: its images and documents columns
            take only pictures and documents already stored (their /media/… addresses, as an export writes them); add
            new ones in the product editor, or import a file with its pictures beside it with npm run catalog:import.
          </p>
          <Form method="post" encType="multipart/form-data" onSubmit={submit} className="space-y-4">
            <div className="space-y-1">
              <Label htmlFor="catalog-file">Catalogue file</Label>
              <Input
                id="catalog-file"
                name="file"
                type="file"
                required
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-describedby="catalog-file-help"
              />
            </div>
            <div className="flex items-center gap-2">
              <input id="dry-run" name="dryRun" type="checkbox" className="size-4" />
              <Label htmlFor="dry-run">Dry run: check the file and report, write nothing</Label>
            </div>
            <div className="max-w-48">
              <SubmitButton busy={busy || submitting}>Import File</SubmitButton>
            </div>
          </Form>
          {progress ? (
            <div className="mt-4 space-y-1">
              <Label htmlFor="import-progress">Import progress</Label>
              <progress id="import-progress" className="block w-full" max={1} value={progress.share} />
              <p className="text-sm text-slate-700">
                {progress.rows === 0
                  ? "Checking the file…"
                  : `${formatNumber(progress.rows)} rows read (${Math.round(progress.share * 100)}%)`}
              </p>
            </div>
          ) : null}
          <ImportResultPanel result={result} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Export the Catalogue</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm text-slate-700">
          <p>Every product in the import&apos;s format: edit it and import it back.</p>
          <p className="flex gap-4">
            <a className="font-semibold text-brand-800 underline" href="/admin/products/export.csv" download>
              Download as CSV
            </a>
            <a className="font-semibold text-brand-800 underline" href="/admin/products/export.xlsx" download>
              Download as XLSX
            </a>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}

function ImportResultPanel({ result }: { result: ImportResult | undefined }) {
  if (!result) return null;
  if (result.error)
    return (
      <p role="alert" className="mt-4 text-sm font-semibold text-red-700">
        {result.error}
      </p>
    );
  const problems = result.report?.problems ?? [];
  return (
    <div className="mt-4 space-y-3">
      <p role="status" className="font-semibold text-slate-950">
        {result.summary}
      </p>
      {problems.length > 0 ? (
        <table className="w-full text-left text-sm">
          <caption className="mb-2 text-left font-semibold text-slate-950">Problems</caption>
          <TableHead columns={["Row", "Column", "Problem"]} />
          <tbody>
            {problems.map((problem) => (
              <tr key={`${problem.row}-${problem.column}`} className="border-t border-slate-200">
                <td className="px-6 py-2">{problem.row}</td>
                <td className="px-6 py-2">{problem.column}</td>
                <td className="px-6 py-2">{problem.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {result.report?.unlistedProblems ? (
        <p className="text-sm text-slate-700">
          … and {formatNumber(result.report.unlistedProblems)} more problems not listed.
        </p>
      ) : null}
    </div>
  );
}
