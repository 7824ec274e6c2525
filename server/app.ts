import type { IncomingMessage, ServerResponse } from "node:http";
import * as build from "virtual:react-router/server-build";
import compression from "compression";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { env } from "~/config/env.server";
import {
  closeDatabase,
  databaseTargetFromEnv,
  openDatabase,
  pingDatabase,
} from "~/db/client.server";
import { startMailer, stopMailer } from "~/email/mailer.server";
import { registerOutboxMetrics } from "~/email/outbox-metrics.server";
import { startMoveNotices } from "~/events/event-notices.server";
import { GEO_CACHE_CONTROL } from "~/geo/cache";
import { geographyAnswer } from "~/geo/geo-response.server";
import { startHoursDueReminders } from "~/hours/hours-due.server";
import { startHousekeeping } from "~/jobs/housekeeping.server";
import { startScheduledBackups } from "~/jobs/scheduled-backups.server";
import { withAfterResponse } from "~/lib/after-response.server";
import { COMPRESSION_THRESHOLD } from "~/lib/encoded-body.server";
import { log } from "~/lib/log.server";
import { httpRequestDuration, httpRequests } from "~/lib/metrics.server";
import { READ_ONLY_MESSAGE } from "~/lib/refuse-writes.server";
import { RESOURCE_CSP } from "~/lib/security-headers.server";
import { startParticipationReminders } from "~/participation/participation-reminders.server";
import { seedDemoDataIfEmpty } from "~/seed/demo-seed.server";
import { clientContext, sharedMemberPageContext } from "~/web/request-context.server";
import { createClientAddress, rateLimitNetwork } from "./client-ip";
import { sendEncoded } from "./encoded-response";
import {
  MalformedRequestError,
  sendFetchResponse,
  sendPlain,
  toFetchRequest,
  UNEXPECTED_ERROR_MESSAGE,
} from "./fetch-adapter";
import { METRICS_PATH, serveMetricsForBearer } from "./metrics-endpoint";
import { type CacheablePage, cacheablePage, PageCache } from "./page-cache";
import {
  type BodyRefusal,
  bodyLimitFor,
  declaredBodyProblem,
  LARGEST_BODY_BYTES,
  readBody,
} from "./request-body";
import { ALLOW_HEADER, checkRequestTarget } from "./request-target";
import { createRouteLabeller, methodLabel } from "./route-label";
import { createStaticHandler } from "./static-files";

/**
 * The HTTP pipeline around React Router. It is the server bundle's entry (see vite.config.ts),
 * so server/main.js gets the app, its database and its lifecycle from one module.
 */

let shuttingDown = false;

/** ADR 0008: anonymous public pages are reused for 5 s, within 8 MB (about a hundred pages). */
const PAGE_CACHE = { ttlMs: 5_000, admitMs: 60_000, maxBytes: 8 * 1024 * 1024 };

/** Reads the configuration and opens (and migrates) the database. Throws with a clear message. */
export async function boot(): Promise<{
  port: number;
  /** Where server/main.js opens the metrics listener (METRICS_PORT), if anywhere. */
  metrics: { port: number; host: string } | null;
}> {
  const config = env();
  await openDatabase(databaseTargetFromEnv(config));
  registerOutboxMetrics();
  // Development convenience: a first start on an empty embedded database gets demo content.
  await seedDemoDataIfEmpty();
  startMailer();
  stopHousekeeping = startHousekeeping();
  stopReminders = startParticipationReminders();
  stopHoursDue = startHoursDueReminders();
  stopMoveNotices = startMoveNotices();
  stopBackups = startScheduledBackups(config);
  return {
    port: config.PORT,
    metrics: config.METRICS_PORT ? { port: config.METRICS_PORT, host: config.METRICS_HOST } : null,
  };
}

export { handleMetricsListener } from "./metrics-endpoint";

