/**
 * Responses whose body the app built whole, in one buffer (a rendered page: React's output
 * gathered before the answer starts), remembered with that buffer, so the server writes the
 * bytes it already has instead of reading them back through the Response's web stream (issue 17:
 * the stream's reader, its reads and the copy cost a rendered page about as much as its security
 * headers). The Response keeps its ordinary body: code that reads it, or wraps it in a new
 * Response, sees the same bytes, and the server then reads the stream as for any other answer.
 */
const wholeBodies = new WeakMap<Response, Buffer<ArrayBuffer>>();

/**
 * A Response of `body`, whose bytes the server can take without reading its stream. The body is
 * a stream that hands over `body` itself when read: a Response made from the buffer copies it
 * into a new ArrayBuffer (about 90 µs for an 80 kB page, most of it the collections that the
 * copies' external memory brings on, against 15 µs).
 */
export function wholeBodyResponse(body: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(body);
      controller.close();
    },
  });
  const response = new Response(stream, init);
  wholeBodies.set(response, body);
  return response;
}

/** The bytes `response` was built with by wholeBodyResponse, while nothing has read its body. */
export function wholeBodyOf(response: Response): Buffer<ArrayBuffer> | undefined {
  return response.bodyUsed ? undefined : wholeBodies.get(response);
}

/**
 * What React's renderToPipeableStream writes a page into when the whole page is wanted at once:
 * the few methods `pipe` calls, without a Node stream's buffering and callbacks for each of the
 * ~50 writes of a page. React writes its own 4 kB views (never reused once written) and strings
 * longer than 1 365 characters (prepared parts, ADR 0059).
 */
export class PageSink {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;

  constructor(
    private readonly onEnd: (body: Buffer<ArrayBuffer>) => void,
    private readonly onFail: (error: unknown) => void,
  ) {}

  write(chunk: Uint8Array | string): boolean {
    const buffer =
      typeof chunk === "string"
        ? Buffer.from(chunk)
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.chunks.push(buffer);
    this.bytes += buffer.length;
    return true;
  }

  end(): void {
    this.onEnd(Buffer.concat(this.chunks, this.bytes));
  }

  destroy(error?: unknown): void {
    this.onFail(error ?? new Error("page render aborted"));
  }

  /** React listens for "drain", "error" and "close"; a sink that never refuses a write has none. */
  on(): this {
    return this;
  }
}
