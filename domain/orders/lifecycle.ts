// An order's life (docs/decisions/order-lifecycle.md): the status it is placed in, every move between
// statuses by payment method, who may make each and the effect steps it runs. The admin's order page
// asks it which moves to offer; server/orders/lifecycle.ts asks it which move to allow, and runs the steps.
import { type OrderStatus, orderStatusLabel } from "./order-status";

// Paying by card, or on the account's terms, whatever their length (orders.terms_days). The checkout
// form's choice keeps the value the specification gives it, 'net_30' (domain/orders/checkout-schema.ts).
export const paymentMethods = ["credit_card", "on_terms"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** Who moves an order: the store's admin, a buyer, a company's purchasing system, or the store itself. */
export type Actor = "admin" | "buyer" | "api" | "job";

/**
 * What makes a move: someone asks for the order's next status, its terms invoice is recorded paid,
 * a shipment of some of its lines is recorded, or a buyer cancels some or all of what has not shipped.
 */
export type MoveTrigger = "statusAsked" | "invoicePaid" | "shipmentRecorded" | "linesCancelled";

/**
 * The effects a move has beside its new status, run in the listed order by server/orders/lifecycle.ts.
 * Every move also writes its status history row and its audit entry.
 */
export type MoveStep =
  | "refundCard"
  | "returnStock"
  | "recordShipment"
  | "mailShipment"
  | "shippedInFull"
  | "markInvoicePaid"
  | "cancelLines"
  | "mailCancellation"
  | "sendShipNotice"
  | "sendInvoice";

export interface OrderMove {
  from: OrderStatus;
  to: OrderStatus;
  on: MoveTrigger;
  paidBy: readonly PaymentMethod[];
  by: readonly Actor[];
  steps: readonly MoveStep[];
}

/** The status an order is written in: a card order once its payment succeeded, a terms order awaiting payment. */
export const placedStatus: Record<PaymentMethod, OrderStatus> = { credit_card: "paid", on_terms: "pending_payment" };

const anyPayment = paymentMethods;
const onTerms = ["on_terms"] as const;
const admin = ["admin"] as const;
// An order that came from a procurement system's OrderRequest also tells that system of each shipment
// and, once it has shipped in full, of its invoice (docs/punchout.md); for any other order those steps do nothing.
const ship = ["recordShipment", "mailShipment", "sendShipNotice"] as const;
const shipLast = ["recordShipment", "shippedInFull", "mailShipment", "sendShipNotice", "sendInvoice"] as const;
// The quantities come off the lines first; the refund is of their share, the stock of what they took.
const cancel = ["cancelLines", "refundCard", "returnStock", "mailCancellation"] as const;
const cancelLastShipped = [...cancel, "shippedInFull", "sendInvoice"] as const;
const buyer = ["buyer"] as const;
const invoice = ["markInvoicePaid"] as const;
// The admin records a payment that came in by cheque or transfer; a buyer pays online by card.
const payers = ["admin", "buyer"] as const;

/**
 * Every allowed move. A terms order may be processed and shipped before its invoice is paid; a card
 * order is paid from the start. An order ships by its shipments: one that leaves something to ship
 * makes it processing (partially shipped is read from its lines), the one that ships the rest makes
 * it shipped, and a terms invoice's due date counts from then. Completed and cancelled orders stay as they are. A
 * terms invoice paid makes an order pending payment paid and leaves a later one where it is.
 * Asked-for moves are listed in the order the admin's order page offers them.
 */
export const orderMoves: readonly OrderMove[] = [
  { from: "pending_payment", to: "processing", on: "statusAsked", paidBy: onTerms, by: admin, steps: [] },
  { from: "paid", to: "processing", on: "statusAsked", paidBy: anyPayment, by: admin, steps: [] },
  ...(["pending_payment", "paid", "processing"] as const).flatMap((from): OrderMove[] => [
    { from, to: "processing", on: "shipmentRecorded", paidBy: anyPayment, by: admin, steps: ship },
    { from, to: "shipped", on: "shipmentRecorded", paidBy: anyPayment, by: admin, steps: shipLast },
  ]),
  { from: "shipped", to: "completed", on: "statusAsked", paidBy: anyPayment, by: admin, steps: [] },
  { from: "pending_payment", to: "cancelled", on: "statusAsked", paidBy: anyPayment, by: admin, steps: cancel },
  { from: "paid", to: "cancelled", on: "statusAsked", paidBy: anyPayment, by: admin, steps: cancel },
  { from: "processing", to: "cancelled", on: "statusAsked", paidBy: anyPayment, by: admin, steps: cancel },
  // A buyer cancels what has not shipped: with nothing left the order is cancelled, with only shipped
  // quantities left it has shipped in full, else it stays where it was.
  ...(["pending_payment", "paid", "processing"] as const).flatMap((from): OrderMove[] => [
    { from, to: "cancelled", on: "linesCancelled", paidBy: anyPayment, by: buyer, steps: cancel },
    { from, to: from, on: "linesCancelled", paidBy: anyPayment, by: buyer, steps: cancel },
  ]),
  { from: "processing", to: "shipped", on: "linesCancelled", paidBy: anyPayment, by: buyer, steps: cancelLastShipped },
  { from: "pending_payment", to: "paid", on: "invoicePaid", paidBy: onTerms, by: payers, steps: invoice },
  { from: "processing", to: "processing", on: "invoicePaid", paidBy: onTerms, by: payers, steps: invoice },
  { from: "shipped", to: "shipped", on: "invoicePaid", paidBy: onTerms, by: payers, steps: invoice },
  { from: "completed", to: "completed", on: "invoicePaid", paidBy: onTerms, by: payers, steps: invoice },
];

/** What of an order its moves depend on. */
export interface OrderState {
  orderNumber: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paidAt: Date | null;
}

/**
 * A shipment asks for shipped when it ships all that is left of the order, else for processing. A
 * cancellation says what it leaves: nothing, only what has shipped, or something still to ship.
 */
export type MoveAsk =
  | { on: "statusAsked"; to: OrderStatus }
  | { on: "invoicePaid" }
  | { on: "shipmentRecorded"; completes: boolean }
  | { on: "linesCancelled"; leaves: "nothing" | "shipped" | "open" };

export type MoveChoice = { move: OrderMove; refusal?: undefined } | { move?: undefined; refusal: string };

const movesOf = (order: Pick<OrderState, "status" | "paymentMethod">, on: MoveTrigger, actor: Actor) =>
  orderMoves.filter(
    (move) =>
      move.from === order.status &&
      move.on === on &&
      move.paidBy.includes(order.paymentMethod) &&
      move.by.includes(actor),
  );

/** The statuses `actor` may ask for next, in the order a screen offers them. */
export function nextStatuses(order: Pick<OrderState, "status" | "paymentMethod">, actor: Actor = "admin") {
  return movesOf(order, "statusAsked", actor).map((move) => move.to);
}

/** Whether `actor` may record a shipment of the order (it is placed and neither shipped nor cancelled). */
export function shippable(order: Pick<OrderState, "status" | "paymentMethod">, actor: Actor = "admin") {
  return movesOf(order, "shipmentRecorded", actor).length > 0;
}

/** Whether `actor` may record the order's terms invoice paid: the screen's other offer beside the statuses. */
export function invoicePayable(order: OrderState, actor: Actor = "admin") {
  return chooseMove(order, { on: "invoicePaid" }, actor).move !== undefined;
}

/** Why an order cannot move from one status to another, in the words the admin reads. */
export function refusedMove(from: OrderStatus, to: OrderStatus): string {
  return `An order that is ${orderStatusLabel(from)} cannot become ${orderStatusLabel(to)}.`;
}

function cancelRefused(status: OrderStatus): string {
  if (status === "cancelled") return "This order is cancelled already.";
  if (status === "shipped" || status === "completed")
    return `An order that is ${orderStatusLabel(status)} cannot be cancelled. Once a line has shipped, it can only be returned.`;
  return `An order that is ${orderStatusLabel(status)} cannot be cancelled.`;
}

/** Whether `actor` may cancel some of the order: it is placed and neither shipped in full nor cancelled. */
export function cancellable(order: Pick<OrderState, "status" | "paymentMethod">, actor: Actor = "buyer") {
  return movesOf(order, "linesCancelled", actor).length > 0;
}

/** The move `actor` asks for, or why the order cannot make it. */
export function chooseMove(order: OrderState, ask: MoveAsk, actor: Actor): MoveChoice {
  if (ask.on === "statusAsked") {
    const move = movesOf(order, "statusAsked", actor).find((candidate) => candidate.to === ask.to);
    return move ? { move } : { refusal: refusedMove(order.status, ask.to) };
  }
  if (ask.on === "shipmentRecorded") {
    const to = ask.completes ? "shipped" : "processing";
    const move = movesOf(order, "shipmentRecorded", actor).find((candidate) => candidate.to === to);
    return move ? { move } : { refusal: `An order that is ${orderStatusLabel(order.status)} cannot ship.` };
  }
  if (ask.on === "linesCancelled") {
    const to = ask.leaves === "nothing" ? "cancelled" : ask.leaves === "shipped" ? "shipped" : order.status;
    const move = movesOf(order, "linesCancelled", actor).find((candidate) => candidate.to === to);
    return move ? { move } : { refusal: cancelRefused(order.status) };
  }
  if (order.paymentMethod !== "on_terms") return { refusal: "Only a Net 30 invoice can be marked paid." };
  if (order.paidAt) return { refusal: `The invoice for ${order.orderNumber} is already paid.` };
  const [move] = movesOf(order, "invoicePaid", actor);
  return move
    ? { move }
    : { refusal: `A ${orderStatusLabel(order.status).toLowerCase()} order has no invoice to pay.` };
}
