// The default Node entry, plus the CSP nonce on every script React Router renders.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { isSharedPage } from "../domain/catalog/shared-pages";
import { nonceContext, pageFailureContext } from "../server/context";
import { waitedForConnection } from "../server/db/retry";
import { NonceProvider } from "./components/nonce";
import { holdScriptsUntilPaint } from "./lib/hydration-after-paint.server";

export const streamTimeout = 5_000;

/** React Router's own handling (the error to the console, unless the buyer went away), and the pool's refusal told to the HTTP layer. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (waitedForConnection(error)) {
    const failure = context.get(pageFailureContext);
    if (failure) failure.poolBusy = true;
  }
  console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);
  const userAgent = request.headers.get("user-agent");
  // Crawlers get the whole page at once; people get the shell first, then the rest streams in.
  const readyOption: keyof RenderToPipeableStreamOptions =
    (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The catalogue's pages, where buyers land, paint before their JavaScript runs; the pages
          // of forms (sign-in, checkout, account) hydrate at once (docs/decisions/hydration-after-paint.md).
          if (isSharedPage(new URL(request.url).pathname)) {
            const held = holdScriptsUntilPaint();
            held.pipe(body);
            pipe(held);
          } else {
            pipe(body);
          }
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
