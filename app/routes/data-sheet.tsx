import { productDataSheet } from "../../server/catalog/pages/data-sheet";
import { publicPdf } from "../../server/documents/public-pdf";
import type { Route } from "./+types/data-sheet";

/** /data-sheets/{product slug}.pdf: the product's data sheet, drawn from its catalogue entry. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = /^(.+)\.pdf$/.exec(params.file)?.[1] ?? "";
  const sheet = slug ? await productDataSheet(slug) : undefined;
  if (!sheet) {
    return new Response(`There is no product ${params.file.replace(/\.pdf$/, "")} to give a data sheet for.`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  // The same sheet for everyone; revalidated after an hour, so an edited product's sheet follows it.
  return publicPdf(request, sheet);
}
