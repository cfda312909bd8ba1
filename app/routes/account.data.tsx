import { exportAccountData } from "../../server/accounts/account-data";
import { requireBuyer } from "../../server/accounts/session";
import type { Route } from "./+types/account.data";

/** 'Download my data': everything the store holds about the signed-in buyer, as a JSON file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const buyer = requireBuyer({ request, context });
  const data = await exportAccountData(buyer);
  const day = data.exportedAt.toISOString().slice(0, 10);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="cascade-account-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
