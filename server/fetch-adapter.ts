import { once } from "node:events";
import {
  type IncomingMessage,
  type ServerResponse,
  validateHeaderName,
  validateHeaderValue,
} from "node:http";
import { COMPRESSION_THRESHOLD, EncodedBody } from "~/lib/encoded-body.server";
import { log } from "~/lib/log.server";
import { wholeBodyOf } from "~/lib/whole-body.server";
import { sendEncoded } from "./encoded-response";

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
 * Bodies up to this size are gathered and answered in one piece: a page is rendered whole (no
 * Suspense boundaries stream later). Larger bodies stream with backpressure, through the
 * compression middleware.
 */
const ONE_PIECE_LIMIT = 1024 * 1024;

/**
 * Writes a Fetch Response on the Node response. A page the app built whole (wholeBodyResponse)
 * is taken as it is; any other body that fits in ONE_PIECE_LIMIT is gathered first. Whole text
 * worth compressing goes out as an EncodedBody, compressed in one pass on the thread pool in the
 * encoding the browser prefers (sendWhole; ADR 0061: the streaming middleware's encoder per
 * answer made V8 run a full collection every few hundred milliseconds). Other bodies are written as they are, in one piece up to the limit and streamed
 * with backpressure beyond it. A client that goes away mid-answer ends the stream quietly; a
 * header the app built wrongly becomes a plain 500 instead of an exception on the socket.
 */
export async function sendFetchResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
): Promise<void> {
  if (!headersNodeAccepts(response.headers)) {
    await response.body?.cancel().catch(() => undefined);
    sendPlain(res, 500, UNEXPECTED_ERROR_MESSAGE);
    return;
  }
  const built = req.method === "HEAD" ? undefined : wholeBodyOf(response);
  if (built) {
    await sendWhole(req, res, response, built);
    return;
  }
  const reader = response.body && req.method !== "HEAD" ? response.body.getReader() : undefined;
  if (!reader) {
    await response.body?.cancel().catch(() => undefined);
    res.writeHead(response.status, headerList(response.headers));
    res.end();
    return;
  }
  const gathered: Uint8Array[] = [];
  let gatheredBytes = 0;
  let whole = false;
  try {
    while (gatheredBytes < ONE_PIECE_LIMIT) {
      const { done, value } = await reader.read();
      if (done) {
        whole = true;
        break;
      }
      gathered.push(value);
      gatheredBytes += value.byteLength;
    }
  } catch (error) {
    failedStream(res, error);
    return;
  }
  if (res.destroyed) {
    await reader.cancel().catch(() => undefined);
    return;
  }
  const body = Buffer.concat(gathered, gatheredBytes);
  if (whole) {
    await sendWhole(req, res, response, body);
    return;
  }
  res.writeHead(response.status, headerList(response.headers));
  await streamTheRest(res, body, reader);
}

/**
 * A body known whole: text worth compressing goes out as an EncodedBody, compressed in one pass
 * in the encoding the browser prefers; anything else in one piece. Either way with its length:
 * without one, the compression middleware (which sees the headers before the body) cannot tell a
 * 200-byte answer from a large one, and compressed every small answer, chunked, through an
 * encoder of its own.
 */
async function sendWhole(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
  body: Buffer,
): Promise<void> {
  if (worthCompressing(response, body.length)) {
    await sendEncoded(req, res, {
      status: response.status,
      headers: response.headers,
      body: new EncodedBody(body, "single"),
    });
    return;
  }
  const rawHeaders = headerList(response.headers, "content-length");
  rawHeaders.push("Content-Length", String(body.length));
  res.writeHead(response.status, rawHeaders);
  res.end(body.length > 0 ? body : undefined);
}

/** The headers as Node's writeHead takes them (name, value, name, value), without `leave`. */
function headerList(headers: Headers, leave?: string): string[] {
  const list: string[] = [];
  for (const [name, value] of headers) if (name !== leave) list.push(name, value);
  return list;
}

/** Node refuses some header values the Fetch API allows (control characters): a plain 500 then. */
function headersNodeAccepts(headers: Headers): boolean {
  try {
    for (const [name, value] of headers) {
      validateHeaderName(name);
      validateHeaderValue(name, value);
    }
    return true;
  } catch (error) {
    log.error({ err: error }, "response headers refused");
    return false;
  }
}

async function streamTheRest(
  res: ServerResponse,
  first: Buffer,
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<void> {
  try {
    if (!res.write(first)) await Promise.race([once(res, "drain"), once(res, "close")]);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      if (!res.write(value)) {
        await Promise.race([once(res, "drain"), once(res, "close")]);
      }
    }
    res.end();
  } catch (error) {
    failedStream(res, error);
  }
}

/** The render failed (logged by the app) or the client is gone: the connection is dropped. */
function failedStream(res: ServerResponse, error: unknown): void {
  if (!res.destroyed) log.error({ err: error }, "response stream failed");
  res.destroy();
}

/** Text (pages, turbo-stream data, JSON, CSV, SVG) large enough to gain, not yet encoded. */
function worthCompressing(response: Response, length: number): boolean {
  if (length < COMPRESSION_THRESHOLD) return false;
  if (response.headers.has("content-encoding")) return false;
  if (/\bno-transform\b/i.test(response.headers.get("cache-control") ?? "")) return false;
  const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  return (
    !!type &&
    (type.startsWith("text/") ||
      /^application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml))$/.test(type) ||
      type === "image/svg+xml")
  );
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
