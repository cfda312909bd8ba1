import { ChevronDown, Menu } from "lucide-react";
import { NavigationMenu } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";
import { useCategoryTree } from "../root-data";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "../ui/dialog";

/** Every category and subcategory: a dropdown per category on wide screens, a menu sheet on phones. */
export function MainNav() {
  const categories = useCategoryTree();
  return (
    <div className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center px-4">
        <nav aria-label="Main" className="xl:hidden">
          <MobileMenu />
        </nav>
        {/* Radix renders this as <nav aria-label="Main">; only one of the two shows at a time. */}
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
      </div>
    </div>
  );
}

function MobileMenu() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const categories = useCategoryTree();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        className="flex items-center gap-2 py-3 text-sm font-semibold text-slate-900"
        aria-label="Open menu"
      >
        <Menu className="size-5" aria-hidden="true" />
        Menu
      </DialogTrigger>
      <DialogContent className="top-0 left-0 h-full max-h-screen w-[min(24rem,100%)] max-w-none translate-x-0 translate-y-0 overflow-y-auto rounded-none">
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
