import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "~/lib/log.server";
import { METRICS_CONTENT_TYPE, renderMetrics } from "~/lib/metrics.server";
import { sendPlain } from "./fetch-adapter";

/**
 * Where Prometheus scrapes (ADR 0074): `/metrics` on the listener of METRICS_PORT (loopback by
 * default, started by server/main.js), or on the app's port for a bearer of METRICS_TOKEN. With
 * neither set, `/metrics` is an ordinary unknown page.
 */
export const METRICS_PATH = "/metrics";

function sendMetrics(req: IncomingMessage, res: ServerResponse): void {
  renderMetrics().then(
    (text) => {
      res.statusCode = 200;
      res.setHeader("Content-Type", METRICS_CONTENT_TYPE);
      res.setHeader("Cache-Control", "no-store");
      res.end(req.method === "HEAD" ? undefined : text);
    },
    (error: unknown) => {
      log.error({ err: error }, "metrics not rendered");
      sendPlain(res, 500, "Métricas indisponíveis.");
    },
  );
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** "Authorization: Bearer <token>", compared in constant time. */
function bearerIs(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? "";
  const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length).trim() : "";
  return given !== "" && timingSafeEqual(digest(given), digest(token));
}

/** `/metrics` on the app's port, when METRICS_TOKEN is set. */
export function serveMetricsForBearer(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
): void {
  if (req.method !== "GET" && req.method !== "HEAD") {
    sendPlain(res, 405, "Método não permitido.", { Allow: "GET, HEAD" });
  } else if (!bearerIs(req, token)) {
    sendPlain(res, 401, "Informe o token das métricas.", { "WWW-Authenticate": "Bearer" });
  } else {
    sendMetrics(req, res);
  }
}

/** The METRICS_PORT listener: `/metrics` and nothing else. */
export function handleMetricsListener(req: IncomingMessage, res: ServerResponse): void {
  const pathname = (req.url ?? "").split("?")[0];
  if (pathname !== METRICS_PATH) sendPlain(res, 404, "Página não encontrada.");
  else if (req.method !== "GET" && req.method !== "HEAD") {
    sendPlain(res, 405, "Método não permitido.", { Allow: "GET, HEAD" });
  } else sendMetrics(req, res);
}
