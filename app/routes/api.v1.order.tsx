// GET /api/v1/orders/{orderNumber}: one of the company's orders (docs/decisions/api.md).
import { apiEndpoint, apiJson } from "../../server/api/http";
import { findApiOrder } from "../../server/api/orders";
import type { Route } from "./+types/api.v1.order";

const endpoint = apiEndpoint({
  GET: {
    scope: "orders:read",
    handle: async ({ caller, params }) => apiJson(await findApiOrder(caller, params.orderNumber ?? "")),
  },
});

export const loader = (args: Route.LoaderArgs) => endpoint(args);
export const action = (args: Route.ActionArgs) => endpoint(args);