let stopHousekeeping: (() => Promise<void>) | undefined;
let stopReminders: (() => Promise<void>) | undefined;
let stopHoursDue: (() => Promise<void>) | undefined;
let stopMoveNotices: (() => Promise<void>) | undefined;
let stopBackups: (() => Promise<void>) | undefined;

/** Called once in-flight requests are done: releases the database (and its lock). */
export async function shutdown(): Promise<void> {
  shuttingDown = true;
  await stopHousekeeping?.();
  await stopReminders?.();
  await stopHoursDue?.();
  await stopMoveNotices?.();
  await stopBackups?.();
  await stopMailer();
  await closeDatabase();
}

export { log };

export function beginShutdown(): void {
  shuttingDown = true;
}

export function createHandler(options: { staticDir?: string; mode: "production" | "development" }) {
  const config = env();
  const serveStatic = options.staticDir ? createStaticHandler(options.staticDir) : undefined;
  const compress = compression({ threshold: COMPRESSION_THRESHOLD });
  const handleRequest = createRequestHandler(build as unknown as ServerBuild, options.mode);
  const pageCache = new PageCache(PAGE_CACHE);
  const clientAddress = createClientAddress(config.TRUST_PROXY);
  const routeLabel = createRouteLabeller(build as unknown as ServerBuild);
  /** Labels of responses answered outside React Router's routes (the static files, the lists). */
  const answeredAside = new WeakMap<ServerResponse, string>();

  /** React Router, with the public page cache around it, on a request whose body is read. */
  async function renderWithReactRouter(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: Buffer | undefined,
    cacheable: CacheablePage | null,
  ): Promise<void> {
    // A list every signed-in person sees alike is rendered without their cookies (ADR 0053).
    const member = cacheable?.member === true;
    let request: Request;
    try {
      request = toFetchRequest(req, res, url, body, { withoutCookies: member });
    } catch (error) {
      if (!(error instanceof MalformedRequestError)) throw error;
      sendPlain(res, 400, BAD_REQUEST_MESSAGE);
      return;
    }
    const context = new RouterContextProvider();
    const ip = clientAddress(req);
    context.set(clientContext, { ip, network: rateLimitNetwork(ip) });
    context.set(sharedMemberPageContext, member);
    const render = () => handleRequest(request, context);
    const rendered = cacheable
      ? await pageCache.render(cacheable.key, render)
      : { response: await render() };
    if ("kept" in rendered) await pageCache.send(req, res, rendered.kept);
    else await sendFetchResponse(req, res, rendered.response);
  }

  function respond(req: IncomingMessage, res: ServerResponse, url: URL, body?: Buffer): void {
    // Prepared bytes go out as they are; the middleware would compress them again.
    const cacheable = cacheablePage(req);
    if (pageCache.serve(req, res, cacheable)) return;
    if (serveGeography(req, res, url.pathname)) {
      answeredAside.set(res, "/api/localidades");
      return;
    }
    compress(req as never, res as never, () => {
      if (serveStatic?.(req, res, url.pathname)) {
        answeredAside.set(res, "static");
        return;
      }
      withAfterResponse(res, () => {
        renderWithReactRouter(req, res, url, body, cacheable).catch((error: unknown) => {
          // React Router answers its own errors with the error page; this is what escaped it.
          log.error({ err: error, method: req.method, path: url.pathname }, "request failed");
          sendPlain(res, 500, UNEXPECTED_ERROR_MESSAGE);
        });
      });
    });
  }

  return function handle(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    // The metrics' label (ADR 0074): a route's pattern once the target is known to be sound,
    // worked out when the answer is done and only if nothing aside (static files) answered.
    let pathname: string | undefined;
    res.on("finish", () => {
      const elapsed = performance.now() - started;
      const ms = Math.round(elapsed * 10) / 10;
      log.info(
        { method: req.method, path: req.url?.split("?")[0], status: res.statusCode, ms },
        "request",
      );
      const method = methodLabel(req.method);
      const label =
        answeredAside.get(res) ??
        (pathname === undefined ? "invalid" : (fixedRoutes.get(pathname) ?? routeLabel(pathname)));
      httpRequests.inc({ method, route: label, status: String(res.statusCode) });
      httpRequestDuration.observe({ method, route: label }, elapsed / 1000);
    });
    setBaseHeaders(res, config.isHttps);

    const target = checkRequestTarget(req, config.BASE_URL);
    if (!target.ok) {
      // The body (if any) is not read: the connection closes after this answer.
      res.setHeader("Connection", "close");
      sendPlain(res, target.status, target.message, target.allow ? { Allow: target.allow } : {});
      return;
    }
    const { url } = target;
    pathname = url.pathname;
    if (url.pathname === METRICS_PATH && config.METRICS_TOKEN) {
      serveMetricsForBearer(req, res, config.METRICS_TOKEN);
      return;
    }
    if (url.pathname === "/healthz") {
      sendJson(res, 200, { status: "ok" });
      return;
    }
    if (url.pathname === "/readyz") {
      void readiness().then((ready) =>
        sendJson(res, ready ? 200 : 503, { status: ready ? "ok" : "unavailable" }),
      );
      return;
    }
    if (req.method === "OPTIONS") {
      // No cross-origin API here: the answer to "what may I do" is the list of methods.
      res.statusCode = 204;
      res.setHeader("Allow", ALLOW_HEADER);
      res.end();
      return;
    }
    if (isCrossOriginWrite(req, config.BASE_URL) && !isOneClickOptOut(req, url)) {
      sendJson(res, 403, { error: "Origem não permitida." });
      return;
    }
    if (isReadOnly(req.method)) {
      respond(req, res, url);
      return;
    }

    // Any write may change what the public sees: cached pages go when it starts and ends.
    pageCache.invalidate();
    res.once("close", () => pageCache.invalidate());
    const limit = bodyLimitFor(url.pathname);
    const declared = declaredBodyProblem(req, limit);
    if (declared) {
      refuseAfterReading(req, res, declared);
      return;
    }
    void readBody(req, limit).then((result) => {
      if (!result) return; // The client went away.
      if (!result.ok) {
        if (result.refusal.midway) refuseMidway(req, res, result.refusal);
        else refuseAfterReading(req, res, result.refusal);
        return;
      }
      respond(req, res, url, result.body);
    });
  };
}

