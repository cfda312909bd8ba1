// The return mails to the buyer who asked (docs/decisions/returns.md): the request received, the
// approval with the Return Authorisation's link, the refusal with its reason, and the credit memo.
import { formatLongDate } from "../../domain/dates/dates";
import { formatUsd } from "../../domain/money/format";
import { creditMemoHref, returnAuthorisationHref, returnReasonLabels } from "../../domain/returns/returns";
import { config } from "../config";
import type { Mail } from "../mail/mailer";
import type { MailBlock } from "../mail/templates/blocks";
import { composeMail, storeUrl } from "../mail/templates/compose";
import { recordedLineItem } from "../orders/messages";
import type { ReturnView } from "./view";

const linesBlock = (view: ReturnView): MailBlock => ({
  type: "items",
  items: view.lines.map(recordedLineItem),
});

const orderLink = (view: ReturnView, type: "link" | "button" = "link"): MailBlock => ({
  type,
  label: "View your order",
  href: storeUrl(`/account/orders/${view.orderNumber}`),
});

export function returnRequestedMessage(view: ReturnView, to: string): Promise<Mail> {
  return composeMail({
    to,
    subject: `We received your return request for order ${view.orderNumber}`,
    blocks: [
      { type: "title", text: "Your return request is in" },
      {
        type: "paragraph",
        text: "We will review it within 1-2 business days and e-mail you an RMA number and a return authorisation, or tell you why we cannot accept it. Please do not send the parts before then.",
      },
      {
        type: "facts",
        facts: [
          ["Order Number", view.orderNumber],
          ["Requested", formatLongDate(view.requestedAt)],
          ["Reason", returnReasonLabels[view.reason]],
        ],
      },
      ...(view.note ? [{ type: "quote", text: view.note } as const] : []),
      { type: "heading", text: "Parts to Return" },
      linesBlock(view),
      orderLink(view, "button"),
    ],
  });
}

export function returnApprovedMessage(view: ReturnView, to: string): Promise<Mail> {
  const rma = view.rmaNumber ?? "";
  return composeMail({
    to,
    subject: `Return approved: ${rma} for order ${view.orderNumber}`,
    blocks: [
      { type: "title", text: "Your return is approved" },
      {
        type: "paragraph",
        text: `Write ${rma} on every box, pack a copy of the return authorisation inside, and ship the parts to the address below.`,
      },
      {
        type: "facts",
        facts: [
          ["RMA Number", rma],
          ["Order Number", view.orderNumber],
        ],
      },
      { type: "button", label: "Download the return authorisation", href: storeUrl(returnAuthorisationHref(rma)) },
      { type: "heading", text: "Ship Returns To" },
      { type: "lines", lines: [...config().STORE_RETURN_TO, `Attn: ${rma}`] },
      { type: "heading", text: "Parts to Return" },
      linesBlock(view),
      orderLink(view),
    ],
  });
}

export function returnRefusedMessage(view: ReturnView, to: string): Promise<Mail> {
  return composeMail({
    to,
    subject: `Your return request for order ${view.orderNumber} was not accepted`,
    blocks: [
      { type: "title", text: "We cannot accept this return" },
      { type: "paragraph", text: "Please keep the parts. The reason we were given:" },
      { type: "quote", text: view.refusalReason ?? "" },
      { type: "heading", text: "Parts You Asked to Return" },
      linesBlock(view),
      { type: "paragraph", text: "Questions? Reply to this e-mail or call us with the order number." },
      orderLink(view, "button"),
    ],
  });
}

export function returnReceivedMessage(view: ReturnView, to: string): Promise<Mail> {
  const memo = view.creditMemo;
  if (!memo) throw new Error("A received return without its credit memo.");
  const where =
    memo.paymentMethod === "credit_card"
      ? `${formatUsd(memo.refundedAmount)} has been refunded to your card. It may take 5-10 business days to appear.`
      : `${formatUsd(memo.amount)} is credited to your account and lowers your balance.`;
  return composeMail({
    to,
    subject: `Credit memo ${memo.number}: your return ${view.rmaNumber ?? ""} arrived`,
    blocks: [
      { type: "title", text: "Your return arrived" },
      { type: "paragraph", text: where },
      {
        type: "facts",
        facts: [
          ["Credit Memo", memo.number],
          ["RMA Number", view.rmaNumber ?? ""],
          ["Order Number", view.orderNumber],
          ["Credit Total", formatUsd(memo.amount)],
        ],
      },
      linesBlock(view),
      { type: "button", label: `Download credit memo ${memo.number}`, href: storeUrl(creditMemoHref(memo.number)) },
      ...(memo.paymentMethod === "on_terms"
        ? [{ type: "link", label: "See your credit centre", href: storeUrl("/account/credit") } as const]
        : []),
      orderLink(view),
    ],
  });
}
