// A buyer's price list: their company's contract prices in force on the day and its approved
// tax-exempt certificates (docs/decisions/contract-prices.md, tax-exemption.md). A visitor, or an
// account of no company, has none. Read once per request for a buyer; an order's transaction reads
// it again with its own executor, so a rule ended or a certificate rejected since the page was
// shown no longer applies to the order.

import type { ExemptionCertificate } from "../../domain/companies/tax-exemption";
import { storeDay } from "../../domain/dates/dates";
import type { ContractRule } from "../../domain/pricing/contract";
import type { Buyer } from "../companies/buyer";
import { contractRulesOf } from "../companies/contract-prices";
import { certificatesOf } from "../companies/tax-certificates";
import type { Database } from "../db/client";

export interface PriceList {
  contractRules: ContractRule[];
  certificates: ExemptionCertificate[];
}

const none: PriceList = { contractRules: [], certificates: [] };

// Per buyer (one per request) and store day: the header's cart, the checkout's loader and its
// summary then share one read.
const perRequest = new WeakMap<Buyer, Map<string, Promise<PriceList>>>();

/** The buyer's price list on `now`'s store day; inside a transaction (`executor`), read afresh. */
export function priceListOf(buyer: Buyer | null, now: Date, executor?: Database): Promise<PriceList> {
  const companyId = buyer?.company?.id;
  if (!buyer || !companyId) return Promise.resolve(none);
  if (executor) return readPriceList(companyId, now, executor);
  const day = storeDay(now);
  const read = perRequest.get(buyer) ?? new Map<string, Promise<PriceList>>();
  perRequest.set(buyer, read);
  const known = read.get(day);
  if (known) return known;
  const list = readPriceList(companyId, now);
  read.set(day, list);
  // A failed read is not kept: the next caller asks again.
  list.catch(() => read.delete(day));
  return list;
}

async function readPriceList(companyId: string, now: Date, executor?: Database): Promise<PriceList> {
  // Inside a transaction, one after the other (one connection); otherwise at once.
  if (executor)
    return {
      contractRules: await contractRulesOf(companyId, now, executor),
      certificates: await certificatesOf(companyId, executor),
    };
  const [contractRules, certificates] = await Promise.all([contractRulesOf(companyId, now), certificatesOf(companyId)]);
  return { contractRules, certificates };
}
