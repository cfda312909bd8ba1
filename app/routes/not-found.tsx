import { NotFound } from "../components/not-found";

/** Every unknown path answers with HTTP 404 and the 404 page, whatever the method. */
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

export const action = loader;

export default function NotFoundRoute() {
  return <NotFound />;
}
