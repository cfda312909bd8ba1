// A member's contract prices on the shared catalogue pages (docs/decisions/buyers-pages.md): the
// page shows list prices to everyone; once the buyer's own request has said who is signed in, one
// request for the page's parts (GET /api/prices) fills in their company's prices.
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { MAX_PRICE_PARTS } from "../../domain/pricing/member-prices";
import { Price, UnitPrice } from "./price";
import { useSignedInUser } from "./root-data";

export interface MemberPrice {
  price: string;
  listPrice: string;
}

export interface MemberPrices {
  /** By part number: only parts whose contract price is below list (and tier) for one unit. */
  prices: Record<string, MemberPrice>;
  message?: string;
}

const none: Record<string, MemberPrice> = {};

/** The signed-in member's prices for `partNumbers`; empty for a visitor, and until they arrive. */
export function useMemberPrices(partNumbers: readonly string[]): Record<string, MemberPrice> {
  const user = useSignedInUser();
  const { load, data } = useFetcher<MemberPrices>();
  const parts = partNumbers.slice(0, MAX_PRICE_PARTS).join(",");
  const signedIn = user?.email;
  useEffect(() => {
    if (signedIn && parts) load(`/api/prices?parts=${encodeURIComponent(parts)}`);
  }, [signedIn, parts, load]);
  return (signedIn && data?.prices) || none;
}

/** A product's price of one unit: the list price, or the member's price with the list price struck through. */
export function ShelfPrice({
  price,
  member,
  className,
}: {
  price: string;
  member: MemberPrice | undefined;
  className?: string;
}) {
  if (!member) return <Price amount={price} className={className} />;
  return (
    <span className={className} data-member-price>
      <UnitPrice amount={member.price} listAmount={member.listPrice} />
    </span>
  );
}
