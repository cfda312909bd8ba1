import { CheckCircle2, Mail, Phone } from "lucide-react";
import { data, Link } from "react-router";
import { formatLongDate } from "../../domain/dates/dates";
import { formatUsd } from "../../domain/money/format";
import { orderDocumentHref, orderDocumentName } from "../../domain/orders/order-documents";
import { orderStatusLabel, whatsNext } from "../../domain/orders/order-status";
import { purchaseOrderDetails } from "../../domain/orders/purchase-order";
import { orderShipPromise } from "../../domain/orders/ship-today";
import { termsName } from "../../domain/terms/terms";
import { requireBuyer, requireUser } from "../../server/accounts/session";
import { config } from "../../server/config";
import { orderItemsView, shippingAddressLines } from "../../server/orders/messages";
import { findOrder } from "../../server/orders/orders";
import { readStoreSettings } from "../../server/terms/settings";
import { AddressCard } from "../components/address-card";
import { OrderItems } from "../components/orders/order-items";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import type { Route } from "./+types/order-confirmation";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.order ? "Order Confirmed" : "Order not found"} | Cascade Industrial Supply` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const _user = requireUser({ request, context });
  const buyer = requireBuyer({ request, context });
  // Someone else's order number gets the same answer as a made-up one.
  const order = await findOrder(params.orderNumber, buyer);
  const { STORE_EMAIL, STORE_PHONE } = config();
  const help = { email: STORE_EMAIL, phone: STORE_PHONE };
  const headers = { "Cache-Control": "private, no-store" };
  if (!order) return data({ order: null, help }, { status: 404, headers });
  const { shipCutoff } = await readStoreSettings();
  return data(
    {
      help,
      order: {
        orderNumber: order.orderNumber,
        orderDate: order.orderDate.toISOString(),
        status: order.status,
        shipPromise: order.status === "cancelled" ? null : orderShipPromise(order, shipCutoff, new Date()),
        paymentMethod: order.paymentMethod,
        paymentDueDate: order.paymentDueDate?.toISOString() ?? null,
        termsDays: order.termsDays,
        document: { name: orderDocumentName(order), href: orderDocumentHref(order) },
        ...orderItemsView(order),
        shipping: shippingAddressLines(order),
        purchaseOrder: purchaseOrderDetails(order),
      },
    },
    { headers },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function OrderConfirmationPage({ loaderData }: Route.ComponentProps) {
  const { order, help } = loaderData;
  if (!order) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold text-slate-950">Order not found</h1>
        <Button asChild className="mt-6">
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-14 text-green-700" aria-hidden="true" />
        <h1 className="mt-3 text-3xl font-bold text-slate-950">Order Confirmed!</h1>
        <p className="mt-2 text-slate-700">
          Thank you for your order. We've received your order and will process it soon.
        </p>
      </div>

      <Card>
        <CardContent className="py-5">
          <h2 className="text-xl font-semibold text-slate-950">Order Details</h2>
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
            <Detail label="Order Number" value={order.orderNumber} />
            <Detail label="Order Date" value={formatLongDate(order.orderDate)} />
            <Detail label="Status" value={orderStatusLabel(order.status)} />
            {order.shipPromise && <Detail label="Shipping" value={order.shipPromise} />}
            <Detail label="Total" value={formatUsd(order.totals.total)} />
            {order.purchaseOrder.map(({ label, value }) => (
              <Detail key={label} label={label} value={value} />
            ))}
            {order.paymentMethod === "on_terms" && order.paymentDueDate && (
              <Detail
                label={`Payment Due (${termsName(order.termsDays ?? 30)})`}
                value={formatLongDate(order.paymentDueDate)}
              />
            )}
          </dl>
          <p className="mt-4 text-sm">
            <a href={order.document.href} className="font-medium text-brand-700 underline">
              Download {order.document.name} (PDF)
            </a>
          </p>
        </CardContent>
      </Card>

      <OrderItems items={order.items} totals={order.totals} />

      <div className="grid gap-6 sm:grid-cols-2">
        <AddressCard title="Shipping Address" lines={order.shipping} />
        <Card>
          <CardContent className="py-5">
            <h2 className="text-xl font-semibold text-slate-950">What's Next?</h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
              {whatsNext.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardContent className="py-5">
          <h2 className="text-xl font-semibold text-slate-950">Need Help?</h2>
          <p className="mt-2 flex items-center gap-2 text-sm text-slate-800">
            <Phone className="size-4" aria-hidden="true" />
            <a href={`tel:${help.phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 underline">
              {help.phone}
            </a>
          </p>
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-800">
            <Mail className="size-4" aria-hidden="true" />
            <a href={`mailto:${help.email}`} className="text-brand-700 underline">
              {help.email}
            </a>
          </p>
          <p className="mt-1 text-sm text-slate-700">Monday-Friday 8AM-6PM EST</p>
        </CardContent>
      </Card>

      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={`/account/orders/${order.orderNumber}`}>View Order Details</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/account">View Order History</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Continue Shopping</Link>
        </Button>
      </div>
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-950">{value}</dd>
    </div>
  );
}
