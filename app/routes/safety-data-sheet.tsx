import { redirect } from "react-router";
import { productSafetyDataSheet } from "../../server/catalog/pages/safety-data-sheet";
import { publicPdf } from "../../server/documents/public-pdf";
import type { Route } from "./+types/safety-data-sheet";

/**
 * /safety-data-sheets/{product slug}.pdf: the part's safety data sheet, one address whoever made it:
 * drawn from its hazard data, or the operator's uploaded SDS (a redirect to that file).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = /^([a-z0-9-]+)\.pdf$/.exec(params.file)?.[1];
  const answer = slug ? await productSafetyDataSheet(slug) : undefined;
  if (!answer) {
    return new Response(`There is no safety data sheet for ${params.file.replace(/\.pdf$/, "")}.`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // Revalidated after an hour, as the drawn sheet is: an SDS uploaded since is followed soon.
  if (answer.kind === "uploaded") return redirect(answer.url, { headers: { "Cache-Control": "public, max-age=3600" } });
  return publicPdf(request, answer.sheet);
}
