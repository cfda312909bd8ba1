// A signed-in member's own prices for the parts a shared page shows (docs/decisions/buyers-pages.md):
// the page is the same for everyone, and this request, for this browser alone, fills in the
// company's contract prices after it loads.
import { data } from "react-router";
import { MAX_PRICE_PARTS } from "../../domain/pricing/member-prices";
import { currentUser, requireBuyer } from "../../server/accounts/session";
import { memberPrices } from "../../server/pricing/member-prices";
import type { MemberPrices } from "../components/member-prices";
import type { Route } from "./+types/api.prices";

const personal = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = currentUser(context);
  if (!user)
    return data<MemberPrices>(
      { prices: {}, message: "Sign in to see your prices." },
      { status: 401, headers: personal },
    );
  const parts = [
    ...new Set(
      (new URL(request.url).searchParams.get("parts") ?? "")
        .split(",")
        .map((part) => part.trim())
        .filter((part) => part !== "" && part.length <= 64),
    ),
  ];
  if (parts.length > MAX_PRICE_PARTS)
    return data<MemberPrices>(
      { prices: {}, message: `Ask for at most ${MAX_PRICE_PARTS} parts at once.` },
      { status: 400, headers: personal },
    );
  return data<MemberPrices>(
    { prices: await memberPrices(requireBuyer({ request, context }), parts) },
    { headers: personal },
  );
}
