import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, ServerRouter } from "react-router";
import { log } from "~/lib/log.server";
import { NonceProvider } from "~/lib/nonce";
import { PreparedHtmlContext } from "~/lib/prepared-html";
import { documentCsp, newNonce } from "~/lib/security-headers.server";
import { PageSink, wholeBodyResponse } from "~/lib/whole-body.server";
import { createPreparedHtmlStore } from "~/web/prepared-html-store.server";

export const streamTimeout = 5_000;

/** Cards and other parts rendered once and reused across pages (docs/decisions/0059). */
const preparedHtml = createPreparedHtmlStore();

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const nonce = newNonce();
  responseHeaders.set("Content-Security-Policy", documentCsp(nonce, { dev: import.meta.env.DEV }));
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    // No route suspends past its loaders, so the whole page is ready at once: it is gathered in
    // one buffer and answered whole, rather than passed chunk by chunk through a Node stream and
    // a web stream (issue 17: that bridge cost about a seventh of a rendered page's CPU).
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    let shellRendered = false;
    const body = new PageSink(
      (page) => {
        clearTimeout(timeoutId);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(wholeBodyResponse(page, { headers: responseHeaders, status: responseStatusCode }));
      },
      (error) => {
        clearTimeout(timeoutId);
        reject(error);
      },
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <PreparedHtmlContext.Provider value={preparedHtml}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PreparedHtmlContext.Provider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          // React's `pipe` calls only write, end, destroy and on (PageSink's tests).
          pipe(body as unknown as NodeJS.WritableStream);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are logged by handleError below.
          if (shellRendered)
            log.error({ err: error, path: new URL(request.url).pathname }, "render failed");
        },
      },
    );
  });
}
/** Server-side errors are logged here, once; the person only ever sees the error boundary. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  log.error(
    { err: error, method: request.method, path: new URL(request.url).pathname },
    "request failed",
  );
};
