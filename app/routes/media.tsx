import { contentTypeOf, isMediaKey, mediaStorage } from "../../server/media/storage";
import type { Route } from "./+types/media";

/** /media/{key}: a stored picture or document. Its key is made from its content, so it never changes. */
export async function loader({ params }: Route.LoaderArgs) {
  const key = params.file;
  const file = isMediaKey(key) ? await mediaStorage().get(key) : undefined;
  if (!file) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType || contentTypeOf(key),
      "Content-Length": String(file.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
