import { clsx } from "clsx";
import { BadgePercent, ChevronLeft, ChevronRight, Disc3, Pause, Play, Truck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Price } from "../price";

interface Slide {
  id: string;
  heading: React.ReactNode;
  text: string;
  cta: { label: string; to: string };
  tone: string;
  icon: typeof BadgePercent;
}

/** The slides; a price they quote is the catalogue's (the home page's loader reads it), or none is named. */
function promotionSlides(flapDiscsFrom: string | null): Slide[] {
  return [
    {
      id: "grinding-wheels",
      heading: "Save up to 25% on Grinding Wheels",
      text: "Savings on select grinding wheels and flap discs from top abrasive brands.",
      cta: { label: "Shop Abrasives", to: "/category/abrasives" },
      tone: "from-brand-900 to-brand-700",
      icon: BadgePercent,
    },
    {
      id: "flap-discs",
      heading: flapDiscsFrom ? (
        <>
          Flap Discs from <Price amount={flapDiscsFrom} />
        </>
      ) : (
        "Flap Discs"
      ),
      text: "Zirconia and ceramic flap discs in every grit, ready to ship today.",
      cta: { label: "Shop Flap Discs", to: "/category/abrasives/flap-discs" },
      tone: "from-slate-900 to-slate-700",
      icon: Disc3,
    },
    {
      id: "same-day",
      heading: "Same-Day Shipping",
      text: "On stock items ordered before 3PM EST. Net terms available for qualified businesses.",
      cta: { label: "Shop All Products", to: "/shop" },
      tone: "from-amber-900 to-amber-700",
      icon: Truck,
    },
  ];
}

const INTERVAL_MS = 5_000;

/**
 * Three promotional slides (WAI-ARIA carousel pattern): advances every 5 seconds and wraps.
 * Rotation pauses while the pointer or keyboard focus is inside, and the pause button stops it
 * for good, as WCAG 2.2.2 asks of anything that moves on its own.
 */
export function BannerCarousel({ flapDiscsFrom }: { flapDiscsFrom: string | null }) {
  const slides = promotionSlides(flapDiscsFrom);
  const count = slides.length;
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const rotating = !hovered && !focused && !stopped;
  const go = (index: number) => setActive((index + count) % count);

  // When the current slide appeared (performance.now()). It starts at 0, the page's start, so the
  // first turn comes 5 s after the visitor saw the server-rendered slide, however late hydration
  // is; null after a pause, so rotation resumes with a full interval.
  const shownAt = useRef<number | null>(0);

  useEffect(() => {
    if (!rotating) return;
    shownAt.current ??= performance.now();
    let timer: ReturnType<typeof setTimeout>;
    const scheduleTurn = (since: number) => {
      timer = setTimeout(
        () => {
          shownAt.current = performance.now();
          setActive((current) => (current + 1) % count);
          scheduleTurn(shownAt.current);
        },
        Math.max(0, since + INTERVAL_MS - performance.now()),
      );
    };
    scheduleTurn(shownAt.current);
    return () => {
      clearTimeout(timer);
      shownAt.current = null;
    };
  }, [rotating, count]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Promotions"
      className="relative overflow-hidden rounded-xl shadow-sm"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      {/* Announce slide changes only when the user caused them, not on every automatic turn. */}
      <div aria-live={rotating ? "off" : "polite"}>
        {slides.map(({ id, heading, text, cta, tone, icon: Icon }, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group; a fieldset is for form controls
          <div
            key={id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            hidden={index !== active}
            className={clsx("bg-gradient-to-r px-14 pt-10 pb-16 text-white sm:px-20 sm:pt-12", tone)}
          >
            <div className="flex items-center justify-between gap-8">
              <div>
                <h2 className="text-2xl font-extrabold tracking-tight sm:text-4xl">{heading}</h2>
                <p className="mt-3 max-w-xl text-white sm:text-lg">{text}</p>
                <Link
                  to={cta.to}
                  prefetch="intent"
                  className="mt-6 inline-block rounded-md bg-white px-5 py-2.5 text-sm font-semibold text-slate-950 hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900"
                >
                  {cta.label}
                </Link>
              </div>
              <Icon className="hidden size-32 shrink-0 text-white/25 md:block" strokeWidth={1.25} aria-hidden="true" />
            </div>
          </div>
        ))}
      </div>
      <ArrowButton label="Previous slide" className="left-2 sm:left-4" onClick={() => go(active - 1)}>
        <ChevronLeft className="size-5" aria-hidden="true" />
      </ArrowButton>
      <ArrowButton label="Next slide" className="right-2 sm:right-4" onClick={() => go(active + 1)}>
        <ChevronRight className="size-5" aria-hidden="true" />
      </ArrowButton>
      <div className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-1">
        {slides.map((slide, index) => (
          <button
            key={slide.id}
            type="button"
            onClick={() => go(index)}
            aria-label={`Go to slide ${index + 1}`}
            aria-current={index === active}
            className="group rounded-full p-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            <span
              className={clsx(
                "block size-3 rounded-full border border-white transition-colors",
                index === active ? "bg-white" : "bg-white/20 group-hover:bg-white/60",
              )}
            />
          </button>
        ))}
        <button
          type="button"
          onClick={() => setStopped((value) => !value)}
          aria-label={stopped ? "Start slide rotation" : "Pause slide rotation"}
          className="ml-1 rounded-full p-1.5 text-white hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          {stopped ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
        </button>
      </div>
    </section>
  );
}

function ArrowButton({
  label,
  className,
  onClick,
  children,
}: {
  label: string;
  className: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={clsx(
        "absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-950 shadow hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900",
        className,
      )}
    >
      {children}
    </button>
  );
}
