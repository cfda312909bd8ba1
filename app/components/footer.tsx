import { Link } from "react-router";
import { Logo } from "./logo";
import { useCategoryTree, useStoreContact } from "./root-data";

export function Footer() {
  const { email, phone, foundedYear } = useStoreContact();
  const categories = useCategoryTree();
  return (
    <footer className="mt-16 bg-slate-950 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <span className="inline-block rounded bg-white p-2">
            <Logo />
          </span>
          <p className="mt-4 text-sm text-slate-300">
            Family-owned and USA-proud. Industrial supplies for trade and business buyers
            {/* The hero's own words: both name the founding year, never a count written apart from it. */}
            {foundedYear ? ` since ${foundedYear}.` : "."}
          </p>
        </div>
        <div>
          <h2 className="font-semibold text-white">Shop</h2>
          <ul className="mt-3 grid grid-cols-2 gap-2 text-sm">
            {categories.map((category) => (
              <li key={category.slug}>
                <Link
                  to={`/category/${category.slug}`}
                  className="text-slate-300 rounded-sm hover:text-white hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-300"
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">Customer Service</h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-300">
            <li>
              <a
                href={`mailto:${email}`}
                className="rounded-sm hover:text-white hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-300"
              >
                {email}
              </a>
            </li>
            <li>
              <a
                href={`tel:${phone.replace(/[^\d+]/g, "")}`}
                className="rounded-sm hover:text-white hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-300"
              >
                {phone}
              </a>
            </li>
            <li>Monday-Friday 8AM-6PM EST</li>
            <li>
              <Link
                to="/account"
                className="rounded-sm hover:text-white hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-300"
              >
                My Account
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">Why Buyers Stay</h2>
          <ul className="mt-3 space-y-2 text-sm text-slate-300">
            <li>Free shipping on orders of $299 and above</li>
            <li>Net 30/60/90 terms for qualified businesses</li>
            <li>Tax-exempt orders accepted</li>
            <li>ISO 9001:2015 certified</li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-800 px-4 py-4 text-center text-xs text-slate-400">
        © 2026 Cascade Industrial Supply. All rights reserved.
      </p>
    </footer>
  );
}
