import { isGhsPictogram } from "../../domain/catalog/hazards";
import { pictogramSvg } from "../../server/documents/ghs-pictograms";
import type { Route } from "./+types/ghs-pictogram";

/** /images/ghs/{GHS01…GHS09}.svg: a hazard pictogram, as a hazardous part's page shows it. */
export function loader({ params }: Route.LoaderArgs) {
  const code = /^(GHS0[1-9])\.svg$/.exec(params.file)?.[1];
  if (!code || !isGhsPictogram(code)) return new Response("Not Found", { status: 404 });
  return new Response(pictogramSvg(code), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // The nine pictograms never change.
      "Cache-Control": "public, max-age=604800, stale-while-revalidate=604800",
    },
  });
}
