import { ChevronDown, Menu } from "lucide-react";
import { NavigationMenu } from "radix-ui";
import { lazy, Suspense, useEffect } from "react";
import { Link } from "react-router";
import { HYDRATED_EVENT } from "../../lib/hydration-after-paint";
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
        {/* Its own boundary hydrates the menu after the rest of the page, in a commit of its own:
            Radix sets state as its twelve menus mount, and in the page's commit that made React
            re-render at once and run every effect of the page in the same long task. */}
        <Suspense>
          <CategoryMenu />
        </Suspense>
      </div>
    </div>
  );
}

/** The wide screen's menu: a dropdown per category. */
function CategoryMenu() {
  const categories = useCategoryTree();
  // Hydrated in a boundary of its own, after the rest of the page: once it has, the whole page has.
  useEffect(() => {
    dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  // Radix renders this as <nav aria-label="Main">; only one of the two shows at a time.
  return (
    <NavigationMenu.Root className="relative hidden w-full xl:block">
      <NavigationMenu.List className="flex items-center justify-between">
        {categories.map((category) => (
          // Radix adds an aria-hidden, focusable "focus proxy" beside an open trigger (axe:
          // aria-hidden-focus). The content follows the trigger in the DOM, so Tab reaches it without.
          <NavigationMenu.Item key={category.slug} className="[&>span[aria-hidden=true]]:hidden">
            <NavigationMenu.Trigger className="group flex items-center gap-0.5 whitespace-nowrap rounded px-1.5 py-3 text-sm font-semibold text-slate-900 hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 data-[state=open]:text-brand-700">
              {category.name}
              <ChevronDown
                className="size-3.5 transition-transform group-data-[state=open]:rotate-180"
                aria-hidden="true"
              />
            </NavigationMenu.Trigger>
            <NavigationMenu.Content className="absolute top-full left-0 z-40 w-full rounded-b-lg border border-slate-200 bg-white p-6 shadow-lg">
              <Link
                to={`/category/${category.slug}`}
                prefetch="intent"
                className="font-semibold text-brand-800 hover:underline rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                Shop all {category.name}
              </Link>
              <ul className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 md:grid-cols-4">
                {category.subcategories.map((subcategory) => (
                  <li key={subcategory.slug}>
                    <NavigationMenu.Link asChild>
                      <Link
                        to={`/category/${category.slug}/${subcategory.slug}`}
                        prefetch="intent"
                        className="text-sm text-slate-800 hover:text-brand-700 hover:underline rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                      >
                        {subcategory.name}
                      </Link>
                    </NavigationMenu.Link>
                  </li>
                ))}
              </ul>
            </NavigationMenu.Content>
          </NavigationMenu.Item>
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
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
