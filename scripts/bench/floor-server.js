// The benchmark's React floor: a bare Node `http` server that renders, for every request, the
// React element tree of a page the app answered (floor-markup.js, parsed once at start), with
// the app's compression middleware and nothing else: no router, no loaders, no database, no
// security headers. FLOOR_MODE=string renders with renderToString, FLOOR_MODE=stream with
// renderToPipeableStream, as the app's entry.server.tsx does. Like hello-server.js, it runs in
// its own process (forked by floor.ts), with NODE_ENV=production for React's production build.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import compression from "compression";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { documentElement } from "./floor-markup.js";

const mode = process.env.FLOOR_MODE;
if (mode !== "string" && mode !== "stream") throw new Error("FLOOR_MODE must be string or stream");
const tree = documentElement(readFileSync(String(process.env.FLOOR_HTML), "utf8"));
// The app's own setting (server/app.ts).
const compress = compression({ threshold: 1024 });

/** @type {(res: import("node:http").ServerResponse) => void} */
const renderString = (res) => {
  // renderToString writes no doctype; the app's stream does (React adds it for an <html> root).
  const html = `<!DOCTYPE html>${renderToString(tree)}`;
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  res.end(html);
};

/** @type {(res: import("node:http").ServerResponse) => void} */
const renderStream = (res) => {
  const { pipe } = renderToPipeableStream(tree, {
    // React outlines a finished Suspense boundary of more than 500 bytes once the bytes flushed
    // pass progressiveChunkSize (12 800 by default), adding a template and a script to move it
    // in place. The app's boundaries (React Router's data scripts) reach its stream inline, so
    // the floor turns outlining off: its stream is then the app's markup byte for byte.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onShellReady() {
      res.statusCode = 200;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      pipe(res);
    },
    onShellError(error) {
      res.statusCode = 500;
      res.end(String(error));
    },
  });
};

const render = mode === "string" ? renderString : renderStream;
createServer((req, res) => {
  compress(/** @type {never} */ (req), /** @type {never} */ (res), () => render(res));
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("listening"));
