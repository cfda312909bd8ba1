import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Suspense } from "react";
import { Await, data, Form, Link } from "react-router";
import { deleteAccountSchema } from "../../domain/accounts/delete-account";
import { DEFAULT_SALE_UNIT, quantityWithUnit } from "../../domain/catalog/sale-units";
import { can, isIndividualAccount, roleNames } from "../../domain/companies/companies";
import { formatShortDate } from "../../domain/dates/dates";
import {
  accountMembers,
  getProfile,
  listOrdersWithItems,
  topPurchasedProducts,
} from "../../server/accounts/account-overview";
import { deleteAccount } from "../../server/accounts/delete-account";
import { requireBuyer, requireUser } from "../../server/accounts/session";
import { signOutHeaders } from "../../server/accounts/sign-out";
import { clientAddressContext } from "../../server/context";
import { handleForm } from "../../server/form-intents";
import { companySpend } from "../../server/reports/business";
import { redirectWithToast } from "../../server/toast";
import { CompanySpend } from "../components/account/company-spend";
import { YourData } from "../components/account/your-data";
import { CartReport } from "../components/cart/cart-report";
import { OrderStatusBadge } from "../components/order-status-badge";
import { PackLine, PerUnit } from "../components/orders/pack-line";
import { ReorderTopProduct } from "../components/orders/reorder-top-product";
import { Price, UnitPrice } from "../components/price";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import type { Route } from "./+types/account";

export function meta() {
  return [{ title: "My Account | Cascade Industrial Supply" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  const buyer = requireBuyer({ request, context });
  // Streamed: the page shell is sent at once and the account fills in when ready.
  const account = Promise.all([
    getProfile(buyer),
    listOrdersWithItems(buyer),
    topPurchasedProducts(buyer),
    companySpend(buyer),
    accountMembers(buyer),
  ]).then(([profile, orders, topProducts, spend, members]) => ({ profile, orders, topProducts, spend, members }));
  return { email: user.email, isAdmin: user.isAdmin, account };
}

/** 'Delete my account': the password confirms it; then the buyer is signed out and sent home. */
export function action(args: Route.ActionArgs) {
  return handleForm(args, {
    // A wrong password is the field's error; another refusal (an admin, open orders) the form's.
    toast: "none",
    schema: deleteAccountSchema,
    field: "password",
    fieldKinds: ["Unauthorized"],
    async handle(_buyer, formData, { request, context }) {
      const submission = parseWithZod(formData, { schema: deleteAccountSchema });
      if (submission.status !== "success") return data({ reply: submission.reply() }, 400);
      const user = requireUser({ request, context });
      await deleteAccount(user, submission.value.password, { address: context.get(clientAddressContext) });
      return redirectWithToast(
        "/",
        {
          type: "success",
          title: "Account deleted",
          description: "Your account and saved data have been deleted, and you have been signed out.",
        },
        await signOutHeaders(request),
      );
    },
  });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, isAdmin } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Suspense fallback={<p className="py-10 text-center text-slate-700">Loading account information...</p>}>
        <Await resolve={loaderData.account}>
          {(account) => (
            <Account
              email={email}
              isAdmin={isAdmin}
              deletion={(actionData as { reply?: SubmissionResult<string[]> } | undefined)?.reply}
              {...account}
            />
          )}
        </Await>
      </Suspense>
    </div>
  );
}

type AccountData = Awaited<Route.ComponentProps["loaderData"]["account"]>;

