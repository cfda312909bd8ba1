// A product's stock as its page tells it: in stock with same-day shipping, or out of stock with the
// operator's lead time (or "contact us") and, for a signed-in buyer, an e-mail when it is back; a
// back-orderable part says it may be ordered past its stock (docs/decisions/back-orders.md).
// Same-day shipping is promised only for what is on the shelf (docs/decisions/product-page.md).
import { Clock, Truck } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import type { ProductStatus } from "../../../domain/catalog/product-input";
import { isBuyable } from "../../../domain/catalog/product-status";
import { canBackorder } from "../../../domain/orders/backorderable";
import { formatNumber } from "../../../domain/text/numbers";
import type { BackInStockResponse } from "../../routes/api.back-in-stock";
import { useSignedInUser, useStoreContact } from "../root-data";
import { Button } from "../ui/button";

interface AvailabilityProps {
  productId: string;
  status: ProductStatus;
  stockLevel: number;
  leadTimeDays: number | null;
  backorderable: boolean;
  /** Where signing in brings the visitor back to: this page. */
  signInTo: string;
}

export function Availability({
  productId,
  status,
  stockLevel,
  leadTimeDays,
  backorderable,
  signInTo,
}: AvailabilityProps) {
  if (!isBuyable(status))
    return (
      <p className="mt-4 font-semibold text-red-700">
        Discontinued. This part can no longer be ordered; ask us for a replacement.
      </p>
    );
  if (stockLevel > 0)
    return (
      <>
        <p className="mt-4 font-semibold text-green-800">{`In Stock (${formatNumber(stockLevel)} available)`}</p>
        <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
          <Truck className="size-4 shrink-0" aria-hidden="true" />
          Same-day shipping on stock items ordered before 3PM EST
        </p>
        {canBackorder({ backorderable, leadTimeDays }) && <LeadTime days={leadTimeDays} backorderable />}
      </>
    );
  return (
    <>
      <p className="mt-4 font-semibold text-red-700">Out of Stock</p>
      <LeadTime days={leadTimeDays} backorderable={canBackorder({ backorderable, leadTimeDays })} />
      <BackInStockRequest productId={productId} signInTo={signInTo} />
    </>
  );
}

function LeadTime({ days, backorderable = false }: { days: number | null; backorderable?: boolean }) {
  const { email } = useStoreContact();
  const businessDays = `${days} business ${days === 1 ? "day" : "days"}`;
  return (
    <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
      <Clock className="size-4 shrink-0" aria-hidden="true" />
      {backorderable ? (
        `Available on back-order: lead time ${businessDays}`
      ) : days !== null ? (
        `Lead time: ${businessDays} to restock`
      ) : (
        <span>
          Lead time: please{" "}
          <a href={`mailto:${email}`} className="font-semibold text-brand-700 underline">
            contact us
          </a>
        </span>
      )}
    </p>
  );
}

/** The buyer's own standing, asked apart from the shared page once we know who they are. */
function BackInStockRequest({ productId, signInTo }: { productId: string; signInTo: string }) {
  const user = useSignedInUser();
  const fetcher = useFetcher<BackInStockResponse>();
  const { load } = fetcher;
  const signedIn = Boolean(user);
  useEffect(() => {
    if (signedIn) load(`/api/back-in-stock/${productId}`);
  }, [load, productId, signedIn]);

  if (user === undefined) return null;
  if (user === null)
    return (
      <p className="mt-3 text-sm text-slate-700">
        <Link
          to={`/auth?redirectTo=${encodeURIComponent(signInTo)}`}
          className="font-semibold text-brand-700 underline"
        >
          Sign in
        </Link>{" "}
        to be e-mailed when it is back in stock.
      </p>
    );
  const answer = fetcher.data;
  return (
    <div className="mt-3 space-y-2">
      {answer?.waiting && !answer.message ? (
        <p className="text-sm text-slate-700">We will e-mail you once when it is back in stock.</p>
      ) : (
        !answer?.waiting && (
          <fetcher.Form method="post" action={`/api/back-in-stock/${productId}`}>
            <Button type="submit" variant="outline" disabled={fetcher.state !== "idle" || !answer}>
              E-mail me when it is back in stock
            </Button>
          </fetcher.Form>
        )
      )}
      <p role="status" className="text-sm text-slate-700">
        {answer?.message}
      </p>
    </div>
  );
}
