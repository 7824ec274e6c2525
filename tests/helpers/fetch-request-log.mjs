// Loaded with `node --import` into a test server (tests/e2e/request-pass-through.test.ts): prints
// a JSON log line for every Fetch Request the process builds, with its URL, so a test can count
// how many one page request costs (ADR 0058). A Proxy rather than a subclass, so that
// `instanceof Request` holds for every request, whoever built it.
const FetchRequest = globalThis.Request;
globalThis.Request = new Proxy(FetchRequest, {
  construct(target, args, newTarget) {
    const request = Reflect.construct(target, args, newTarget);
    // Synchronous on a pipe (Linux): the line is written before the answer leaves.
    process.stdout.write(
      `${JSON.stringify({ level: "debug", msg: "fetch request built", url: request.url })}\n`,
    );
    return request;
  },
});
