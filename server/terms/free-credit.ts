// Free credit (a terms credit memo that found no open invoice when it was issued) is spent on the
// company's next invoice once that invoice is final: when its order has shipped in full, since until
// then a cancellation could still lower it (docs/decisions/returns.md).
import { and, asc, eq, sql } from "drizzle-orm";
import { fromCents, toCents, toSignedCents } from "../../domain/money/cents";
import { applyCredit } from "../../domain/returns/returns";
import type { Transaction } from "../db/client";
import { creditMemoApplications, creditMemos, orders } from "../db/schema";
import { invoiceBalance, openCredits } from "./account-terms";

export interface FreeCreditApplied {
  /** Each memo's share, oldest memo first. */
  applied: { creditMemo: string; amount: string }[];
  /** What the invoice still owes after them (not read when there was no credit to apply). */
  owedCents: number;
}

/**
 * Applies the company's free credit to what the invoice still owes, oldest memo first, in the
 * caller's transaction. The company's terms memos are locked first, so two invoices finished at once
 * cannot spend the same credit; what is left of each is read after the lock.
 */
export async function applyFreeCredit(
  tx: Transaction,
  invoice: { id: string; companyId: string },
): Promise<FreeCreditApplied> {
  const memos = await tx
    .select({ id: creditMemos.id })
    .from(creditMemos)
    .where(and(eq(creditMemos.companyId, invoice.companyId), eq(creditMemos.paymentMethod, "on_terms")))
    .orderBy(asc(creditMemos.id))
    .for("update");
  const applied: FreeCreditApplied["applied"] = [];
  // Most companies never had a return: every order shipped in full passes here, so it stops at once.
  if (memos.length === 0) return { applied, owedCents: 0 };
  const credits = await openCredits(invoice.companyId, tx);
  if (credits.length === 0) return { applied, owedCents: 0 };
  const [row] = await tx.select({ balance: invoiceBalance }).from(orders).where(eq(orders.id, invoice.id));
  let owedCents = toSignedCents(row?.balance ?? "0");
  for (const credit of credits) {
    if (owedCents <= 0) break;
    const { appliedCents } = applyCredit(toCents(credit.unapplied), owedCents);
    if (appliedCents === 0) continue;
    const amount = fromCents(appliedCents);
    // A memo already applied in part to this invoice (its own return's) adds to that application.
    await tx
      .insert(creditMemoApplications)
      .values({ creditMemoId: credit.id, orderId: invoice.id, amount })
      .onConflictDoUpdate({
        target: [creditMemoApplications.creditMemoId, creditMemoApplications.orderId],
        set: { amount: sql`${creditMemoApplications.amount} + excluded.amount` },
      });
    applied.push({ creditMemo: credit.number, amount });
    owedCents -= appliedCents;
  }
  return { applied, owedCents };
}
