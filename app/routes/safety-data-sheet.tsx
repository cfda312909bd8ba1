import { redirect } from "react-router";
import { productSafetyDataSheet } from "../../server/catalog/pages/safety-data-sheet";
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
  // Revalidated after an hour, as data sheets are: an uploaded SDS or edited hazard data follows soon.
  const cache = { "Cache-Control": "public, max-age=3600" };
  if (answer.kind === "uploaded") return redirect(answer.url, { headers: cache });
  const { sheet } = answer;
  const headers = { ...cache, ETag: sheet.etag };
  if (request.headers.get("If-None-Match")?.includes(sheet.etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(sheet.content), {
    headers: {
      ...headers,
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${sheet.filename}"`,
    },
  });
}
