import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { orderStatusChangeSchema } from "../../../domain/admin/admin-schemas";
import { hazmatShippingNote } from "../../../domain/catalog/hazards";
import { formatLongDate } from "../../../domain/dates/dates";
import { formatUsd } from "../../../domain/money/format";
import { shippable } from "../../../domain/orders/lifecycle";
import { orderStatusLabel } from "../../../domain/orders/order-status";
import { purchaseOrderDetails } from "../../../domain/orders/purchase-order";
import { PARTIALLY_SHIPPED, readyToShip, shipmentSchema, shippingProgress } from "../../../domain/orders/shipments";
import { termsName } from "../../../domain/terms/terms";
import { requireAdmin } from "../../../server/accounts/session";
import { findOrderForAdmin } from "../../../server/admin/orders";
import { hazmatTransports } from "../../../server/catalog/products/hazmat";
import type { SignedInUser } from "../../../server/context";
import { StoreError } from "../../../server/errors";
import { dispatchIntent, type FormIntent, formFields } from "../../../server/form-intents";
import { cancelledTotals } from "../../../server/orders/cancellations";
import { moveOrder } from "../../../server/orders/lifecycle";
import { orderAddressLines, orderItemsView, shippingAddressLines } from "../../../server/orders/messages";
import { recordShipment, shipmentsView } from "../../../server/orders/shipments";
import { orderReturnsView } from "../../../server/returns/returns";
import { markInvoicePaid } from "../../../server/terms/invoices";
import { dataWithToast } from "../../../server/toast";
import { AddressCard } from "../../components/address-card";
import { RecordShipment } from "../../components/admin/record-shipment";
import { OrderStatusBadge } from "../../components/order-status-badge";
import { OrderItems } from "../../components/orders/order-items";
import { ReturnsList } from "../../components/orders/order-returns";
import { ShipmentsCard } from "../../components/orders/shipments-card";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Dialog, DialogCancel, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import type { Route } from "./+types/order";

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Order ${params.orderNumber} | Admin | Cascade Industrial Supply` }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  requireAdmin({ context });
  const order = await findOrderForAdmin(params.orderNumber);
  if (!order) throw new Response(`There is no order ${params.orderNumber}.`, { status: 404 });
  const hazmat = await hazmatTransports(order.items.flatMap((item) => (item.productId ? [item.productId] : [])));
  return {
    orderNumber: order.orderNumber,
    orderDate: order.orderDate.toISOString(),
    status: order.status,
    next: order.next,
    invoicePayable: order.invoicePayable,
    paymentMethod: order.paymentMethod,
    paymentId: order.paymentId,
    paidAt: order.paidAt?.toISOString() ?? null,
    // Less than the total once a buyer paid part of the invoice online.
    balance: order.balance,
    paymentDueDate: order.paymentDueDate?.toISOString() ?? null,
    cancelled: await cancelledTotals(order.id),
    shipments: await shipmentsView(order, "admin"),
    returns: (await orderReturnsView(order, "admin")).returns,
    progress: shippingProgress(order.items),
    linesToShip: shippable(order)
      ? order.items
          .filter((item) => readyToShip(item) > 0)
          .map((item) => ({
            id: item.id,
            productName: item.productName,
            productSku: item.productSku,
            quantity: item.quantity - item.cancelledQuantity,
            shipped: item.shippedQuantity,
            ready: readyToShip(item),
            backordered: item.backorderedQuantity,
            shipping: hazmatShippingNote(item.productId ? hazmat.get(item.productId) : undefined),
          }))
      : [],
    termsDays: order.termsDays,
    invoiceNumber: order.invoiceNumber,
    contact: { name: `${order.firstName} ${order.lastName}`, email: order.email, phone: order.phone },
    purchaseOrder: purchaseOrderDetails(order),
    shipping: shippingAddressLines(order),
    billing: orderAddressLines(order, "billing"),
    ...orderItemsView(order),
  };
}

/** The page's forms: an invoice marked paid, a shipment recorded, or the order moved to another status. */
const intents: Record<string, FormIntent<SignedInUser>> = {
  "mark-paid": {
    failure: "Failed to update the order",
    async handle(admin, _formData, { params }) {
      await markInvoicePaid(admin.id, String(params.orderNumber));
      return dataWithToast({ ok: true }, { type: "success", title: "Invoice marked paid" });
    },
  },
  ship: {
    failure: "The shipment was not recorded",
    async handle(admin, formData, { params }) {
      const orderNumber = String(params.orderNumber);
      const order = await recordShipment(admin.id, orderNumber, formFields(formData, shipmentSchema));
      return dataWithToast(
        { ok: true },
        {
          type: "success",
          title:
            order.status === "shipped"
              ? `Order ${orderNumber} has shipped in full`
              : `Shipment recorded; order ${orderNumber} is ${PARTIALLY_SHIPPED.toLowerCase()}`,
        },
      );
    },
  },
  status: {
    failure: "Failed to update the order",
    async handle(admin, formData, { params }) {
      const orderNumber = String(params.orderNumber);
      const parsed = orderStatusChangeSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new StoreError("Invalid", "Choose a status the order can move to.");
      const order = await moveOrder({ actor: "admin", id: admin.id }, orderNumber, {
        on: "statusAsked",
        to: parsed.data.status,
      });
      return dataWithToast(
        { ok: true },
        { type: "success", title: `Order ${orderNumber} is now ${orderStatusLabel(order?.status ?? "")}` },
      );
    },
  },
};

export function action(args: Route.ActionArgs) {
  return dispatchIntent(args, intents, { as: "admin", lists: ["lines"] });
}

export default function AdminOrderPage({ loaderData: order }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  // Shipping is recorded by shipments, below; the other forward moves are buttons.
  const forward = order.next.filter((status) => status !== "cancelled" && status !== "shipped");
  const unpaidInvoice = order.invoicePayable;
  return (
    <div className="max-w-5xl">
      <p className="text-sm">
        <Link to="/admin/orders" className="text-brand-700 underline">
          All orders
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-2xl font-bold text-slate-950">Order {order.orderNumber}</h1>
        <OrderStatusBadge status={order.status} />
        {order.progress === "partial" && order.status !== "shipped" && (
          <span className="text-sm font-semibold text-slate-800">{PARTIALLY_SHIPPED}</span>
        )}
      </div>
      <p className="mt-1 text-slate-700">
        Placed {formatLongDate(order.orderDate)} ·{" "}
        {order.paymentMethod === "on_terms"
          ? `${termsName(order.termsDays ?? 30)}, invoice ${order.invoiceNumber}, ${order.paidAt ? `paid ${formatLongDate(order.paidAt)}` : `due ${order.paymentDueDate ? formatLongDate(order.paymentDueDate) : ""}${order.balance !== order.totals.total ? `, ${formatUsd(order.balance)} of ${formatUsd(order.totals.total)} still owed` : ""}`}`
          : `Card${order.paymentId ? ` (${order.paymentId})` : ""}`}
        {Number(order.cancelled.amount) > 0 &&
          ` · ${formatUsd(order.cancelled.amount)} cancelled${Number(order.cancelled.refunded) > 0 ? `, ${formatUsd(order.cancelled.refunded)} refunded` : ""}`}
      </p>

      <section aria-labelledby="actions-heading" className="mt-6 flex flex-wrap gap-2">
        <h2 id="actions-heading" className="sr-only">
          Actions
        </h2>
        {forward.map((status) => (
          <Form method="post" key={status}>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="status" value={status} />
            <Button type="submit" disabled={busy}>
              Mark as {orderStatusLabel(status)}
            </Button>
          </Form>
        ))}
        {unpaidInvoice && (
          <Form method="post">
            <input type="hidden" name="intent" value="mark-paid" />
            <Button type="submit" variant="accent" disabled={busy}>
              Mark Invoice Paid
            </Button>
          </Form>
        )}
        {/* Once something has shipped, only what has not can be cancelled (by the buyer), never the order. */}
        {order.next.includes("cancelled") && order.progress === "none" && (
          <CancelOrder paidByCard={Boolean(order.paymentId)} busy={busy} />
        )}
        {order.next.length === 0 && !unpaidInvoice && order.linesToShip.length === 0 && (
          <p className="text-sm text-slate-700">This order is {orderStatusLabel(order.status)}; nothing more to do.</p>
        )}
      </section>

      <div className="mt-6 grid gap-6 md:grid-cols-3">
        <Card>
          <CardContent className="py-5 text-sm">
            <h2 className="text-lg font-semibold text-slate-950">Contact</h2>
            <p className="mt-2">{order.contact.name}</p>
            <p>
              <a href={`mailto:${order.contact.email}`} className="text-brand-700 underline">
                {order.contact.email}
              </a>
            </p>
            <p>{order.contact.phone}</p>
            {order.purchaseOrder.length > 0 && (
              <dl className="mt-3">
                {order.purchaseOrder.map(({ label, value }) => (
                  <div key={label}>
                    <dt className="inline font-medium text-slate-950">{label}: </dt>
                    <dd className="inline">{value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </CardContent>
        </Card>
        <AddressCard title="Shipping Address" lines={order.shipping} />
        <AddressCard title="Billing Address" lines={order.billing} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {order.linesToShip.length > 0 && <RecordShipment key={order.shipments.length} lines={order.linesToShip} />}
        <ShipmentsCard shipments={order.shipments} />
      </div>

      {order.returns.length > 0 && (
        <Card className="mt-6">
          <CardContent className="py-5 text-sm">
            <h2 className="text-lg font-semibold text-slate-950">Returns</h2>
            <ReturnsList returns={order.returns} admin />
          </CardContent>
        </Card>
      )}

      <OrderItems title="Items" items={order.items} totals={order.totals} dense className="mt-6" />
    </div>
  );
}

function CancelOrder({ paidByCard, busy }: { paidByCard: boolean; busy: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="destructive" disabled={busy} onClick={() => setOpen(true)}>
        Cancel Order
      </Button>
      <DialogContent>
        <DialogTitle>Cancel this order?</DialogTitle>
        <DialogDescription>
          The items go back into stock{paidByCard ? " and what is left of the card payment is refunded" : ""}. This
          cannot be undone.
        </DialogDescription>
        <Form method="post" onSubmit={() => setOpen(false)} className="mt-4 flex justify-end gap-2">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="status" value="cancelled" />
          <DialogCancel>Keep Order</DialogCancel>
          <Button type="submit" variant="destructive">
            Cancel Order
          </Button>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
