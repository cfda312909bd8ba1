import { describe, expect, it } from "vitest";
import {
  chooseMove,
  invoicePayable,
  nextStatuses,
  type OrderState,
  orderMoves,
  type PaymentMethod,
  placedStatus,
  shippable,
} from "./lifecycle";
import { type OrderStatus, orderStatuses } from "./order-status";

const order = (status: OrderStatus, paymentMethod: PaymentMethod, paidAt: Date | null = null): OrderState => ({
  orderNumber: "ORD1700000000000ABCDE",
  status,
  paymentMethod,
  paidAt,
});

// Every status an admin may ask for, from each status, by payment method; anything else is refused.
// Shipped is never asked for: the shipment that ships the rest of the order makes it.
const allowed: Record<PaymentMethod, Record<OrderStatus, OrderStatus[]>> = {
  credit_card: {
    pending_payment: ["cancelled"],
    paid: ["processing", "cancelled"],
    processing: ["cancelled"],
    shipped: ["completed"],
    completed: [],
    cancelled: [],
  },
  on_terms: {
    pending_payment: ["processing", "cancelled"],
    paid: ["processing", "cancelled"],
    processing: ["cancelled"],
    shipped: ["completed"],
    completed: [],
    cancelled: [],
  },
};

const label: Record<OrderStatus, string> = {
  pending_payment: "Pending Payment",
  paid: "Paid",
  processing: "Processing",
  shipped: "Shipped",
  completed: "Completed",
  cancelled: "Cancelled",
};

const pairs = (["credit_card", "on_terms"] as const).flatMap((method) =>
  orderStatuses.flatMap((from) => orderStatuses.map((to) => [method, from, to] as const)),
);

describe("the order lifecycle's table", () => {
  it("places a card order paid and a terms order pending payment", () => {
    expect(placedStatus).toEqual({ credit_card: "paid", on_terms: "pending_payment" });
  });

  it.each(pairs)("%s: %s -> %s is allowed exactly when the table has it", (method, from, to) => {
    const choice = chooseMove(order(from, method), { on: "statusAsked", to }, "admin");
    if (allowed[method][from].includes(to)) {
      expect(choice.move).toMatchObject({ from, to });
    } else {
      expect(choice.move).toBeUndefined();
      expect(choice.refusal).toBe(`An order that is ${label[from]} cannot become ${label[to]}.`);
    }
  });

  it("moves an order by its shipments: processing while some is left, shipped by the last one", () => {
    for (const from of ["pending_payment", "paid", "processing"] as const) {
      const placed = order(from, "on_terms");
      expect(shippable(placed)).toBe(true);
      expect(chooseMove(placed, { on: "shipmentRecorded", completes: false }, "admin").move).toMatchObject({
        to: "processing",
        steps: ["recordShipment", "mailShipment", "sendShipNotice"],
      });
      expect(chooseMove(placed, { on: "shipmentRecorded", completes: true }, "admin").move).toMatchObject({
        to: "shipped",
        steps: ["recordShipment", "shippedInFull", "mailShipment", "sendShipNotice", "sendInvoice"],
      });
    }
    for (const from of ["shipped", "completed", "cancelled"] as const) {
      expect(shippable(order(from, "credit_card"))).toBe(false);
      expect(chooseMove(order(from, "credit_card"), { on: "shipmentRecorded", completes: true }, "admin")).toEqual({
        refusal: `An order that is ${label[from]} cannot ship.`,
      });
    }
    expect(shippable(order("paid", "credit_card"), "buyer")).toBe(false);
  });

  it("names both statuses in the store's words when it refuses a move", () => {
    expect(chooseMove(order("shipped", "credit_card"), { on: "statusAsked", to: "processing" }, "admin")).toEqual({
      refusal: "An order that is Shipped cannot become Processing.",
    });
    expect(chooseMove(order("pending_payment", "on_terms"), { on: "statusAsked", to: "paid" }, "admin")).toEqual({
      refusal: "An order that is Pending Payment cannot become Paid.",
    });
  });

  it("offers a screen the next statuses in the table's order: forward first, then cancel", () => {
    for (const method of ["credit_card", "on_terms"] as const)
      for (const status of orderStatuses) expect(nextStatuses(order(status, method))).toEqual(allowed[method][status]);
  });

  it("offers no move to anyone but the admin today", () => {
    for (const actor of ["buyer", "api", "job"] as const) {
      expect(nextStatuses(order("paid", "credit_card"), actor)).toEqual([]);
      expect(chooseMove(order("paid", "credit_card"), { on: "statusAsked", to: "cancelled" }, actor).refusal).toBe(
        "An order that is Paid cannot become Cancelled.",
      );
    }
  });

  it("takes the quantities off, refunds the card and returns the stock when an order is cancelled, then mails; shipping records the shipment, then mails and tells a procurement system", () => {
    for (const move of orderMoves.filter(({ to, on }) => to === "cancelled" && on !== "invoicePaid"))
      expect(move.steps).toEqual(["cancelLines", "refundCard", "returnStock", "mailCancellation"]);
    for (const move of orderMoves.filter(({ to, on }) => to === "shipped" && on === "shipmentRecorded"))
      expect(move.steps).toEqual(["recordShipment", "shippedInFull", "mailShipment", "sendShipNotice", "sendInvoice"]);
  });
});

describe("a terms invoice paid", () => {
  it("makes an order pending payment paid, and leaves a later status as it is", () => {
    expect(chooseMove(order("pending_payment", "on_terms"), { on: "invoicePaid" }, "admin").move).toMatchObject({
      from: "pending_payment",
      to: "paid",
      steps: ["markInvoicePaid"],
    });
    for (const status of ["processing", "shipped", "completed"] as const)
      expect(chooseMove(order(status, "on_terms"), { on: "invoicePaid" }, "admin").move).toMatchObject({
        from: status,
        to: status,
      });
  });

  it("is refused for a card order, an invoice already paid and a cancelled order", () => {
    const refusal = (state: OrderState) => chooseMove(state, { on: "invoicePaid" }, "admin").refusal;
    expect(refusal(order("paid", "credit_card"))).toBe("Only a Net 30 invoice can be marked paid.");
    expect(refusal(order("shipped", "on_terms", new Date()))).toBe(
      "The invoice for ORD1700000000000ABCDE is already paid.",
    );
    expect(refusal(order("cancelled", "on_terms"))).toBe("A cancelled order has no invoice to pay.");
  });

  it("is offered beside the statuses while the invoice is open, never as a status", () => {
    expect(nextStatuses(order("pending_payment", "on_terms"))).not.toContain("paid");
    expect(invoicePayable(order("pending_payment", "on_terms"))).toBe(true);
    expect(invoicePayable(order("shipped", "on_terms"))).toBe(true);
    expect(invoicePayable(order("shipped", "on_terms", new Date()))).toBe(false);
    expect(invoicePayable(order("cancelled", "on_terms"))).toBe(false);
    expect(invoicePayable(order("paid", "credit_card"))).toBe(false);
  });
});
