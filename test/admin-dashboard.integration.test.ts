// The admin dashboard when the customer accounts cannot be read: the page still shows, and says so;
// the count of requests for quote waiting for prices, left out when it cannot be read; and a credit
// limit the rules refuse, answered with the field's message for the dialog to show beside it.
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { action, loader } from "../app/routes/admin/dashboard";
import { userContext } from "../server/context";
import { companies } from "../server/db/schema";
import { withTestDatabase } from "./database";
import { requestedQuote } from "./quote-fixtures";

const { handle } = withTestDatabase();

function askedByAdmin(form?: Record<string, string>) {
  const context = new RouterContextProvider();
  context.set(userContext, {
    id: "admin",
    email: "admin@example.com",
    name: "Admin",
    isAdmin: true,
    twoFactorEnabled: false,
    twoFactorVerified: false,
  });
  const url = new URL("http://store.test/admin");
  const request = form ? new Request(url, { method: "POST", body: new URLSearchParams(form) }) : new Request(url);
  return { request, url, pattern: "/admin", context, params: {} } as Parameters<typeof loader>[0];
}

it("shows the dashboard with empty figures and 'Failed to load profiles' when the accounts cannot be read", async () => {
  expect((await loader(askedByAdmin())).toast).toBeNull();
  await handle().db.execute(sql`alter table company_members rename to company_members_unreadable`);
  try {
    const page = await loader(askedByAdmin());
    expect(page.toast).toEqual({ type: "error", title: "Failed to load profiles" });
    expect(page.customers).toEqual([]);
    expect(page.stats.totalCustomers).toBe(0);
    expect(page.promos).toEqual([]);
  } finally {
    await handle().db.execute(sql`alter table company_members_unreadable rename to company_members`);
  }
});

it("counts the requests for quote waiting for prices, and shows without the count when quotes cannot be read", async () => {
  expect((await loader(askedByAdmin())).waitingQuotes).toBe(0);
  const [company] = await handle().db.insert(companies).values({ name: "Waiting Co" }).returning();
  const lines = [{ partNumber: "X-1", description: "A part", quantity: 1 }];
  await requestedQuote({ userId: null, companyId: company?.id ?? "", lines });
  await requestedQuote({ userId: null, companyId: company?.id ?? "", lines });
  expect((await loader(askedByAdmin())).waitingQuotes).toBe(2);
  await handle().db.execute(sql`alter table quotes rename to quotes_unreadable`);
  try {
    const page = await loader(askedByAdmin());
    expect(page.waitingQuotes).toBeNull();
    expect(page.toast).toBeNull();
  } finally {
    await handle().db.execute(sql`alter table quotes_unreadable rename to quotes`);
  }
});

it.each([
  ["0", "The credit limit must be more than $0"],
  ["-5", "The credit limit must be more than $0"],
  ["lots", "Enter the credit limit in dollars, e.g. 25000 or 2500.50"],
])("refuses a credit limit of %j with the field's own message", async (creditLimit, message) => {
  const companyId = "00000000-0000-4000-8000-000000000000";
  const answer = (await action(askedByAdmin({ intent: "approve", companyId, creditLimit }))) as {
    data: { ok: boolean; reply?: { error?: Record<string, string[]> } };
    init: { status?: number } | null;
  };
  expect(answer.init?.status).toBe(400);
  expect(answer.data.reply?.error?.creditLimit).toEqual([message]);
});
