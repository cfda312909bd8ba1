import { ChevronDown, Menu } from "lucide-react";
import { lazy, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { CategoryTree } from "../../../domain/catalog/category-tree";
import { useCategoryTree } from "../root-data";
import { useLazyDialog } from "../ui/lazy-dialog";

const loadMobileMenu = () => import("./mobile-menu");
const MobileMenu = lazy(loadMobileMenu);

/** Every category and subcategory: a dropdown per category on wide screens, a menu sheet on phones. */
export function MainNav() {
  return (
    <div className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center px-4">
        <nav aria-label="Main" className="xl:hidden">
          <MobileMenuButton />
        </nav>
        <CategoryMenu />
      </div>
    </div>
  );
}

/**
 * The wide screen's menu: a disclosure button per category, its panel of links shown below the
 * bar (WAI-ARIA's disclosure navigation menu). One panel is open at a time; it closes on Escape
 * (focus back on its button), on a press outside, when focus leaves the menu and when a link in it
 * is followed. It sets no state until used, so it hydrates with the page at no extra cost.
 */
function CategoryMenu() {
  const categories = useCategoryTree();
  const [open, setOpen] = useState<string | null>(null);
  const menu = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(null), []);

  useEffect(() => {
    if (open === null) return;
    const pressedOutside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) close();
    };
    document.addEventListener("pointerdown", pressedOutside);
    return () => document.removeEventListener("pointerdown", pressedOutside);
  }, [open, close]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== "Escape" || open === null) return;
    menu.current?.querySelector<HTMLButtonElement>(`[aria-controls="${panelId(open)}"]`)?.focus();
    close();
  };
  const onBlur = (event: React.FocusEvent) => {
    if (!menu.current?.contains(event.relatedTarget as Node | null)) close();
  };

  // The phone's Menu button has a nav of its own; only one of the two shows at a time.
  return (
    <nav ref={menu} aria-label="Main" className="relative hidden w-full xl:block" onKeyDown={onKeyDown} onBlur={onBlur}>
      <ul className="flex items-center justify-between">
        {categories.map((category) => {
          const expanded = open === category.slug;
          return (
            <li key={category.slug}>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId(category.slug)}
                onClick={() => setOpen(expanded ? null : category.slug)}
                className="group flex items-center gap-0.5 whitespace-nowrap rounded px-1.5 py-3 text-sm font-semibold text-slate-900 hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-expanded:text-brand-700"
              >
                {category.name}
                <ChevronDown
                  className="size-3.5 transition-transform group-aria-expanded:rotate-180"
                  aria-hidden="true"
                />
              </button>
              <div
                id={panelId(category.slug)}
                hidden={!expanded}
                className="absolute top-full left-0 z-40 w-full rounded-b-lg border border-slate-200 bg-white p-6 shadow-lg"
              >
                {expanded && <CategoryLinks category={category} onFollow={close} />}
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

const panelId = (slug: string) => `category-menu-${slug}`;

/** A category's panel: its own listing and its subcategories'; following one closes the panel. */
function CategoryLinks({ category, onFollow }: { category: CategoryTree[number]; onFollow: () => void }) {
  return (
    <>
      <Link
        to={`/category/${category.slug}`}
        prefetch="intent"
        onClick={onFollow}
        className="font-semibold text-brand-800 hover:underline rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        Shop all {category.name}
      </Link>
      <ul className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 md:grid-cols-4">
        {category.subcategories.map((subcategory) => (
          <li key={subcategory.slug}>
            <Link
              to={`/category/${category.slug}/${subcategory.slug}`}
              prefetch="intent"
              onClick={onFollow}
              className="text-sm text-slate-800 hover:text-brand-700 hover:underline rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              {subcategory.name}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The phone's Menu button; the menu sheet's code loads when it is first used. */
function MobileMenuButton() {
  const { button, dialog, mount } = useLazyDialog(loadMobileMenu);
  return (
    <>
      <button
        type="button"
        aria-label="Open menu"
        className="flex items-center gap-2 py-3 text-sm font-semibold text-slate-900"
        {...button}
      >
        <Menu className="size-5" aria-hidden="true" />
        Menu
      </button>
      {mount(<MobileMenu {...dialog} />)}
    </>
  );
}
