import {
  Boxes,
  Car,
  CircleDot,
  Disc3,
  Drill,
  FlaskConical,
  HardHat,
  type LucideIcon,
  Package,
  SprayCan,
  TriangleAlert,
  Wrench,
  Zap,
} from "lucide-react";
import { cn } from "../../lib/utils";

const icons: Record<string, LucideIcon> = {
  abrasives: Disc3,
  "cutting-tools": Drill,
  electrical: Zap,
  safety: HardHat,
  paint: SprayCan,
  chemicals: FlaskConical,
  "hand-tools": Wrench,
  automotive: Car,
  "tire-supplies": CircleDot,
  hazmat: TriangleAlert,
  storage: Package,
  "shop-supplies": Boxes,
};

const backgrounds = ["from-slate-100 to-slate-200", "from-brand-50 to-brand-100", "from-amber-50 to-amber-100"];

/** A drawn picture of the product's kind (the catalogue ships no photographs). */
export function ProductPicture({
  category,
  view = 0,
  className,
}: {
  category: string;
  view?: number;
  className?: string;
}) {
  const Icon = icons[category] ?? Package;
  return (
    <div
      className={cn(
        "flex aspect-square items-center justify-center rounded-lg bg-gradient-to-br",
        backgrounds[view % 3],
        className,
      )}
    >
      <Icon className="size-1/2 text-brand-800" strokeWidth={1.25} aria-hidden="true" />
    </div>
  );
}
