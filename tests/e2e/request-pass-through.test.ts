import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { logServerOnFailure, signedInClient } from "../helpers/members";
import { PROJECT_ROOT } from "../helpers/server";
import { waitFor } from "../helpers/wait";

/**
 * ADR 0058: React Router passes loaders, actions and middleware the request the server built
 * (`future.v8_passThroughRequests`), where it used to build two copies of it for every loader
 * (without `index`, then without `_routes`), each a Fetch Request whose signal undici keeps
 * until a full garbage collection. So a page costs one Fetch Request, whichever loaders run,
 * and loaders still read the address without React Router's `.data` suffix and parameters from
 * their `url` argument. The server runs with a preload that logs every Request built.
 */

let server: FixtureServer<"vera">;
let probes = 0;

beforeAll(async () => {
  server = await startFixtureServer({
    accounts: { vera: { kind: "volunteer", name: "Vera Lúcia Campos" } },
    nodeArgs: ["--import", path.join(PROJECT_ROOT, "tests/helpers/fetch-request-log.mjs")],
  });
}, 120_000);

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await server?.stop();
});

/** The URLs of the Fetch Requests the server built, in order. */
const built = () =>
  server
    .logEntries()
    .filter((entry) => entry.msg === "fetch request built")
    .map((entry) => String(entry.url));

/**
 * Sends one request carrying a fresh `probe` parameter, then a fence request, and returns the
 * Fetch Requests built for the first: the log is one ordered pipe, so once the fence's line has
 * arrived every line of the probe has too.
 */
async function requestsBuiltFor(send: (probe: string) => Promise<Response>) {
  const probe = `p${++probes}`;
  const response = await send(probe);
  const body = await response.text();
  const fence = `f${probes}`;
  await (await fetch(`${server.url}/termos-de-uso?fence=${fence}`)).arrayBuffer();
  await waitFor(() => built().some((url) => url.includes(`fence=${fence}`)), {
    message: `the fence request ${fence} in the log`,
  });
  return {
    response,
    body,
    urls: built().filter((url) => new URL(url).searchParams.get("probe") === probe),
  };
}

describe("one Fetch Request per page (ADR 0058)", () => {
  it("a visitor's directory page, and its data as a client-side navigation asks for it", async () => {
    const page = await requestsBuiltFor((probe) =>
      fetch(`${server.url}/instituicoes?uf=SP&probe=${probe}`),
    );
    expect(page.response.status).toBe(200);
    expect(page.urls).toHaveLength(1);

    const data = await requestsBuiltFor((probe) =>
      fetch(`${server.url}/instituicoes.data?uf=SP&probe=${probe}&_routes=routes%2Finstituicoes`),
    );
    expect(data.response.status).toBe(200);
    expect(data.urls).toHaveLength(1);
    expect(data.urls[0]).toContain("/instituicoes.data?");
    // The loader read the state from its normalized address.
    expect(data.body).toContain('"SP"');
  });

  it("a volunteer's home, through the member layouts' middleware and loaders", async () => {
    const vera = await signedInClient(server, server.accounts.vera);
    const home = await requestsBuiltFor((probe) =>
      vera.get(`/app/voluntario?passadas=todas&probe=${probe}`),
    );
    expect(home.response.status).toBe(200);
    expect(home.body).toContain("Olá, Vera!");
    expect(home.urls).toHaveLength(1);
  });

  it("a guard's redirect from a client-side navigation names the page, not its data URL", async () => {
    const visit = await requestsBuiltFor((probe) =>
      fetch(`${server.url}/app/voluntario.data?probe=${probe}&_routes=routes%2Fapp.voluntario`, {
        redirect: "manual",
      }),
    );
    expect(visit.urls).toHaveLength(1);
    expect(visit.body).toContain("/auth/login?redirectTo=");
    expect(visit.body).toContain(encodeURIComponent(`/app/voluntario?probe=`));
    expect(visit.body).not.toContain(".data");
    expect(visit.body).not.toContain("_routes");
  });
});
