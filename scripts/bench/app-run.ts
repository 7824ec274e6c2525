import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { withServerMallocEnv } from "../../server/malloc-env.js";
import { type RunningServer, startServer } from "../../tests/helpers/server";
import { type Baseline, type FloorMode, startFloor } from "./baseline";
import type { Account, Dataset } from "./datasets";
import { ACCEPT_ENCODING, ENCODINGS, type Encoding } from "./encodings";
import { type LoadResult, type LoadSettings, measure, probe } from "./load";
import { loadAverage, peakRssMb, rssMb } from "./machine";

/** Who asks for a page: nobody (a first visit, no cookie) or a signed-in person. */
export type Visitor = "volunteer" | "admin";

export interface Page {
  name: string;
  /** Path and query; ids are filled in from the running app. */
  path: string;
  uniqueQuery?: boolean;
  /** Overrides the run's connections: 1 measures latency alone, with no queueing. */
  connections?: number;
  /** Signed in through the login form once before the run; its cookies go with every request. */
  as?: Visitor;
  /** Answered by the public page cache (ADR 0008) after its first render. */
  cached?: boolean;
}

export interface Measured {
  result: LoadResult;
  /** The body's size as sent, and its Content-Encoding ("" for none), from one request. */
  bodyBytes: number;
  contentEncoding: string;
}

export interface FloorResults {
  stream: Record<Encoding, LoadResult>;
  string: Record<Encoding, LoadResult>;
}

export interface PageRow {
  page: Page;
  app: Record<Encoding, Measured>;
  /** The hello-world server, measured beside this page under the same machine load. */
  baseline: LoadResult;
  /** The React floors, measured beside this page with the same encoding. */
  floor: FloorResults;
  /** The app process's VmRSS right after this page's load. */
  rssMb: number | null;
  /** Its VmHWM then (a high-water mark: it never goes down). */
  peakRssMb: number | null;
}

export interface FloorPage {
  /** The page whose markup the floors render, as the app answered it. */
  path: string;
  bytes: Record<Encoding, number>;
  /** How each floor's uncompressed answer compares with the app's page. */
  same: Record<FloorMode, Sameness>;
}

export interface AppRun {
  dataset: Dataset;
  rows: PageRow[];
  loadBefore: string;
  loadAfter: string;
  floorPage?: FloorPage;
}

export type RunSettings = LoadSettings & {
  warmupSeconds: number;
  /** Seconds of each reference measurement: hello world and the floors. */
  referenceSeconds: number;
  /** Or a number of requests (the smoke run: the floors render 80 kB pages at its cost). */
  referenceRequests?: number;
};

export const SESSION_SECRET = "benchmark-session-secret-0123456789abcdef";
/** The floors render the directory as a first visitor gets it. */
const FLOOR_PATH = "/instituicoes";

/**
 * Starts the production build on a seeded dataset and measures each page without
 * Accept-Encoding and with `br, gzip`, each right after the reference servers (hello world, the
 * React floors rendering the app's directory markup), so all numbers of a row see the same
 * machine load.
 */
export async function runApp(
  dataset: Dataset,
  pages: Page[],
  settings: RunSettings,
  baselineUrl: string,
): Promise<AppRun> {
  const server = await startApp(dataset);
  const loadBefore = loadAverage();
  const rows: PageRow[] = [];
  const floorDir = await mkdtemp(path.join(tmpdir(), "bench-floor-"));
  const floors: Baseline[] = [];
  const reference: LoadSettings = {
    ...settings,
    durationSeconds: settings.referenceSeconds,
    requests: settings.referenceRequests,
  };
  try {
    const htmlFile = path.join(floorDir, "page.html");
    const saved = await saveFloorPage(server.url, htmlFile);
    const stream = await startFloor("stream", htmlFile);
    floors.push(stream);
    const string = await startFloor("string", htmlFile);
    floors.push(string);
    const floorPage = await compareFloors(saved, { stream: stream.url, string: string.url });
    await warmFloors([stream.url, string.url], settings);
    const cookies = await signIn(server.url, dataset, pages);
    const resolved = await resolveIds(server.url, pages);
    for (const page of resolved) {
      const url = `${server.url}${page.path}`;
      const cookie: Record<string, string> = page.as
        ? { cookie: cookieHeaderFor(cookies[page.as], page.path) }
        : {};
      const connections = page.connections ?? settings.connections;
      const load = { ...settings, connections };
      const refs = { ...reference, connections };
      const checked = await checkAnswers(url, page, dataset, cookie);
      const warmup = { connections, durationSeconds: settings.warmupSeconds / ENCODINGS.length };
      if (warmup.durationSeconds > 0) {
        for (const encoding of ENCODINGS) {
          await measure(url, warmup, {
            ...page,
            headers: { ...ACCEPT_ENCODING[encoding], ...cookie },
          });
        }
      }
      const baseline = await measure(baselineUrl, refs);
      const floor = { stream: {}, string: {} } as FloorResults;
      const app = {} as Record<Encoding, Measured>;
      for (const encoding of ENCODINGS) {
        const headers = ACCEPT_ENCODING[encoding];
        floor.stream[encoding] = await measure(stream.url, refs, { headers });
        floor.string[encoding] = await measure(string.url, refs, { headers });
        const result = await measure(url, load, { ...page, headers: { ...headers, ...cookie } });
        app[encoding] = { result, ...checked[encoding] };
      }
      const pid = server.process.pid;
      rows.push({ page, app, baseline, floor, rssMb: rssMb(pid), peakRssMb: peakRssMb(pid) });
      console.log(progressLine(rows.at(-1) as PageRow));
    }
    return {
      dataset,
      rows,
      loadBefore,
      loadAfter: loadAverage(),
      floorPage,
    };
  } finally {
    for (const floor of floors) await floor.stop();
    await rm(floorDir, { recursive: true, force: true });
    await stopApp(server);
  }
}

