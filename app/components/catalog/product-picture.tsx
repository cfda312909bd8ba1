import { cn } from "../../lib/utils";

/** A product picture (the catalogue's drawn SVGs), square, never stretched. */
export function ProductPicture({
  src,
  alt,
  className,
  eager = false,
}: {
  src: string | undefined;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  return (
    <div className={cn("aspect-square overflow-hidden rounded-lg bg-slate-100", className)}>
      {src && (
        <img
          src={src}
          alt={alt}
          width={400}
          height={400}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="size-full object-contain"
        />
      )}
    </div>
  );
}
