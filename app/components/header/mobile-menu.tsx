import { Link } from "react-router";
import { useCategoryTree } from "../root-data";
import { Dialog, DialogContent, DialogTitle } from "../ui/dialog";
import type { LazyDialogProps } from "../ui/lazy-dialog";

/** Every category and subcategory in a sheet, for phones (loaded by main-nav.tsx on first use). */
export default function MobileMenu({ open, onOpenChange, onCloseAutoFocus }: LazyDialogProps) {
  const close = () => onOpenChange(false);
  const categories = useCategoryTree();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={onCloseAutoFocus}
        className="top-0 left-0 h-full max-h-screen w-[min(24rem,100%)] max-w-none translate-x-0 translate-y-0 overflow-y-auto rounded-none"
      >
        <DialogTitle>Shop by Category</DialogTitle>
        <ul className="mt-4 space-y-5">
          {categories.map((category) => (
            <li key={category.slug}>
              <Link to={`/category/${category.slug}`} onClick={close} className="font-semibold text-brand-800">
                {category.name}
              </Link>
              <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1.5">
                {category.subcategories.map((subcategory) => (
                  <li key={subcategory.slug}>
                    <Link
                      to={`/category/${category.slug}/${subcategory.slug}`}
                      onClick={close}
                      className="text-sm text-slate-800"
                    >
                      {subcategory.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
