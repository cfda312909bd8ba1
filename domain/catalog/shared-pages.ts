// The catalogue's pages (home, shop, category, product, search) are one document for everyone,
// signed in or not, cart or not: nothing in them is any buyer's own, so a cache may keep them and
// give them to anybody. The header's personal parts (who is signed in, the cart) come apart, from
// GET /api/cart (docs/decisions/buyers-pages.md). Read by the server (the root loader, the session
// middleware, the page cache, the HTTP cache rule) and by the browser (the root's revalidation).
const SHARED_PAGE = /^\/(?:|shop|search|category\/[^?]*|products\/[^?]*)$/;

/** Whether `pathname` (a page, or its `.data` for a client navigation) is a shared catalogue page. */
export function isSharedPage(pathname: string): boolean {
  // A client navigation asks for `/products/x.data`, or `/_.data` for the home page.
  const page =
    pathname
      .replace(/\/_\.data$/, "/")
      .replace(/\.data$/, "")
      .replace(/\/$/, "") || "/";
  return SHARED_PAGE.test(page);
}
