// GET /api/v1/products: the catalogue, filtered, sorted and a page at a time, open to visitors
// (docs/decisions/catalogue-api.md); with a company's key, at that company's prices.
import { ApiProblem, openApiEndpoint } from "../../server/api/http";
import { parseProductParams } from "../../server/api/product-params";
import { answerProducts, countVisitorCall } from "../../server/api/products";
import type { Route } from "./+types/api.v1.products";

const endpoint = openApiEndpoint({
  GET: {
    scope: "catalog:read",
    async handle({ request, caller, address }) {
      // A key's calls are counted against the key (server/api/api-keys.ts); a visitor's against their address.
      if (!caller) await countVisitorCall(address);
      const params = parseProductParams(new URL(request.url).searchParams);
      if (!params.ok)
        throw new ApiProblem(400, "invalid_parameter", params.problem.message, { field: params.problem.param });
      return answerProducts(request, params.value, caller);
    },
  },
});

export const loader = (args: Route.LoaderArgs) => endpoint(args);
export const action = (args: Route.ActionArgs) => endpoint(args);
