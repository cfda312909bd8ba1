// POST /punchout/cxml: procurement systems' cXML (PunchOutSetupRequest, OrderRequest), answered in
// cXML whatever happens (docs/punchout.md).
import { answerCxmlRequest, cxmlAnswer } from "../../server/procurement/cxml-endpoint";
import type { Route } from "./+types/punchout.cxml";

export function loader({ request }: Route.LoaderArgs) {
  return cxmlAnswer(400, "POST a cXML document here (Content-Type: text/xml).", new URL(request.url).host);
}

export function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return cxmlAnswer(400, "POST a cXML document here (Content-Type: text/xml).", new URL(request.url).host);
  return answerCxmlRequest(request);
}
