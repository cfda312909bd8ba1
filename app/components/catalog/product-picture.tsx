import { clsx } from "clsx";
import { pictureSources } from "../../../domain/catalog/product-images";

/** On a product card: one to four columns across the page (product-grid.tsx). */
export const CARD_PICTURE_SIZES = "(min-width: 1280px) 18rem, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/**
 * A product picture, square, never stretched: a stored picture in AVIF or WebP at the width the
 * layout needs (`sizes`), or the catalogue's drawn SVG. Its width and height are always given, so
 * the page does not move when it arrives.
 */
export function ProductPicture({
  src,
  alt,
  className,
  eager = false,
  sizes = CARD_PICTURE_SIZES,
}: {
  src: string | undefined;
  alt: string;
  className?: string;
  /** The page's main picture (its largest content): fetched first, not lazily. */
  eager?: boolean;
  sizes?: string;
}) {
  const stored = src ? pictureSources(src) : undefined;
  const loading = eager ? "eager" : "lazy";
  const fetchPriority = eager ? "high" : undefined;
  return (
    <div className={clsx("aspect-square overflow-hidden rounded-lg bg-slate-100", className)}>
      {stored ? (
        <picture>
          {stored.sources.map((source) => (
            <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
          ))}
          <img
            src={stored.src}
            alt={alt}
            width={stored.width}
            height={stored.height}
            loading={loading}
            fetchPriority={fetchPriority}
            decoding="async"
            className="size-full object-contain"
          />
        </picture>
      ) : (
        src && (
          <img
            src={src}
            alt={alt}
            width={400}
            height={400}
            loading={loading}
            fetchPriority={fetchPriority}
            decoding="async"
            className="size-full object-contain"
          />
        )
      )}
    </div>
  );
}
