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
 * bar (WAI-ARIA's disclosure navigation menu, with its optional arrow keys). Enter or Space opens
 * and closes a panel; ArrowDown on an open panel's button moves into its links; the arrows move
 * from button to button, and from link to link within a panel, Home and End to the first and last.
 * One panel is open at a time; it closes on Escape (focus back on its button), on a press outside,
 * when focus leaves the menu and when a link in it is followed. It sets no state until used, so it
 * hydrates with the page at no extra cost.
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
    if (event.key === "Escape") {
      if (open === null) return;
      menu.current?.querySelector<HTMLButtonElement>(`[aria-controls="${panelId(open)}"]`)?.focus();
      close();
      return;
    }
    const target = event.target as HTMLElement;
    const into =
      menu.current && target.matches("button[aria-controls]")
        ? fromButton(menu.current, target, event.key)
        : fromLink(target, event.key);
    if (!into) return;
    event.preventDefault();
    into.focus();
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
                data-category-panel
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

/** Where a key pressed on a menu button moves the focus: into its open panel (ArrowDown), or to another button. */
function fromButton(menu: HTMLElement, button: HTMLElement, key: string): HTMLElement | null | undefined {
  if (key === "ArrowDown" && button.getAttribute("aria-expanded") === "true")
    return document.getElementById(button.getAttribute("aria-controls") ?? "")?.querySelector<HTMLElement>("a[href]");
  return step([...menu.querySelectorAll<HTMLElement>("button[aria-controls]")], button, key);
}

/** Where a key pressed on a link of an open panel moves the focus: to another link of that panel. */
function fromLink(link: HTMLElement, key: string): HTMLElement | undefined {
  const panel = link.closest<HTMLElement>("[data-category-panel]");
  return panel ? step([...panel.querySelectorAll<HTMLElement>("a[href]")], link, key) : undefined;
}

/** The item an arrow (next or previous), Home or End moves to from `from`; none for another key, or past either end. */
function step(items: HTMLElement[], from: HTMLElement, key: string): HTMLElement | undefined {
  const index = items.indexOf(from);
  if (index < 0) return undefined;
  const next: Record<string, number> = {
    ArrowDown: index + 1,
    ArrowRight: index + 1,
    ArrowUp: index - 1,
    ArrowLeft: index - 1,
    Home: 0,
    End: items.length - 1,
  };
  return key in next ? items[next[key] ?? -1] : undefined;
}

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
