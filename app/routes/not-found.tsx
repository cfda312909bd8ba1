import { NotFound } from "../components/not-found";

/** Every unknown path answers with HTTP 404 and the 404 page. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
