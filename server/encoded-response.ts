import type { IncomingMessage, ServerResponse } from "node:http";
import { chooseEncoding, type EncodedBody, etagMatches } from "~/lib/encoded-body.server";

export interface EncodedAnswer {
  status: number;
  headers: Iterable<[string, string]>;
  body: EncodedBody;
  /** Answer a matching If-None-Match with 304 (bodies whose ETag is meant for browsers). */
  conditional?: boolean;
}

/**
 * Writes prepared bytes straight on the Node response, in the encoding the browser prefers and
 * in one piece. It runs outside the compression middleware, which would otherwise compress
 * every answer again.
 */
export async function sendEncoded(
  req: IncomingMessage,
  res: ServerResponse,
  answer: EncodedAnswer,
): Promise<void> {
  // A name may repeat (Set-Cookie): each value is kept. The length is the encoding's, set below.
  const grouped = new Map<string, string[]>();
  for (const [name, value] of answer.headers) {
    const key = name.toLowerCase();
    if (key === "content-length") continue;
    const values = grouped.get(key);
    if (values) values.push(value);
    else grouped.set(key, [value]);
  }
  for (const [name, values] of grouped) {
    res.setHeader(name, values.length === 1 ? (values[0] as string) : values);
  }
  res.setHeader("Vary", varyWithEncoding(res.getHeader("Vary")));
  if (answer.conditional) {
    res.setHeader("ETag", answer.body.etag);
    if (etagMatches(req.headers["if-none-match"], answer.body.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const bytes = answer.body.ready(encoding) ?? (await answer.body.make(encoding));
  if (res.destroyed) return;
  res.statusCode = answer.status;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", bytes.length);
  res.end(req.method === "HEAD" ? undefined : bytes);
}

function varyWithEncoding(vary: number | string | string[] | undefined): string {
  const names = (Array.isArray(vary) ? vary.join(",") : String(vary ?? ""))
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === "accept-encoding")) {
    names.push("Accept-Encoding");
  }
  return names.join(", ");
}
