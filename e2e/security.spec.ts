import { type APIRequestContext, expect, test } from "@playwright/test";
import fc from "fast-check";
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
    ["/admin", { intent: "approve", profileId: "00000000-0000-4000-8000-000000000000", creditLimit: "1" }],
    ["/auth/sign-out", {}],
  ];
  for (const [path, form] of attempts) {
    const response = await request.post(path, { form, headers: { Origin: evil }, maxRedirects: 0 });
    expect(response.status(), path).toBe(403);
  }
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

const hostileText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "' or 1=1; drop table orders; --",
    "<script>alert(1)</script>",
    "%00%ff\u0000\ud800",
    "x".repeat(20_000),
    "-1",
    "1e308",
    "NaN",
    "[]",
    "{}",
    "00000000-0000-4000-8000-000000000000",
  ),
);

/** Each action with its real intents (so the fuzzer reaches the validation behind them) and its fields. */
const endpoints: [string, string[], string[]][] = [
  [
    "/api/cart",
    ["add", "set", "remove", "apply-promo", "remove-promo", "quick-order"],
    ["productId", "quantity", "code", "lines"],
  ],
  [
    "/checkout",
    ["place", "complete"],
    [
      "email",
      "firstName",
      "phone",
      "shippingAddressLine1",
      "shippingState",
      "shippingZip",
      "paymentMethod",
      "paymentId",
      "sameAsShipping",
      "billingCity",
    ],
  ],
  [
    "/auth",
    ["sign-in", "sign-up"],
    [
      "email",
      "password",
      "firstName",
      "lastName",
      "shippingAddressLine1",
      "shippingCity",
      "shippingState",
      "shippingZip",
      "redirectTo",
    ],
  ],
  ["/auth/forgot-password", [""], ["email"]],
  ["/auth/reset-password", [""], ["token", "password"]],
  [
    "/admin",
    ["login", "approve", "revoke", "create-promo", "edit-promo", "promo-status"],
    [
      "email",
      "password",
      "profileId",
      "creditLimit",
      "code",
      "description",
      "discountType",
      "discountValue",
      "promoId",
      "active",
    ],
  ],
  ["/admin/orders/ORD1700000000000AAAAA", ["mark-paid", ""], ["status"]],
];

test("a fuzzer's malformed, oversized and unicode-heavy input never gets a server error", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  for (const [path, intents, fields] of endpoints) {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...intents),
        fc.record(Object.fromEntries(fields.map((field) => [field, hostileText])), { requiredKeys: [] }),
        async (intent, fields) => {
          const form = { intent, ...fields };
          const response = await request.post(path, {
            form: form as Record<string, string>,
            headers: { Origin: baseURL ?? "" },
            maxRedirects: 0,
          });
          expect(response.status(), `${path} ${JSON.stringify(form).slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 25, seed: 20261123 },
    );
  }
  for (const path of ["/search", "/api/search/suggest", "/category/abrasives/grinding-wheels"]) {
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, async (q, page) => {
        const response = await request.get(path, { params: { q, page, sort: q, stock: page, brand: q } });
        expect(response.status(), `${path} q=${q.slice(0, 80)}`).toBeLessThan(500);
      }),
      { numRuns: 25, seed: 20261123 },
    );
  }
  const confirm = await request.post("/api/payments/test/confirm", {
    data: { clientSecret: "tp_made_up_secret", number: "4242424242424242", expiry: "12/34", cvc: "123" },
  });
  expect(confirm.status()).toBe(402);
  expect(await confirm.json()).toEqual({ message: "This payment could not be found. Please place the order again." });
});

test("script in a name is stored and shown as text, and never runs", async ({ page }) => {
  const payload = `<img src=x onerror="window.__xss=1">'; drop table profiles; --`;
  const buyer = await confirmedBuyer(page, "xss", payload);
  await signIn(page, buyer.email, buyer.password);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/account");
  await expect(page.getByText(`Dana ${payload}`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator("main img[src='x']")).toHaveCount(0);
});
