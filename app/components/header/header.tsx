import { Link } from "react-router";
import { CartButton } from "../cart/cart-button";
import { QuickOrderButton } from "../cart/quick-order-button";
import { Logo } from "../logo";
import { useStoreContact } from "../root-data";
import { AccountLinks } from "./account-links";
import { ContactBar } from "./contact-bar";
import { MainNav } from "./main-nav";
import { SearchForm } from "./search-form";

/**
 * The shared header. The DOM keeps the desktop reading order (logo, search, actions, cart);
 * `order-*` puts the cart beside the logo on phones and the search on its own row below `lg`.
 */
export function Header() {
  const { email } = useStoreContact();
  return (
    <header className="z-40 bg-white shadow-sm lg:sticky lg:top-0">
      <ContactBar email={email} />
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
        <Link
          to="/"
          prefetch="intent"
          className="order-1 shrink-0 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          <Logo />
        </Link>
        <SearchForm className="order-4 w-full lg:order-2 lg:w-auto lg:flex-1" />
        <div className="order-3 flex w-full items-center justify-between gap-4 sm:order-2 sm:ml-auto sm:w-auto sm:justify-end lg:order-3 lg:ml-0">
          <QuickOrderButton />
          <AccountLinks />
        </div>
        <div className="order-2 ml-auto sm:order-3 sm:ml-0 lg:order-4">
          <CartButton />
        </div>
      </div>
      <MainNav />
    </header>
  );
}
