import { type APIRequestContext, expect, request as newRequest, test } from "@playwright/test";
import { admin } from "../playwright.config";
import { confirmedBuyer, signIn } from "./helpers";

const evil = "https://evil.example";

/** A guest's cart with one grinding wheel ($12.99) in it, through Quick Order; returns its product id. */
async function cartWithWheel(request: APIRequestContext, origin: string) {
  const added = await request.post("/api/cart", {
    form: { intent: "quick-order", lines: JSON.stringify({ lines: [{ partNumber: "GW-45-001", quantity: 1 }] }) },
    headers: { Origin: origin },
  });
  expect(added.status(), await added.text()).toBe(200);
  const { cart } = await (await request.get("/api/cart")).json();
  return cart.lines[0].productId as string;
}

test("a state-changing post from another site is refused and changes nothing", async ({ request, baseURL }) => {
  const productId = await cartWithWheel(request, baseURL ?? "");
  const attempts: [string, Record<string, string>][] = [
    ["/api/cart", { intent: "add", productId, quantity: "5" }],
    ["/api/cart", { intent: "remove", productId }],
    ["/auth", { intent: "sign-in", email: "someone@example.com", password: "whatever1" }],
    ["/checkout", { intent: "place", email: "a@b.co", paymentMethod: "net_30" }],
    ["/admin", { intent: "approve", companyId: "00000000-0000-4000-8000-000000000000", creditLimit: "1" }],
    ["/auth/sign-out", {}],
    // Requests for quote and the moves on one, the back office's answer, and the account pages'
    // forms (server/form-intents.ts).
    ["/quotes/new", { source: "paste", lines: "GW-45-001, 5", shipTo: "profile" }],
    ["/account/quotes/Q-000001", { intent: "accept", version: "1" }],
    ["/account/quotes/Q-000001", { intent: "withdraw" }],
    ["/admin/quotes/Q-000001", { version: "1", validUntil: "2099-01-01" }],
    ["/account/company/api-keys", { intent: "create", name: "x" }],
    ["/account/addresses", { intent: "add" }],
  ];
  for (const [path, form] of attempts) {
    const response = await request.post(path, { form, headers: { Origin: evil }, maxRedirects: 0 });
    expect(response.status(), path).toBe(403);
    // An upload is a form too: the request's list sent as a file.
    const multipart = await request.post(path, { multipart: form, headers: { Origin: evil }, maxRedirects: 0 });
    expect(multipart.status(), `${path} multipart`).toBe(403);
  }
  const { cart } = await (await request.get("/api/cart")).json();
  expect(cart).toMatchObject({ count: 1, subtotal: "12.99" });
});

test("another guest's cart cannot be read or changed by naming it in a cookie", async ({ request, baseURL }) => {
  const productId = await cartWithWheel(request, baseURL ?? "");
  const { cookies } = await request.storageState();
  const signed = decodeURIComponent(cookies.find((cookie) => cookie.name === "cart")?.value ?? "");
  const named = signed.slice(0, signed.lastIndexOf("."));
  expect(named.length).toBeGreaterThan(0);

  const stranger = await newRequest.newContext({ baseURL });
  for (const forged of [named, `${named}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`]) {
    const Cookie = `cart=${encodeURIComponent(forged)}`;
    const { cart } = await (await stranger.get("/api/cart", { headers: { Cookie } })).json();
    expect(cart).toMatchObject({ count: 0, lines: [] });
    const removed = await stranger.post("/api/cart", {
      form: { intent: "remove", productId },
      headers: { Cookie, Origin: baseURL ?? "" },
    });
    expect(removed.status()).toBe(404);
  }
  await stranger.dispose();
  const { cart } = await (await request.get("/api/cart")).json();
  expect(cart).toMatchObject({ count: 1, subtotal: "12.99" });
});

