import { contentTypeOf, isMediaKey, mediaStorage } from "../../server/media/storage";
import type { Route } from "./+types/media";

/**
 * /media/{key}: a stored picture or document. Its key is made from its content, so it never changes.
 * A document opened in the browser is a file with its disposition, which gives it the sandbox every
 * file has (server/http.ts); a picture, embedded in pages, has none (its type gives it the sandbox).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const key = params.file;
  // The key names the content, so it is the file's ETag: a cache that asks again is answered
  // without reading the file (from PostgreSQL or the bucket, on a machine of several).
  const etag = `"${key}"`;
  const cached = { ETag: etag, "Cache-Control": "public, max-age=31536000, immutable" };
  if (isMediaKey(key) && request.headers.get("If-None-Match") === etag && (await mediaStorage().exists(key)))
    return new Response(null, { status: 304, headers: cached });
  const file = isMediaKey(key) ? await mediaStorage().get(key) : undefined;
  if (!file) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const contentType = file.contentType || contentTypeOf(key);
  return new Response(file.body, {
    headers: {
      ...cached,
      "Content-Type": contentType,
      "Content-Length": String(file.size),
      "X-Content-Type-Options": "nosniff",
      // The key is letters, digits, dashes and its extension: nothing to quote.
      ...(contentType.startsWith("image/") ? {} : { "Content-Disposition": `inline; filename="${key}"` }),
    },
  });
}
