import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/utils";

const slides = [
  {
    heading: "Save up to 25% on Grinding Wheels",
    text: "Savings on select grinding wheels and flap discs from top abrasive brands.",
    cta: { label: "Shop Abrasives", to: "/category/abrasives" },
    tone: "from-brand-900 to-brand-700",
  },
  {
    heading: "Flap Discs from $3.99",
    text: "Zirconia and ceramic flap discs in every grit, ready to ship today.",
    cta: { label: "Shop Flap Discs", to: "/category/abrasives/flap-discs" },
    tone: "from-slate-900 to-slate-700",
  },
  {
    heading: "Same-Day Shipping",
    text: "On stock items ordered before 3PM EST. Net terms available for qualified businesses.",
    cta: { label: "Shop All Products", to: "/shop" },
    tone: "from-amber-800 to-amber-600",
  },
];

const INTERVAL_MS = 5_000;

/** Three promotional slides; advances every 5 seconds and wraps, pauses while hovered or focused. */
export function BannerCarousel() {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const go = (index: number) => setActive((index + slides.length) % slides.length);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setActive((current) => (current + 1) % slides.length), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Promotions"
      className="relative overflow-hidden rounded-xl"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((slide, index) => (
        // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group; a fieldset is for form controls
        <div
          key={slide.heading}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${slides.length}`}
          hidden={index !== active}
          className={cn("bg-gradient-to-r px-8 py-12 text-white sm:px-16", slide.tone)}
        >
          <h2 className="text-2xl font-extrabold sm:text-3xl">{slide.heading}</h2>
          <p className="mt-2 max-w-xl text-white/90">{slide.text}</p>
          <Link
            to={slide.cta.to}
            prefetch="intent"
            className="mt-5 inline-block rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-950 hover:bg-slate-100"
          >
            {slide.cta.label}
          </Link>
        </div>
      ))}
      <button
        type="button"
        onClick={() => go(active - 1)}
        aria-label="Previous slide"
        className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/90 p-1.5 text-slate-950 hover:bg-white"
      >
        <ChevronLeft className="size-5" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={() => go(active + 1)}
        aria-label="Next slide"
        className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/90 p-1.5 text-slate-950 hover:bg-white"
      >
        <ChevronRight className="size-5" aria-hidden="true" />
      </button>
      <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 gap-2">
        {slides.map((slide, index) => (
          <button
            key={slide.heading}
            type="button"
            onClick={() => go(index)}
            aria-label={`Go to slide ${index + 1}`}
            aria-current={index === active}
            className={cn("size-3 rounded-full border border-white", index === active ? "bg-white" : "bg-white/30")}
          />
        ))}
      </div>
    </section>
  );
}
