import { statementRangeSchema } from "../../domain/terms/statement-range";
import { requireBuyer } from "../../server/accounts/session";
import { buyerStatement, statementCsv, statementPdf } from "../../server/documents/buyer-documents";
import type { Route } from "./+types/account.credit.statement";

/** The buyer's statement for ?from=&to= as PDF (statement.pdf) or CSV (statement.csv). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const buyer = requireBuyer({ request, context });
  const url = new URL(request.url);
  const range = statementRangeSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!range.success) {
    return new Response(range.error.issues[0]?.message ?? "Choose the statement's first and last day.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const statement = await buyerStatement(buyer, range.data.from, range.data.to);
  const csv = url.pathname.endsWith(".csv");
  const file = csv ? statementCsv(statement) : await statementPdf(statement);
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": csv ? "text/csv; charset=utf-8" : "application/pdf",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
