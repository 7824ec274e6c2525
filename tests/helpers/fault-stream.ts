import http from "node:http";

/**
 * A form post whose body the test streams by hand: the headers and a first piece go out at
 * once, the rest when the test says (slowly, in small pieces), or never. This is how a slow
 * phone upload looks to the server, and lets a test send SIGTERM in the middle of one.
 */
export interface StreamedPost {
  /** Sends the rest of the body in `pieces` pieces, `gapMs` apart, and ends the request. */
  finish: (options?: { pieces?: number; gapMs?: number }) => Promise<void>;
  /** Settles with the answer, or with the error that ended the connection. */
  result: Promise<{ status: number; location?: string; body: string } | { error: string }>;
}

export interface FormPart {
  name: string;
  value: string | { filename: string; type: string; bytes: Uint8Array };
}

/** A multipart/form-data body (as a browser sends it) and its Content-Type. */
export function multipartBody(parts: FormPart[]): { body: Buffer; contentType: string } {
  const boundary = `----fault${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (typeof part.value === "string") {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.value.filename}"\r\nContent-Type: ${part.value.type}\r\n\r\n`,
        ),
        Buffer.from(part.value.bytes),
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Starts a POST with the full Content-Length declared and sends the first `firstBytes` of the
 * body; the rest waits for finish().
 */
export function startStreamedPost(options: {
  url: string;
  body: Buffer;
  contentType: string;
  headers?: Record<string, string>;
  firstBytes?: number;
}): StreamedPost {
  const target = new URL(options.url);
  const request = http.request({
    host: target.hostname,
    port: target.port,
    path: `${target.pathname}${target.search}`,
    method: "POST",
    agent: false,
    headers: {
      ...options.headers,
      Origin: target.origin,
      "Content-Type": options.contentType,
      "Content-Length": String(options.body.length),
    },
  });
  const result = new Promise<
    { status: number; location?: string; body: string } | { error: string }
  >((resolve) => {
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          location: response.headers.location,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      response.on("error", (error) => resolve({ error: error.message }));
    });
    request.on("error", (error) => resolve({ error: error.message }));
  });
  const first = Math.min(options.firstBytes ?? 1024, options.body.length - 1);
  request.write(options.body.subarray(0, first));
  return {
    result,
    finish: async ({ pieces = 20, gapMs = 25 } = {}) => {
      const rest = options.body.subarray(first);
      const size = Math.ceil(rest.length / pieces);
      for (let offset = 0; offset < rest.length; offset += size) {
        request.write(rest.subarray(offset, offset + size));
        await new Promise((resolve) => setTimeout(resolve, gapMs));
      }
      request.end();
    },
  };
}
