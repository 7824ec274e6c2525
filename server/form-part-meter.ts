/**
 * Measures the parts of a form body while it streams in (issue 39; ADR 0071), so that one part
 * over its limit is refused as soon as it passes it, before the body is gathered or parsed: a
 * 30 MB text field posted where photos are accepted used to be gathered whole and parsed into
 * a 30 MB string. It parses nothing else: the whole form is still read by the Fetch API's
 * `formData()` once the body is complete and accepted.
 * - urlencoded: each `name=value` pair (the bytes between two `&`) is a text part;
 * - multipart: each part's content, between its headers and the next boundary line, is a file
 *   part when its Content-Disposition names a `filename`, a text part otherwise; a part's
 *   headers are bounded too.
 * busboy-style parsers report an oversize text field only when it ends (they truncate it
 * meanwhile), which is after the whole 30 MB arrived; hence this meter.
 */
export interface PartLimits {
  /** Bytes of one text field (encoded as sent). */
  textBytes: number;
  /** Bytes of one file's content. */
  fileBytes: number;
}

export type PartProblem = "text" | "file" | "headers";

/** Feeds chunks in order; returns the first problem found (feed nothing after it). */
export type PartMeter = (chunk: Buffer) => PartProblem | null;

const HEADER_LIMIT = 16 * 1024;
const HEADERS_END = Buffer.from("\r\n\r\n");

export function partMeter(contentType: string, limits: PartLimits): PartMeter {
  const type = contentType.toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) return urlencodedMeter(limits);
  if (type.startsWith("multipart/form-data")) {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    const value = boundary?.[1] ?? boundary?.[2];
    if (value) return multipartMeter(value, limits);
  }
  // Not a form: the form reading refuses it with its own message.
  return () => null;
}

function urlencodedMeter(limits: PartLimits): PartMeter {
  let pair = 0;
  return (chunk) => {
    let from = 0;
    for (let at = chunk.indexOf(0x26); at !== -1; at = chunk.indexOf(0x26, from)) {
      pair += at - from;
      if (pair > limits.textBytes) return "text";
      pair = 0;
      from = at + 1;
    }
    pair += chunk.length - from;
    return pair > limits.textBytes ? "text" : null;
  };
}

function multipartMeter(boundary: string, limits: PartLimits): PartMeter {
  // Every delimiter is CRLF "--" boundary; the body's first one has no CRLF before it, so the
  // meter starts as if one had been read.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let state: "content" | "headers" = "content";
  let isFile = false;
  let size = 0;
  let pending: Buffer = Buffer.from("\r\n");

  const overLimit = (): PartProblem | null =>
    size > (isFile ? limits.fileBytes : limits.textBytes) ? (isFile ? "file" : "text") : null;

  return (chunk) => {
    let window = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    pending = Buffer.alloc(0);
    while (window.length > 0) {
      if (state === "content") {
        const at = window.indexOf(delimiter);
        if (at === -1) {
          // All but a possible start of the delimiter is content.
          const keep = Math.min(window.length, delimiter.length - 1);
          size += window.length - keep;
          pending = Buffer.from(window.subarray(window.length - keep));
          return overLimit();
        }
        size += at;
        const problem = overLimit();
        if (problem) return problem;
        state = "headers";
        window = window.subarray(at + delimiter.length);
      } else {
        const end = window.indexOf(HEADERS_END);
        if (end === -1) {
          if (window.length > HEADER_LIMIT) return "headers";
          pending = Buffer.from(window);
          return null;
        }
        if (end > HEADER_LIMIT) return "headers";
        isFile = /filename\*?=/i.test(window.subarray(0, end).toString("latin1"));
        size = 0;
        state = "content";
        window = window.subarray(end + HEADERS_END.length);
      }
    }
    return null;
  };
}
