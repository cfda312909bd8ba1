// GET /api/v1/prices?parts=A,B&quantity=N: what the key's company pays (docs/decisions/api.md).
import { priceList, pricesQuerySchema, queryObject } from "../../server/api/catalog";
import { apiEndpoint, apiJson, validationProblem } from "../../server/api/http";
import type { Route } from "./+types/api.v1.prices";

const endpoint = apiEndpoint({
  GET: {
    scope: "catalog:read",
    async handle({ request, caller }) {
      const query = pricesQuerySchema.safeParse(queryObject(new URL(request.url), ["parts", "quantity"]));
      if (!query.success) throw validationProblem(query.error);
      return apiJson(await priceList(query.data, caller.buyer));
    },
  },
});

export const loader = (args: Route.LoaderArgs) => endpoint(args);
export const action = (args: Route.ActionArgs) => endpoint(args);