/** Paths answered before React Router, each its own label in the metrics. */
const fixedRoutes = new Map([
  ["/healthz", "/healthz"],
  ["/readyz", "/readyz"],
  [METRICS_PATH, METRICS_PATH],
]);

/** The geography lists, prepared once (app/geo/geo-response.server.ts), before the router. */
function serveGeography(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  const answer = geographyAnswer(pathname);
  if (!answer) return false;
  if (!(req.method === "GET" || req.method === "HEAD")) {
    sendPlain(res, 405, READ_ONLY_MESSAGE, { Allow: "GET, HEAD" });
  } else if ("unknownState" in answer) {
    // A UF is two letters: the answer repeats no more of a long path than that needs.
    const state = answer.unknownState;
    const shown = state.length > 10 ? `${state.slice(0, 10)}…` : state;
    sendJson(res, 404, { error: `Estado desconhecido: ${shown}` });
  } else {
    sendEncoded(req, res, {
      status: 200,
      headers: [
        ["Content-Type", "application/json; charset=utf-8"],
        ["Cache-Control", GEO_CACHE_CONTROL],
      ],
      body: answer.list,
      conditional: true,
    }).catch((error: unknown) => {
      log.error({ err: error }, "geography list not sent");
      res.destroy();
    });
  }
  return true;
}

const BAD_REQUEST_MESSAGE = "O pedido enviado não é válido.";

async function readiness(): Promise<boolean> {
  if (shuttingDown) return false;
  try {
    await Promise.race([
      pingDatabase(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000).unref()),
    ]);
    return true;
  } catch {
    return false;
  }
}