function Account({
  email,
  isAdmin,
  deletion,
  profile,
  orders,
  topProducts,
  spend,
  members,
}: AccountData & { email: string; isAdmin: boolean; deletion?: SubmissionResult<string[]> }) {
  const fullName = profile?.firstName && profile.lastName ? `${profile.firstName} ${profile.lastName}` : "Not provided";
  // A person buying for themselves holds their account: no company role is theirs to be shown.
  const individual = isIndividualAccount({ companyName: profile?.companyName ?? null, members });
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-950">My Account</h1>
          <p className="mt-1 text-slate-700">Manage your account information and view order history</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/account/lists">Saved Lists</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/account/quotes">Quotes</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/account/credit">Credit &amp; Invoices</Link>
          </Button>
          {profile?.companyRole &&
            (can(profile.companyRole, "approveOrders") || can(profile.companyRole, "placeOrders")) && (
              <Button asChild variant="outline">
                <Link to="/account/approvals">Approvals</Link>
              </Button>
            )}
          {profile?.companyRole === "admin" && (
            <>
              <Button asChild variant="outline">
                <Link to="/account/company">Company Members</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/account/company/api-keys">API Keys</Link>
              </Button>
            </>
          )}
          {profile?.companyRole && (
            <Button asChild variant="outline">
              <Link to="/account/company/tax-certificates">Tax Certificates</Link>
            </Button>
          )}
          <Form method="post" action="/auth/sign-out">
            <Button type="submit" variant="outline">
              Sign Out
            </Button>
          </Form>
        </div>
      </div>
      <Tabs defaultValue="profile" className="mt-6">
        <TabsList className="max-w-md">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="insights">Insights</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <Card>
            <CardHeader>
              <CardTitle>Account Information</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-2">
                <Detail term="Account Number" value={profile?.accountNumber || "Not assigned"} />
                <Detail term="Email" value={email} />
                <Detail term="Full Name" value={fullName} />
                <Detail term="Company" value={profile?.companyName || "Not provided"} />
                <Detail term="Phone" value={profile?.phone || "Not provided"} />
                {profile?.companyRole && <Detail term="Account Type" value={individual ? "Individual" : "Business"} />}
                {profile?.companyRole && !individual && (
                  <Detail term="Your Role" value={roleNames[profile.companyRole]} />
                )}
              </dl>
              <p className="mt-4">
                <Link to="/account/addresses" className="font-medium text-brand-700 underline">
                  Address book
                </Link>
              </p>
            </CardContent>
          </Card>
          <YourData isAdmin={isAdmin} lastResult={deletion} />
        </TabsContent>
        <TabsContent value="orders">
          <Card>
            <CardHeader>
              <CardTitle>Order History</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {orders.length === 0 ? (
                <Empty title="No orders found" hint="Start shopping to see your order history here" />
              ) : (
                orders.map((order) => <OrderCard key={order.id} order={order} />)
              )}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="insights">
          <Card>
            <CardHeader>
              <CardTitle>Top 10 Previously Purchased Products</CardTitle>
            </CardHeader>
            <CardContent>
              {topProducts.length === 0 ? (
                <Empty title="No purchase data available" hint="Make some purchases to see your buying trends" />
              ) : (
                <ol className="divide-y divide-slate-200">
                  {topProducts.map((product, index) => (
                    <li key={product.productName} className="flex items-center gap-4 py-3">
                      <span className="w-10 font-bold text-brand-800">#{index + 1}</span>
                      <div className="flex-1">
                        <p className="font-medium text-slate-950">{product.productName}</p>
                        <p className="text-sm text-slate-700">
                          Total quantity purchased:{" "}
                          {quantityWithUnit(product.totalQuantity, product.unit ?? DEFAULT_SALE_UNIT)}
                        </p>
                      </div>
                      <Price amount={product.totalSpent} className="font-semibold text-slate-950" />
                      <ReorderTopProduct productName={product.productName} />
                    </li>
                  ))}
                </ol>
              )}
              <CartReport />
            </CardContent>
          </Card>
          <CompanySpend spend={spend} />
        </TabsContent>
      </Tabs>
    </>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="mt-1 text-slate-950">{value}</dd>
    </div>
  );
}

function Empty({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="py-8 text-center">
      <p className="font-medium text-slate-950">{title}</p>
      <p className="mt-1 text-sm text-slate-700">{hint}</p>
    </div>
  );
}

function OrderCard({ order }: { order: AccountData["orders"][number] }) {
  return (
    <article className="rounded-md border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="font-semibold text-slate-950">
            <Link to={`/account/orders/${order.orderNumber}`} className="text-brand-700 underline">
              Order #{order.orderNumber}
            </Link>
          </h3>
          <p className="text-sm text-slate-700">{formatShortDate(order.orderDate)}</p>
          {order.closedAccount && (
            <p className="text-sm text-slate-700">Placed under your closed account {order.closedAccount}</p>
          )}
        </div>
        <div className="flex items-center gap-3">
          <Price amount={order.totalAmount} className="font-semibold text-slate-950" />
          <OrderStatusBadge status={order.status} />
        </div>
      </div>
      <h4 className="mt-4 text-sm font-semibold text-slate-900">Items Ordered</h4>
      <ul className="mt-2 divide-y divide-slate-100">
        {order.items.map((item) => (
          <li key={item.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
            <span>
              <span className="text-slate-950">{item.productName}</span>
              {item.productSku && <span className="ml-2 font-mono text-slate-600">SKU: {item.productSku}</span>}
              <span className="ml-2 text-slate-700">
                {item.quantity} × <UnitPrice amount={item.unitPrice} listAmount={item.listUnitPrice} />
                <PerUnit unit={item.unit} />
              </span>
              <PackLine line={item} className="text-slate-700" />
            </span>
            <Price amount={item.totalPrice} className="font-medium text-slate-950" />
          </li>
        ))}
      </ul>
    </article>
  );
}
