import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("shop", "routes/shop.tsx"),
  route("auth", "routes/auth.tsx"),
  route("auth/forgot-password", "routes/auth.forgot-password.tsx"),
  route("auth/reset-password", "routes/auth.reset-password.tsx"),
  route("auth/sign-out", "routes/auth.sign-out.tsx"),
  route("account", "routes/account.tsx"),
  route("account/data", "routes/account.data.tsx"),
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/login/code", "routes/admin/login-code.tsx"),
  // Pathless, so a form posting to /admin reaches the dashboard's action (an index route
  // under an "admin" parent would answer there only to /admin?index).
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard.tsx"),
    route("admin/orders", "routes/admin/orders.tsx"),
    route("admin/orders/:orderNumber", "routes/admin/order.tsx"),
    route("admin/audit-log", "routes/admin/audit-log.tsx"),
    route("admin/two-factor", "routes/admin/two-factor.tsx"),
  ]),
  route("api/cart", "routes/api.cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("order-confirmation/:orderNumber", "routes/order-confirmation.tsx"),
  route("api/payments/test/confirm", "routes/api.payments.test.confirm.tsx"),
  route("api/payments/stripe/webhook", "routes/api.payments.stripe.webhook.tsx"),
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
