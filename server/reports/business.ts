// The business over time, for the admin's Reports page and a company's Insights: sales by day and
// week, orders by status, what is owed by age, the parts and companies that buy most, and a
// company's spend by month and category. Sales are every order not cancelled (a terms order is a
// sale when placed), counted on the store's calendar. A SUM of a money column (numeric(12,2)) is
// already dollars with two decimals.
import { and, count, desc, eq, gte, isNotNull, lt, ne, type SQL, sql, sum } from "drizzle-orm";
import { addDays, type Day, STORE_TIME_ZONE, storeDay } from "../../domain/dates/dates";
import { startOfStoreDay } from "../../domain/dates/store-day-bounds";
import { type OrderStatus, orderStatuses } from "../../domain/orders/order-status";
import { endOfPeriods, fillPeriods, lastPeriods, type Period } from "../../domain/reports/periods";
import { agingTotals } from "../../domain/terms/statement";
import { agingBucket, daysPastDue } from "../../domain/terms/terms";
import { type Buyer, inBuyersCompany } from "../companies/buyer";
import { db } from "../db/client";
import { categories, companies, orderItems, orders, products } from "../db/schema";
import { openCredits, openInvoices } from "../terms/account-terms";

export interface PeriodTotal {
  start: Day;
  total: string;
  orders: number;
}

const notCancelled = ne(orders.status, "cancelled");

/**
 * The first day of the order's period on the store's calendar, as YYYY-MM-DD. Written into the SQL,
 * not bound (both are the store's own constants): the GROUP BY must be the select's very expression.
 */
const periodOf = (period: Period) =>
  sql<string>`to_char(date_trunc('${sql.raw(period)}', ${orders.orderDate} at time zone '${sql.raw(STORE_TIME_ZONE)}'), 'YYYY-MM-DD')`;

/** Sales per period for the last `count` periods (zero where there were none), for `scope`'s orders. */
async function salesBy(period: Period, howMany: number, today: Day, scope?: SQL): Promise<PeriodTotal[]> {
  const starts = lastPeriods(today, period, howMany);
  const start = periodOf(period);
  const rows = await db()
    .select({ start, total: sum(orders.totalAmount).mapWith(String), orders: count() })
    .from(orders)
    .where(
      and(
        notCancelled,
        gte(orders.orderDate, startOfStoreDay(starts[0] as Day)),
        lt(orders.orderDate, startOfStoreDay(endOfPeriods(starts, period))),
        scope,
      ),
    )
    .groupBy(start);
  return fillPeriods(starts, rows, { total: "0.00", orders: 0 });
}

export interface Ranked {
  label: string;
  detail: string;
  total: string;
}

/** The admin's Reports: each figure over the store's calendar as of `now`. */
export async function businessReport(now = new Date()) {
  const today = storeDay(now);
  const since = startOfStoreDay(addDays(today, -89));
  const [daily, weekly, statuses, open, credits, topParts, topCompanies] = await Promise.all([
    salesBy("day", 30, today),
    salesBy("week", 12, today),
    db().select({ status: orders.status, orders: count() }).from(orders).groupBy(orders.status),
    openInvoices(null),
    openCredits(null),
    db()
      .select({
        sku: orderItems.productSku,
        name: orderItems.productName,
        quantity: sum(orderItems.quantity).mapWith(Number),
        total: sum(orderItems.totalPrice).mapWith(String),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(notCancelled, gte(orders.orderDate, since)))
      .groupBy(orderItems.productSku, orderItems.productName)
      .orderBy(desc(sum(orderItems.totalPrice)), orderItems.productSku)
      .limit(10),
    db()
      .select({
        name: companies.name,
        accountNumber: companies.accountNumber,
        orders: count(),
        total: sum(orders.totalAmount).mapWith(String),
      })
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .where(and(notCancelled, gte(orders.orderDate, since)))
      .groupBy(companies.id, companies.name, companies.accountNumber)
      .orderBy(desc(sum(orders.totalAmount)), companies.accountNumber)
      .limit(10),
  ]);
  const byStatus = new Map(statuses.map((row) => [row.status, row.orders]));
  return {
    daily,
    weekly,
    statuses: orderStatuses.map((status: OrderStatus) => ({ status, orders: byStatus.get(status) ?? 0 })),
    aging: agingTotals([
      // A part-paid invoice ages by what it still owes; free credit from returns is current, and negative.
      ...open.map((invoice) => ({
        total: invoice.balance,
        bucket: agingBucket(daysPastDue(invoice.dueDate, today)),
      })),
      ...credits.map((credit) => ({ total: `-${credit.unapplied}`, bucket: "current" as const })),
    ]),
    topParts: topParts.map(
      (part): Ranked => ({
        label: part.name,
        detail: `${part.sku ?? "No SKU"} · ${part.quantity.toLocaleString("en-US")} units`,
        total: part.total,
      }),
    ),
    topCompanies: topCompanies.map(
      (company): Ranked => ({
        label: company.name ?? company.accountNumber,
        detail: `${company.accountNumber} · ${company.orders.toLocaleString("en-US")} orders`,
        total: company.total,
      }),
    ),
  };
}

/**
 * A company's spend over the last 12 months, all of it and the viewer's own (against their monthly
 * limit), and by category; a customer without a company sees their own.
 */
export async function companySpend(buyer: Buyer, now = new Date()) {
  const today = storeDay(now);
  const company = inBuyersCompany(orders.companyId, buyer);
  const months = lastPeriods(today, "month", 12);
  const since = startOfStoreDay(months[0] as Day);
  const [all, own, byCategory] = await Promise.all([
    salesBy("month", 12, today, company),
    salesBy("month", 12, today, eq(orders.userId, buyer.userId)),
    db()
      .select({
        name: sql<string>`coalesce(${categories.name}, 'Other')`,
        total: sum(orderItems.totalPrice).mapWith(String),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(categories, eq(categories.slug, products.category))
      .where(and(notCancelled, company, gte(orders.orderDate, since), isNotNull(orderItems.totalPrice)))
      .groupBy(categories.name)
      .orderBy(desc(sum(orderItems.totalPrice)))
      .limit(12),
  ]);
  return {
    months: all.map((month, index) => ({ ...month, own: own[index]?.total ?? "0.00" })),
    monthlyLimit: buyer.monthlyLimit,
    orderLimit: buyer.orderLimit,
    byCategory: byCategory.map((row) => ({ label: row.name, total: row.total })),
  };
}
