import { merchantFeed } from "../../server/catalog/pages/merchant-feed";
import { config } from "../../server/config";

/** /feeds/google-merchant.xml: every active part for Google Merchant Center, streamed as it is read. */
export async function loader() {
  return new Response(await merchantFeed(config().PUBLIC_URL), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      // Read afresh each time: the feed follows the catalogue, and Merchant Center fetches it on its own schedule.
      "Cache-Control": "no-cache",
    },
  });
}