function setBaseHeaders(res: ServerResponse, https: boolean): void {
  // Documents replace this CSP with one carrying their script nonce (app/entry.server.tsx).
  res.setHeader("Content-Security-Policy", RESOURCE_CSP);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  );
  if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/** Methods that never change state (docs/design.md section 8: no state change on GET). */
function isReadOnly(method: string | undefined): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}

/**
 * RFC 8058: a mail provider posts "List-Unsubscribe=One-Click" to the address in an e-mail's
 * List-Unsubscribe header from its own servers, with no Origin, cookie or Referer. That one
 * address is let through the Origin check: what it changes is named by the sealed token in its
 * query (ADR 0068), never by a cookie, so a forged cross-site post can do only what the token's
 * holder (the mailbox's owner) could; it only ever turns mail off.
 */
function isOneClickOptOut(req: IncomingMessage, url: URL): boolean {
  return req.method === "POST" && url.pathname === "/e-mail/cancelar";
}

/**
 * State changes only come from our own pages (OWASP CSRF cheat sheet, "verifying origin with
 * standard headers"). Browsers send Origin on every POST; a write whose Origin is another site,
 * or "null" (sandboxed frames, some cross-site redirects), is refused. Without Origin, Fetch
 * Metadata must say same-origin; without either, the Referer must be one of our pages; with none
 * of the three the request cannot be vouched for and is refused too (OWASP's recommendation).
 */
function isCrossOriginWrite(req: IncomingMessage, baseUrl: string): boolean {
  if (isReadOnly(req.method)) return false;
  const origin = req.headers.origin;
  if (origin !== undefined) return origin !== baseUrl;
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined) return site !== "same-origin";
  const referer = req.headers.referer;
  if (referer === undefined) return true;
  try {
    return new URL(referer).origin !== baseUrl;
  } catch {
    return true;
  }
}

/**
 * A browser (or any HTTP client) reads the answer only after sending its whole body: answered
 * and closed halfway, it reports a reset connection instead of our message. So the body of a
 * refused post is read and dropped, up to a bound, before the refusal is sent; past the bound
 * (or declared past it) the connection is simply closed.
 */
const MAX_DISCARDED_BYTES = 4 * LARGEST_BODY_BYTES;

function refuseAfterReading(req: IncomingMessage, res: ServerResponse, problem: BodyRefusal): void {
  if (req.complete || Number(req.headers["content-length"] ?? 0) > MAX_DISCARDED_BYTES) {
    sendRefusal(res, problem.status, problem.message);
    return;
  }
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BYTES) req.destroy();
  });
  req.once("end", () => sendRefusal(res, problem.status, problem.message));
  req.once("error", () => res.destroy());
  req.once("close", () => {
    if (!req.complete) res.destroy();
  });
  req.resume();
}

/**
 * A text field over its limit (ADR 0071): answered at once, before the rest of the body
 * arrives. The connection stays open while the rest is read and dropped (nothing kept, nothing
 * parsed), up to the bound above: closing it with unread data would reset it, and the client
 * would lose the answer.
 */
function refuseMidway(req: IncomingMessage, res: ServerResponse, problem: BodyRefusal): void {
  sendRefusal(res, problem.status, problem.message, { close: req.complete });
  if (req.complete) return;
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BYTES) req.destroy();
  });
  req.once("error", () => res.destroy());
  req.resume();
}

/** A short pt-BR page for refusals that happen before React Router (no stack, a way back). */
function sendRefusal(
  res: ServerResponse,
  status: number,
  message: string,
  { close = true }: { close?: boolean } = {},
): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  if (close) res.setHeader("Connection", "close");
  res.setHeader("Content-Security-Policy", `${RESOURCE_CSP}; style-src 'unsafe-inline'`);
  res.end(
    `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Envio recusado</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2937"><h1>Envio recusado</h1><p>${message}</p><p>Volte à página anterior e tente de novo, ou vá para a <a href="/">página inicial</a>.</p></body></html>`,
  );
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(JSON.stringify(body));
}