/**
 * The app alone under `node --cpu-prof` (written to `profileDir` when it exits), one page
 * measured as browsers ask for it (br), with no reference servers beside it.
 */
export async function profileApp(
  dataset: Dataset,
  page: Page,
  settings: RunSettings,
  profileDir: string,
): Promise<void> {
  const server = await startApp(dataset, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]);
  try {
    const url = `${server.url}${page.path}`;
    const options = { ...page, headers: ACCEPT_ENCODING.br };
    await measure(url, { ...settings, durationSeconds: settings.warmupSeconds }, options);
    await measure(url, settings, options);
  } finally {
    await stopApp(server);
  }
}

/**
 * The production build (NODE_ENV=production), started as deployed: with the allocator settings
 * that `npm start` and the systemd unit give it (server/malloc-env.js), on the dataset's database.
 */
function startApp(dataset: Dataset, nodeArgs: string[] = []): Promise<RunningServer> {
  return startServer({
    env: withServerMallocEnv({
      NODE_ENV: "production",
      SESSION_SECRET,
      ...("url" in dataset.target ? { DATABASE_URL: dataset.target.url } : {}),
    }),
    ...("dataDir" in dataset.target ? { dataDir: dataset.target.dataDir } : {}),
    nodeArgs,
  });
}

async function stopApp(server: RunningServer): Promise<void> {
  const exit = await server.stop();
  if (exit.code !== 0)
    console.error(`app exited with ${exit.code}:\n${server.logs().slice(-2000)}`);
}

function progressLine(row: PageRow): string {
  const cell = (encoding: Encoding) => {
    const { result } = row.app[encoding];
    return `${encoding} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s p99 ${result.p99.toFixed(1).padStart(5)} ms (floor ${row.floor.stream[encoding].requestsPerSecond.toFixed(0)})`;
  };
  return `  ${row.page.name.padEnd(48)} ${cell("identity")}  ${cell("br")}  errors ${row.app.identity.result.errors + row.app.br.result.errors}  (hello ${row.baseline.requestsPerSecond.toFixed(0)} req/s)`;
}

/** The directory as the app answers a first visit, written where the floor servers read it. */
async function saveFloorPage(baseUrl: string, file: string) {
  const url = `${baseUrl}${FLOOR_PATH}`;
  const plain = await probe(url);
  if (plain.status !== 200) throw new Error(`${url} answered ${plain.status}, not 200`);
  const compressed = await probe(url, ACCEPT_ENCODING.br);
  await writeFile(file, plain.text);
  return { html: plain.text, bytes: { identity: plain.bodyBytes, br: compressed.bodyBytes } };
}

/** What each floor answers, against the app's page (the floor's markup must be the same). */
async function compareFloors(
  saved: Awaited<ReturnType<typeof saveFloorPage>>,
  urls: Record<FloorMode, string>,
): Promise<FloorPage> {
  const same = {} as Record<FloorMode, Sameness>;
  for (const mode of ["stream", "string"] as const) {
    const answer = await probe(urls[mode]);
    if (answer.status !== 200) throw new Error(`the ${mode} floor answered ${answer.status}`);
    same[mode] = sameness(saved.html, answer.text);
  }
  return { path: FLOOR_PATH, bytes: saved.bytes, same };
}

/**
 * "bytes": the same bytes. "markup": the same but for what React writes around a Suspense
 * boundary it outlined in the app (floor-markup.js keeps the boundary's pieces as plain
 * elements): its comment markers, and `hidden` written bare on the div that holds the content.
 * Else "differs".
 */
export type Sameness = { same: "bytes" | "markup" | "differs"; bytes: number };

