import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("shop", "routes/shop.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/forgot-password", "routes/auth.forgot-password.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.tsx"),
  route("account", "routes/account.tsx"),
  route("admin", "routes/admin.tsx"),
  route("api/cart", "routes/api.cart.tsx"),
  route("category/abrasives", "routes/abrasives.tsx"),
  route("category/:category/:subcategory?", "routes/category.tsx"),
  route("collections/:slug", "routes/collections.tsx"),
  route("products/:slug", "routes/product.tsx"),
  route("search", "routes/search.tsx"),
  route("api/search/suggest", "routes/api.search.suggest.tsx"),
  route("images/products/:file", "routes/product-image.tsx"),
  route("robots.txt", "routes/robots.tsx"),
  route("sitemap.xml", "routes/sitemap.tsx", { id: "sitemap-index" }),
  route("sitemaps/:file", "routes/sitemap.tsx", { id: "sitemap-file" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
