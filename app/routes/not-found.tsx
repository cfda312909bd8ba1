import { NotFound } from "../components/not-found";

export function meta() {
  return [{ title: "Page not found | Cascade Industrial Supply" }];
}

/** Every unknown path answers with HTTP 404 and the 404 page. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
