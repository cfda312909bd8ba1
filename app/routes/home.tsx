import { BannerCarousel } from "../components/home/banner-carousel";
import { FreeShippingBanner, FreeShippingStrip } from "../components/home/free-shipping-banner";
import { Hero, PopularCategories } from "../components/home/hero";
import { PacificNorthwestIndustries } from "../components/home/pacific-northwest";
import { WhyChooseUs } from "../components/home/why-choose-us";

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

export default function Home() {
  return (
    <>
      <FreeShippingStrip />
      <Hero />
      <div className="mx-auto max-w-7xl space-y-16 px-4 pt-10">
        <div className="space-y-8">
          <PopularCategories />
          <BannerCarousel />
        </div>
        <WhyChooseUs />
        <PacificNorthwestIndustries />
        <FreeShippingBanner />
      </div>
    </>
  );
}
