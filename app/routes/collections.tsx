import { redirect } from "react-router";
import { NotFound } from "../components/not-found";
import type { Route } from "./+types/collections";

// The old storefront's collection links, still printed on the home page and in buyers' bookmarks.
// A Map, so that a slug such as "constructor" or "__proto__" finds nothing.
const destinations = new Map([
  ["cutting-tools", "/category/cutting-tools"],
  ["safety", "/category/safety"],
  ["chemicals", "/category/chemicals"],
  ["electrical", "/category/electrical"],
  ["gloves", "/category/safety/gloves"],
  ["shop", "/shop"],
]);

export function loader({ params }: Route.LoaderArgs) {
  const to = destinations.get(params.slug);
  if (!to) throw new Response("Not Found", { status: 404 });
  return redirect(to, 301);
}

export function ErrorBoundary() {
  return <NotFound />;
}
