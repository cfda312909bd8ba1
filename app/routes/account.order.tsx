// The buyer's own order: items (to reorder or save to a list), addresses, payment, status history,
// shipments, the same-day promise and returns. Another company's order number answers 404, as an unknown one does.
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { formatLongDate } from "../../domain/dates/dates";
import { fromCents, toCents } from "../../domain/money/cents";
import { formatUsd } from "../../domain/money/format";
import { cancellationSchema, cancellationSeen } from "../../domain/orders/cancellations";
import { cancellable } from "../../domain/orders/lifecycle";
import { orderDocumentHref, orderDocumentName } from "../../domain/orders/order-documents";
import { purchaseOrderDetails } from "../../domain/orders/purchase-order";
import { orderShipPromise } from "../../domain/orders/ship-today";
import { PARTIALLY_SHIPPED, shippingProgress } from "../../domain/orders/shipments";
import { returnRequestSchema } from "../../domain/returns/returns";
import { requireBuyer } from "../../server/accounts/session";
import { buyerCan } from "../../server/companies/buyer";
import { dispatchIntent, formFields, parsedForm, succeeded } from "../../server/form-intents";
import { buyerCancelRefusal, cancelledTotals, cancelOrderLines } from "../../server/orders/cancellations";
import { orderAddressLines, orderItemsView, shippingAddressLines } from "../../server/orders/messages";
import { findOrder } from "../../server/orders/orders";
import { shipmentsView } from "../../server/orders/shipments";
import { orderStatusHistoryFor } from "../../server/orders/status-history";
import { orderReturnsView, requestReturn } from "../../server/returns/returns";
import { readStoreSettings } from "../../server/terms/settings";
import { dataWithToast } from "../../server/toast";
import { AddressCard } from "../components/address-card";
import { Breadcrumb } from "../components/breadcrumb";
import { NotFoundPanel } from "../components/not-found-panel";
import { OrderStatusBadge } from "../components/order-status-badge";
import { CancelItems } from "../components/orders/cancel-items";
import { OrderLines } from "../components/orders/order-lines";
import { ReturnsCard } from "../components/orders/order-returns";
import { PaymentCard } from "../components/orders/payment-card";
import { ReferencesCard } from "../components/orders/references-card";
import { ShipmentsCard } from "../components/orders/shipments-card";
import { StatusHistory } from "../components/orders/status-history";
import type { Route } from "./+types/account.order";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: `${loaderData?.order ? `Order ${loaderData.order.orderNumber}` : "Order not found"} | Cascade Industrial Supply`,
    },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const buyer = requireBuyer({ request, context });
  const order = await findOrder(params.orderNumber, buyer);
  const headers = { "Cache-Control": "private, no-store" };
  if (!order) return data({ order: null }, { status: 404, headers });
  const history = await orderStatusHistoryFor(order.id);
  const { shipCutoff } = await readStoreSettings();
  const shipping = order.status === "cancelled" ? null : orderShipPromise(order, shipCutoff, new Date());
  const cancelled = await cancelledTotals(order.id);
  // Offered only to whoever may cancel (the placer or the company admin) while something has not shipped.
  const mayCancel = cancellable(order) && !buyerCancelRefusal(buyer, order);
  return data(
    {
      order: {
        orderNumber: order.orderNumber,
        orderDate: order.orderDate.toISOString(),
        status: order.status,
        payment: {
          method: order.paymentMethod,
          termsDays: order.termsDays,
          document: { href: orderDocumentHref(order), name: orderDocumentName(order) },
          status: order.status,
          paidAt: order.paidAt?.toISOString() ?? null,
          dueDate: order.paymentDueDate?.toISOString() ?? null,
          refunded: order.status === "cancelled" && Boolean(order.paymentId),
          cancelled: toCents(cancelled.amount) > 0 ? fromCents(toCents(cancelled.amount)) : null,
          refundedAmount: toCents(cancelled.refunded) > 0 ? fromCents(toCents(cancelled.refunded)) : null,
        },
        cancel: mayCancel
          ? {
              orderNumber: order.orderNumber,
              seen: cancellationSeen(order.items),
              amounts: {
                subtotalAmount: order.subtotalAmount,
                discountAmount: order.discountAmount,
                taxAmount: order.taxAmount,
                totalAmount: order.totalAmount,
              },
              lines: order.items.map((item) => ({
                id: item.id,
                productSku: item.productSku,
                productName: item.productName,
                quantity: item.quantity,
                allocatedQuantity: item.allocatedQuantity,
                backorderedQuantity: item.backorderedQuantity,
                shippedQuantity: item.shippedQuantity,
                cancelledQuantity: item.cancelledQuantity,
                unitPrice: item.unitPrice,
              })),
              paidByCard: Boolean(order.paymentId),
            }
          : null,
        references: purchaseOrderDetails(order),
        shipments: await shipmentsView(order, "account"),
        partiallyShipped: shippingProgress(order.items) === "partial" && order.status !== "shipped",
        shipPromise: shipping,
        history: history.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
        ...orderItemsView(order),
        shipping: shippingAddressLines(order),
        billing: orderAddressLines(order, "billing"),
        returns: await orderReturnsView(order, "account"),
        canReturn: buyerCan(buyer, "placeOrders") && order.status !== "cancelled",
      },
    },
    { headers },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The buyer asks to return shipped lines, or cancels the order or some of its lines (docs/decisions/order-lifecycle.md). */
export function action(args: Route.ActionArgs) {
  return dispatchIntent(
    args,
    {
      cancelItems: {
        failure: "Nothing was cancelled",
        async handle(buyer, formData) {
          const input = formFields(formData, cancellationSchema);
          const { order, amount, refunded } = await cancelOrderLines(buyer, input);
          const money =
            toCents(refunded) > 0
              ? `${formatUsd(refunded)} is refunded to your card.`
              : `Your invoice goes down by ${formatUsd(amount)}.`;
          return succeeded(order.status === "cancelled" ? "Order cancelled" : "Items cancelled", money);
        },
      },
      requestReturn: {
        schema: returnRequestSchema,
        toast: "none",
        async handle(buyer, formData) {
          const parsed = parsedForm(formData, returnRequestSchema);
          if (parsed.refused) return parsed.refused;
          await requestReturn(buyer, args.params.orderNumber, parsed.value);
          return dataWithToast(
            { ok: true },
            {
              type: "success",
              title: "Return requested",
              description: "We will e-mail you an RMA number and a return authorisation once it is approved.",
            },
          );
        },
      },
    },
    { lists: ["lines"] },
  );
}

export default function AccountOrderPage({ loaderData: { order }, actionData }: Route.ComponentProps) {
  if (!order) {
    return <NotFoundPanel title="Order not found" backTo="/account" backLabel="Back to My Account" />;
  }
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <Breadcrumb crumbs={[{ label: "My Account", to: "/account" }, { label: `Order ${order.orderNumber}` }]} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-2xl font-bold break-all text-slate-950">Order {order.orderNumber}</h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="text-slate-700">
        Placed {formatLongDate(order.orderDate)}
        {order.shipPromise && <span className="font-semibold text-slate-950"> · {order.shipPromise}</span>}
      </p>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <OrderLines orderNumber={order.orderNumber} items={order.items} totals={order.totals} />
          <div className="grid gap-6 sm:grid-cols-2">
            <AddressCard title="Shipping Address" lines={order.shipping} />
            <AddressCard title="Billing Address" lines={order.billing} />
          </div>
        </div>
        <div className="space-y-6">
          {(order.shipments.length > 0 || order.partiallyShipped) && (
            <ShipmentsCard
              shipments={order.shipments}
              note={order.partiallyShipped ? `${PARTIALLY_SHIPPED}: the rest follows.` : undefined}
            />
          )}
          {order.cancel && <CancelItems {...order.cancel} />}
          {(order.returns.returns.length > 0 || (order.canReturn && order.returns.lines.length > 0)) && (
            <ReturnsCard
              view={order.returns}
              canRequest={order.canReturn}
              lastResult={(actionData as { reply?: SubmissionResult<string[]> } | undefined)?.reply}
            />
          )}
          <PaymentCard {...order.payment} />
          <ReferencesCard references={order.references} />
          <StatusHistory entries={order.history} />
        </div>
      </div>
    </div>
  );
}
