// GET /api/v1/orders: the company's orders; POST: place one on its terms, once per Idempotency-Key
// (docs/decisions/api.md).
import { pageQuerySchema, queryObject } from "../../server/api/catalog";
import { apiEndpoint, apiJson, apiText, readJson, validationProblem } from "../../server/api/http";
import { idempotencyKeyOf, listApiOrders, orderBodySchema, placeApiOrder } from "../../server/api/orders";
import type { Route } from "./+types/api.v1.orders";

const endpoint = apiEndpoint({
  GET: {
    scope: "orders:read",
    async handle({ request, caller }) {
      const query = pageQuerySchema.safeParse(queryObject(new URL(request.url), ["page", "perPage"]));
      if (!query.success) throw validationProblem(query.error);
      return apiJson(await listApiOrders(caller, query.data));
    },
  },
  POST: {
    scope: "orders:write",
    async handle({ request, caller }) {
      const key = idempotencyKeyOf(request);
      const body = orderBodySchema.safeParse(await readJson(request));
      if (!body.success) throw validationProblem(body.error);
      const answer = await placeApiOrder(caller, key, body.data);
      const orderNumber = (JSON.parse(answer.body) as { orderNumber: string }).orderNumber;
      return apiText(answer.body, answer.status, {
        Location: `/api/v1/orders/${orderNumber}`,
        ...(answer.replayed ? { "Idempotent-Replayed": "true" } : {}),
      });
    },
  },
});

export const loader = (args: Route.LoaderArgs) => endpoint(args);
export const action = (args: Route.ActionArgs) => endpoint(args);
