import { Mail } from "lucide-react";
import { Link } from "react-router";
import { useStoreContact } from "../../root";
import { CartButton } from "../cart/cart-button";
import { QuickOrderDialog } from "../cart/quick-order-dialog";
import { Logo } from "../logo";
import { AccountLinks } from "./account-links";
import { MainNav } from "./main-nav";
import { SearchForm } from "./search-form";

export function Header() {
  const { email } = useStoreContact();
  return (
    <header className="sticky top-0 z-40 bg-white shadow-sm">
      <div className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm">
          <p className="flex items-center gap-2">
            <Mail className="size-4" aria-hidden="true" />
            <span>
              Questions? Email us at{" "}
              <a href={`mailto:${email}`} className="font-semibold underline-offset-2 hover:underline">
                {email}
              </a>
            </span>
          </p>
          <p className="hidden font-medium text-amber-200 md:block">Professional Grade Parts for Professionals</p>
          <a
            href={`mailto:${email}`}
            className="rounded bg-accent-500 px-3 py-1 font-semibold text-slate-950 hover:bg-accent-600"
          >
            Contact
          </a>
        </div>
      </div>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
        <Link to="/" className="shrink-0">
          <Logo />
        </Link>
        <SearchForm className="order-last w-full md:order-none md:w-auto md:flex-1" />
        <div className="ml-auto flex items-center gap-4">
          <QuickOrderDialog />
          <AccountLinks className="flex items-center gap-4" />
          <CartButton />
        </div>
      </div>
      <MainNav />
    </header>
  );
}
