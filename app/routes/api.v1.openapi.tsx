// GET /api/v1/openapi.json: the API's description, open to anyone (it holds no company's data).
import { ApiProblem, problemResponse } from "../../server/api/http";
import { openApiDocument } from "../../server/api/openapi";

export const loader = () =>
  new Response(JSON.stringify(openApiDocument(), null, 2), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });

export const action = () =>
  problemResponse(new ApiProblem(405, "method_not_allowed", "The API's description is read with GET."), {
    Allow: "GET",
  });