export function sameness(page: string, floor: string): Sameness {
  const bytes = Buffer.byteLength(floor);
  if (floor === page) return { same: "bytes", bytes };
  const normal = (html: string) =>
    html.replace(/<!--[\s\S]*?-->/g, "").replace(/<div hidden="" id="S:/g, '<div hidden id="S:');
  return { same: normal(floor) === normal(page) ? "markup" : "differs", bytes };
}

/** A first render JIT-compiles most of React; a few dozen requests each, both encodings. */
async function warmFloors(urls: string[], settings: RunSettings): Promise<void> {
  const warmup = {
    ...settings,
    durationSeconds: 1,
    requests: settings.requests ?? 200,
  };
  for (const url of urls) {
    for (const encoding of ENCODINGS) {
      await measure(url, warmup, { headers: ACCEPT_ENCODING[encoding] });
    }
  }
}

/** A cookie the login set: `name=value`, and the path it is sent under. */
interface SetCookie {
  pair: string;
  path: string;
}

/** The Cookie header a browser sends to `pagePath`: the cookies whose Path covers it. */
function cookieHeaderFor(cookies: SetCookie[], pagePath: string): string {
  const pathname = pagePath.split("?", 1)[0] ?? "/";
  return cookies
    .filter(({ path }) => path === "/" || pathname === path || pathname.startsWith(`${path}/`))
    .map(({ pair }) => pair)
    .join("; ");
}

/**
 * Signs the dataset's volunteer and admin in through the login forms (a form post, as a browser
 * without JavaScript sends it), once each, when a page asks for them: the cookies they set.
 */
async function signIn(
  baseUrl: string,
  dataset: Dataset,
  pages: Page[],
): Promise<Record<Visitor, SetCookie[]>> {
  const doors: Record<Visitor, string> = { volunteer: "/auth/login", admin: "/admin/login" };
  const cookies: Record<Visitor, SetCookie[]> = { volunteer: [], admin: [] };
  for (const visitor of ["volunteer", "admin"] as const) {
    if (!pages.some((page) => page.as === visitor)) continue;
    cookies[visitor] = await postLogin(baseUrl, doors[visitor], dataset.accounts[visitor]);
  }
  return cookies;
}

async function postLogin(baseUrl: string, door: string, account: Account): Promise<SetCookie[]> {
  const response = await fetch(`${baseUrl}${door}`, {
    method: "POST",
    headers: { origin: baseUrl },
    body: new URLSearchParams({ email: account.email, password: account.password }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  const cookies = response.headers
    .getSetCookie()
    .map((header) => ({
      pair: header.split(";", 1)[0] ?? "",
      path: /;\s*path=([^;]*)/i.exec(header)?.[1]?.trim() || "/",
    }))
    .filter(({ pair }) => pair.includes("=") && !pair.endsWith("="));
  if (response.status !== 302 || cookies.length === 0) {
    throw new Error(
      `${account.email} could not sign in at ${door}: ${response.status}, ${cookies.length} cookies`,
    );
  }
  return cookies;
}

/** `:institution` and `:event` become the first ids the public list APIs answer with. */
async function resolveIds(baseUrl: string, pages: Page[]): Promise<Page[]> {
  const firstId = async (api: string) => {
    const response = await fetch(`${baseUrl}${api}`);
    const body = (await response.json()) as { items?: { id: string }[] };
    const id = body.items?.[0]?.id;
    if (!id) throw new Error(`${api} listed nothing: is the dataset empty?`);
    return id;
  };
  const needs = (token: string) => pages.some((page) => page.path.includes(token));
  const institution = needs(":institution") ? await firstId("/api/instituicoes") : "";
  const event = needs(":event") ? await firstId("/api/eventos") : "";
  return pages.map((page) => ({
    ...page,
    path: page.path.replace(":institution", institution).replace(":event", event),
  }));
}

/**
 * A page that does not answer 200 would be measured as a fast error page, and a signed-in page
 * that fell back to the visitor's view (or a redirect to the login) would be measured as the
 * wrong page: refuse early. A signed-in page must name its visitor (the e-mail's local part, in
 * the header of every signed-in page), or, for a list every member shares, be the members' page
 * with /api/sessao naming them. Returns each encoding's body size as sent.
 */
async function checkAnswers(
  url: string,
  page: Page,
  dataset: Dataset,
  cookie: Record<string, string>,
): Promise<Record<Encoding, { bodyBytes: number; contentEncoding: string }>> {
  const sizes = {} as Record<Encoding, { bodyBytes: number; contentEncoding: string }>;
  for (const encoding of ENCODINGS) {
    const answer = await probe(url, { ...ACCEPT_ENCODING[encoding], ...cookie });
    if (answer.status !== 200) {
      const where = answer.location ? ` (to ${answer.location})` : "";
      throw new Error(`${url} answered ${answer.status}${where}, not 200 (${encoding})`);
    }
    if (page.as) {
      const name = dataset.accounts[page.as].email.split("@", 1)[0] ?? "";
      // A list every member shares (ADR 0053) names nobody: it must be the members' page, and
      // the header's question (/api/sessao) must name the visitor.
      const named = page.cached
        ? answer.text.includes('href="/app"') &&
          (await probe(new URL("/api/sessao", url).href, cookie)).text.includes(name)
        : answer.text.includes(name);
      if (!named) {
        throw new Error(`${url} did not answer the signed-in ${page.as}'s page (${name})`);
      }
    }
    sizes[encoding] = { bodyBytes: answer.bodyBytes, contentEncoding: answer.contentEncoding };
  }
  return sizes;
}
