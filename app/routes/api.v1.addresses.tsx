// GET /api/v1/addresses: the company's address book, whose ids an order's shipToId names
// (docs/decisions/api.md).
import { listShipTos } from "../../server/address-book/address-book";
import { apiEndpoint, apiJson } from "../../server/api/http";
import type { Route } from "./+types/api.v1.addresses";

const endpoint = apiEndpoint({
  GET: {
    scope: "addresses:read",
    handle: async ({ caller }) => apiJson({ data: await listShipTos(caller.buyer) }),
  },
});

export const loader = (args: Route.LoaderArgs) => endpoint(args);
export const action = (args: Route.ActionArgs) => endpoint(args);
