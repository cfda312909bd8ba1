// Any other path under /api/v1: a JSON 404 naming where the API is described, for every method.
import { ApiProblem, problemResponse } from "../../server/api/http";

const notFound = () =>
  problemResponse(
    new ApiProblem(404, "not_found", "There is no such endpoint. The API is described at /api/v1/openapi.json."),
  );

export const loader = notFound;
export const action = notFound;
