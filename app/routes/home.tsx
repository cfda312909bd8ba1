import { data } from "react-router";
import { currentCatalogue } from "../../server/accounts/session";
import { catalogCacheHeaders, catalogRouteHeaders } from "../../server/catalog/cache/http-cache";
import { homePromotions } from "../../server/catalog/pages/promotions";
import { BannerCarousel } from "../components/home/banner-carousel";
import { FreeShippingBanner, FreeShippingStrip } from "../components/home/free-shipping-banner";
import { Hero, PopularCategories } from "../components/home/hero";
import { PacificNorthwestIndustries } from "../components/home/pacific-northwest";
import { WhyChooseUs } from "../components/home/why-choose-us";
import type { Route } from "./+types/home";

/** The prices the promotions quote, from the catalogue as it is now (kept with the page). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const promotions = await homePromotions(currentCatalogue(context));
  return data(promotions, { headers: catalogCacheHeaders(request, promotions) });
}

export const headers: Route.HeadersFunction = catalogRouteHeaders;

export function meta() {
  return [
    { title: "Cascade Industrial Supply | Abrasives, Cutting Tools and Industrial Parts" },
    {
      name: "description",
      content:
        "Professional grade abrasives, cutting tools, electrical, safety and shop supplies for trade buyers. Net 30 terms, same-day shipping on stock items ordered before 3PM EST.",
    },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <FreeShippingStrip />
      <Hero />
      <div className="mx-auto max-w-7xl space-y-16 px-4 pt-10">
        <div className="space-y-8">
          <PopularCategories />
          <BannerCarousel flapDiscsFrom={loaderData.flapDiscsFrom} />
        </div>
        <WhyChooseUs />
        <PacificNorthwestIndustries />
        <FreeShippingBanner />
      </div>
    </>
  );
}