test("prices, totals, tax and discounts sent by the browser are ignored", async ({ request, baseURL }) => {
  const productId = await cartWithWheel(request, baseURL ?? "");
  const tampered = await request.post("/api/cart", {
    form: {
      intent: "add",
      productId,
      quantity: "1",
      price: "0.01",
      unitPrice: "0.01",
      total: "0.01",
      discount: "12.99",
      tax: "0",
      taxRate: "0",
    },
    headers: { Origin: baseURL ?? "" },
  });
  expect(tampered.status()).toBe(200);
  const { cart } = await tampered.json();
  // 2 × 12.99 = 25.98; a guest pays the default 8%: 2.08; total 28.06.
  expect(cart).toMatchObject({ count: 2, subtotal: "25.98", discount: "0.00", tax: "2.08", total: "28.06" });
  expect(cart.lines[0]).toMatchObject({ unitPrice: "12.99", lineTotal: "25.98" });
});

test("script in a name is stored and shown as text, and never runs", async ({ page }) => {
  const payload = `<img src=x onerror="window.__xss=1">'; drop table profiles; --`;
  const buyer = await confirmedBuyer(page, "xss", payload);
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/account");
  await expect(page.getByRole("tabpanel", { name: "Profile" }).getByText(`Dana ${payload}`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator("main img[src='x']")).toHaveCount(0);
});

test("a visitor's own pages are kept by no cache, errors and redirects included; shared files stay public", async ({
  request,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const cacheControl = async (context: APIRequestContext, path: string) => {
    const response = await context.get(path, { maxRedirects: 0 });
    return `${path} ${response.status()} ${response.headers()["cache-control"]}`;
  };
  const expectNoStore = async (context: APIRequestContext, paths: string[]) => {
    for (const path of paths) {
      expect(await cacheControl(context, path)).toMatch(/ private, no-store$/);
    }
  };
  const order = "/order-confirmation/ORD1700000000000AAAAA";

  // Without a cookie, the catalogue is shared; pages that are one buyer's own are not, whoever asks
  // (a guest is sent to sign in from them, with a toast in a cookie).
  const stranger = await newRequest.newContext({ baseURL });
  expect(await cacheControl(stranger, "/category/abrasives")).toMatch(/ public, max-age=300/);
  await expectNoStore(stranger, ["/checkout", "/account", order, "/admin", "/admin/orders", "/checkout.data"]);
  await stranger.dispose();

  // A guest with a cart: the catalogue's shared pages name nobody (the cart comes apart, from
  // /api/cart) and stay public; every other page is theirs, the 404 page, a redirect and page data included.
  const productId = await cartWithWheel(request, origin);
  expect(productId).toBeTruthy();
  for (const path of [
    "/search?q=flap%20disc",
    "/category/abrasives",
    "/category/abrasives/grinding-wheels.data",
    "/products/grinding-wheel-4-5-in-gw-45-001",
  ])
    expect(await cacheControl(request, path)).toMatch(/ public, max-age=300/);
  await expectNoStore(request, [
    "/api/cart",
    "/products/no-such-product",
    "/no/such/page",
    "/collections/safety",
    "/checkout",
    "/checkout.data",
  ]);
  // Files that are the same for everyone keep their public caching.
  expect(await cacheControl(request, "/images/products/grinding-wheels-1.svg")).toMatch(/ public, max-age=86400/);
  expect(await cacheControl(request, "/robots.txt")).toMatch(/ public, max-age=86400/);

  // A signed-in admin: a shared catalogue page, their own request, and the back office.
  const signedIn = await newRequest.newContext({ baseURL });
  const login = await signedIn.post("/admin/login", { form: admin, headers: { Origin: origin }, maxRedirects: 0 });
  expect(login.status()).toBe(302);
  await signedIn.get("/admin"); // shows the sign-in's toast, once
  expect(await cacheControl(signedIn, "/products/grinding-wheel-4-5-in-gw-45-001")).toMatch(/ public, max-age=300/);
  await expectNoStore(signedIn, ["/api/cart", "/admin", "/admin/orders", "/admin/orders/ORD1700000000000AAAAA", order]);
  await signedIn.dispose();
});
