// GET /api/v1/products: the catalogue, a page at a time (docs/decisions/api.md).

import { listProducts, pageQuerySchema, queryObject } from "../../server/api/catalog";
import { apiEndpoint, apiJson, validationProblem } from "../../server/api/http";
import type { Route } from "./+types/api.v1.products";

const endpoint = apiEndpoint({
  async GET({ request }) {
    const query = pageQuerySchema.safeParse(queryObject(new URL(request.url), ["page", "perPage"]));
    if (!query.success) throw validationProblem(query.error);
    return apiJson(await listProducts(query.data));
  },
});

export const loader = (args: Route.LoaderArgs) => endpoint(args);
export const action = (args: Route.ActionArgs) => endpoint(args);
