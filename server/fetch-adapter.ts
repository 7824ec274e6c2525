import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "~/lib/log.server";

/**
 * Node's request and response as the Fetch API objects React Router speaks, and back. Written
 * here rather than taken from @mjackson/node-fetch-server because that adapter builds the URL and
 * the Request outside any `try` (an invalid Host or method ended the process), streamed bodies
 * without backpressure, and aborted every request's signal when its connection closed, finished
 * or not. The request target has been checked (server/request-target.ts) and the body read
 * within its route's limits (server/request-body.ts) before this runs.
 */

/** docs/spec.md section 8's "anything else" text, for what goes wrong outside the app. */
export const UNEXPECTED_ERROR_MESSAGE = "Ocorreu um erro inesperado. Tente novamente.";

export class MalformedRequestError extends Error {
  override name = "MalformedRequestError";
}

/**
 * The Fetch Request for a checked URL and an already-read body. Its signal aborts when the
 * client goes away before the answer is complete, never after. `withoutCookies` leaves the
 * Cookie header out (a page rendered alike for every signed-in person, ADR 0053).
 */
export function toFetchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: Buffer | undefined,
  { withoutCookies = false }: { withoutCookies?: boolean } = {},
): Request {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  try {
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i] as string;
      if (withoutCookies && name.toLowerCase() === "cookie") continue;
      headers.append(name, req.rawHeaders[i + 1] as string);
    }
    return new Request(url, {
      method: req.method,
      headers,
      body:
        body && req.method !== "GET" && req.method !== "HEAD"
          ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength)
          : undefined,
      signal: controller.signal,
    });
  } catch (error) {
    // A header Node's parser allows but the Fetch API does not (rare, always the client's doing).
    throw new MalformedRequestError((error as Error).message);
  }
}

/**
 * Bodies up to this size are gathered and written in one piece: a page is rendered whole (no
 * Suspense boundaries stream later), and each separate write costs the compression middleware a
 * step of its own (about 25 writes for the directory). Larger bodies stream with backpressure.
 */
const ONE_PIECE_LIMIT = 1024 * 1024;

/**
 * Writes a Fetch Response on the Node response: the headers, then the body (in one piece up to
 * ONE_PIECE_LIMIT, streamed with backpressure beyond it). A client that goes away mid-answer ends
 * the stream quietly; a header the app built wrongly becomes a plain 500 instead of an exception
 * on the socket.
 */
export async function sendFetchResponse(
  res: ServerResponse,
  response: Response,
  method: string | undefined,
): Promise<void> {
  const rawHeaders: string[] = [];
  for (const [name, value] of response.headers) rawHeaders.push(name, value);
  try {
    res.writeHead(response.status, rawHeaders);
  } catch (error) {
    log.error({ err: error }, "response headers refused");
    await response.body?.cancel().catch(() => undefined);
    sendPlain(res, 500, UNEXPECTED_ERROR_MESSAGE);
    return;
  }
  if (!response.body || method === "HEAD") {
    await response.body?.cancel().catch(() => undefined);
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const gathered: Uint8Array[] = [];
  let gatheredBytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      // Below the limit the piece is kept; the one that reaches it goes out with the rest.
      if (gatheredBytes < ONE_PIECE_LIMIT) {
        gathered.push(value);
        gatheredBytes += value.byteLength;
        if (gatheredBytes < ONE_PIECE_LIMIT) continue;
      }
      const piece = gathered.length > 0 ? Buffer.concat(gathered.splice(0)) : value;
      if (!res.write(piece)) {
        await Promise.race([once(res, "drain"), once(res, "close")]);
      }
    }
    res.end(gathered.length > 0 ? Buffer.concat(gathered) : undefined);
  } catch (error) {
    // The render failed after the headers left (logged by the app), or the client is gone.
    if (!res.destroyed) log.error({ err: error }, "response stream failed");
    res.destroy();
  }
}

/** A short plain-text answer for what goes wrong outside the app (no stack, no markup). */
export function sendPlain(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = status;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.end(`${message}\n`);
}
