// The benchmark's baseline: the cheapest useful Node HTTP server, on the same machine and Node
// as the app, so each page's numbers can be read against what this host does at all.
import { createServer } from "node:http";

const body = "hello world";
createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/plain", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("listening"));
