import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from "~/images/image-messages";
import { type HttpClient, testIp, uniqueEmail } from "../helpers/accounts";
import { expectNoAxeViolations } from "../helpers/axe";
import { launchBrowser, watchPageProblems } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { FAKE_PNG, makeCameraPhoto, makeJpeg } from "../helpers/images";
import { logServerOnFailure, PHONE, signedInClient } from "../helpers/members";
import { shot } from "../helpers/screenshots";
import { pixelBomb } from "../helpers/security-uploads";
import {
  chooseProfile,
  fillCredentials,
  fillVolunteerProfile,
  press,
  waitForStep,
} from "../helpers/signup-wizard";

/**
 * Issue 13, phone photos (docs/decisions/0029): with JavaScript a 4 000 x 3 000 camera photo of
 * about 9 MB is downsized in the browser and uploaded at once with a progress bar (every request
 * body under 1 MB); without JavaScript the same file is posted with the form and accepted; a
 * GIF is refused in plain words and the previous picture stays; the wizard's "Voltar" keeps the
 * chosen photo, with and without JavaScript. /auth/fotos stages only for its uploader.
 */

type Key = "vera" | "vitor" | "wagner" | "casa";
let server: FixtureServer<Key>;
let browser: Browser;
const clients = {} as Record<Key, HttpClient>;
let camera: { name: string; mimeType: string; buffer: Buffer };

const DESKTOP = { width: 1280, height: 900 };
const GIF = {
  name: "animacao.gif",
  mimeType: "image/gif",
  buffer: Buffer.from(
    "GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04",
    "latin1",
  ),
};

beforeAll(async () => {
  let buffer: Buffer;
  [server, browser, buffer] = await Promise.all([
    startFixtureServer({
      accounts: {
        vera: { kind: "volunteer", name: "Vera Lúcia Campos" },
        vitor: { kind: "volunteer", name: "Vitor Hugo Nunes" },
        wagner: { kind: "volunteer", name: "Wagner Souza Lima" },
        casa: { kind: "institution", status: "APPROVED", name: "Casa do Caminho" },
      },
    }),
    launchBrowser(),
    makeCameraPhoto(),
  ]);
  camera = { name: "IMG_2048.jpg", mimeType: "image/jpeg", buffer };
  for (const key of ["vera", "vitor", "wagner", "casa"] as const) {
    clients[key] = await signedInClient(server, server.accounts[key]);
  }
}, 120_000);

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page in a context of its own, at `viewport`, signed in as `client` when given. */
async function openPage(
  viewport: { width: number; height: number },
  options: { client?: HttpClient; js?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext; problems: () => string[] }> {
  const context = await browser.newContext({
    viewport,
    locale: "pt-BR",
    javaScriptEnabled: options.js ?? true,
    extraHTTPHeaders: { "X-Forwarded-For": options.client?.ip ?? testIp() },
  });
  if (options.client) await context.addCookies(options.client.playwrightCookies());
  const page = await context.newPage();
  return { page, context, problems: watchPageProblems(page) };
}

/** Every request the page sends with a body, and that body's size once it has gone. */
function recordBodies(page: Page): () => Promise<{ url: string; bytes: number }[]> {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET") sent.push(request);
  });
  // What went on the wire, as the request's Content-Length says (Chromium reports a multipart
  // body holding a Blob as empty post data, so that is not a measure).
  const size = async (request: Request): Promise<number> =>
    Number((await request.allHeaders())["content-length"] ?? Number.NaN);
  return async () =>
    Promise.all(
      sent.map(async (request) => ({
        url: new URL(request.url()).pathname,
        bytes: await size(request),
      })),
    );
}

/** Slows the page's uploads (Chrome DevTools network emulation), so the progress can be seen. */
async function slowUplink(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

const picker = (page: Page, name = "Foto de perfil") =>
  page.getByRole("group", { name, exact: true });
const previewSrc = (page: Page, name?: string) =>
  picker(page, name).locator("img").first().getAttribute("src");

/** Chooses a file through the picker's button (the file chooser), as a person does. */
async function choose(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  group?: string,
) {
  const button = picker(page, group).getByRole("button", { name: /^(Enviar|Alterar) foto$/ });
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), button.click()]);
  await chooser.setFiles(file);
}

/** The stored photo's size, fetched as its owner. */
async function storedSize(client: HttpClient, src: string | null) {
  const response = await client.get(src ?? "");
  expect(response.status).toBe(200);
  const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return [width, height];
}

describe.sequential("a camera photo on the profile form", () => {
  it.each([
    { viewport: PHONE, label: "390" },
    { viewport: DESKTOP, label: "1280" },
  ])(
    "with JavaScript at $label px: downsized, uploaded with progress, every body under 1 MB",
    async ({ viewport, label }) => {
      expect(camera.buffer.length).toBeGreaterThan(8 * 1024 * 1024);
      expect(camera.buffer.length).toBeLessThan(12 * 1024 * 1024);
      const client = label === "390" ? clients.vera : clients.vitor;
      const { page, context, problems } = await openPage(viewport, { client });
      const bodies = recordBodies(page);
      await page.goto(`${server.url}/app/atualizar-voluntario`);
      await picker(page).getByRole("button", { name: "Alterar foto" }).waitFor();
      const saved = await previewSrc(page);
      expect(saved).toMatch(/^\/imagens\//);

      // A GIF first: refused in plain words, and the saved photo stays.
      await choose(page, GIF);
      await picker(page).getByText(NOT_AN_IMAGE, { exact: true }).waitFor();
      expect(await previewSrc(page)).toBe(saved);
      await shot(page, `photos/recusada-${label}`);
      await expectNoAxeViolations(page, `profile photo refused at ${label} px`);

      // About 150 KB at 48 KB/s: a few seconds of progress to watch.
      await slowUplink(page, 48 * 1024);
      await choose(page, camera);
      const progress = picker(page).getByRole("progressbar", { name: "Enviando foto" });
      await progress.waitFor({ timeout: 30_000 });
      await expect
        .poll(async () => Number((await progress.getAttribute("aria-valuenow")) ?? 100), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0);
      expect(
        await picker(page)
          .getByText(/^Enviando foto… \d+%$/)
          .isVisible(),
      ).toBe(true);
      await shot(page, `photos/enviando-${label}`, { fullPage: false });
      await expectNoAxeViolations(page, `profile photo uploading at ${label} px`);
      await progress.waitFor({ state: "detached", timeout: 60_000 });
      expect(await picker(page).getByRole("alert").count()).toBe(0);
      const staged = await previewSrc(page);
      expect(staged).toMatch(/^blob:/);
      await shot(page, `photos/escolhida-${label}`);

      // A GIF after it: refused, and the photo just chosen stays.
      await choose(page, GIF);
      await picker(page).getByText(NOT_AN_IMAGE, { exact: true }).waitFor();
      expect(await previewSrc(page)).toBe(staged);

      await page.getByRole("button", { name: "Salvar alterações" }).click();
      await page.waitForURL((url) => url.pathname === "/app/voluntario", { timeout: 30_000 });
      await page.goto(`${server.url}/app/atualizar-voluntario`);
      const stored = await previewSrc(page);
      expect(stored).not.toBe(saved);
      expect(await storedSize(client, stored)).toEqual([800, 600]);

      const sent = await bodies();
      console.log(`request bodies at ${label} px: ${JSON.stringify(sent)}`);
      expect(sent.map((body) => body.url)).toEqual(
        expect.arrayContaining(["/auth/fotos", "/app/atualizar-voluntario.data"]),
      );
      for (const body of sent) expect(body.bytes, body.url).toBeLessThan(1024 * 1024);
      expect(problems()).toEqual([]);
      await context.close();
    },
  );

  it("without JavaScript: the same 9 MB photo goes with the form and is stored downsized", async () => {
    const { page, context } = await openPage(PHONE, { client: clients.wagner, js: false });
    await page.goto(`${server.url}/app/atualizar-voluntario`);
    const saved = await previewSrc(page);
    await page.getByLabel("Foto de perfil", { exact: true }).setInputFiles(camera);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === "POST"),
      page.getByRole("button", { name: "Salvar alterações" }).click(),
    ]);
    expect(response.status()).toBe(302);
    await page.waitForURL((url) => url.pathname === "/app/voluntario");
    await page.goto(`${server.url}/app/atualizar-voluntario`);
    const stored = await previewSrc(page);
    expect(stored).not.toBe(saved);
    expect(await storedSize(clients.wagner, stored)).toEqual([800, 600]);

    // A GIF without JavaScript: the server refuses it in the same words; the photo stays.
    await page.getByLabel("Foto de perfil", { exact: true }).setInputFiles(GIF);
    await Promise.all([
      page.waitForResponse((answer) => answer.request().method() === "POST"),
      page.getByRole("button", { name: "Salvar alterações" }).click(),
    ]);
    await page.getByText(NOT_AN_IMAGE, { exact: true }).waitFor();
    expect(await previewSrc(page)).toBe(stored);
    await context.close();
  });
});

describe("a camera photo as an institution's cover", () => {
  it("with JavaScript: downsized to 1 200 px wide before upload, stored as the banner", async () => {
    const { page, context, problems } = await openPage(PHONE, { client: clients.casa });
    const bodies = recordBodies(page);
    await page.goto(`${server.url}/app/atualizar-instituicao`);
    await picker(page, "Foto de capa").getByRole("button", { name: "Alterar foto" }).waitFor();
    const saved = await previewSrc(page, "Foto de capa");
    await choose(page, camera, "Foto de capa");
    // Downsized (the preview is the browser's copy), then uploaded (the progress bar goes).
    await expect
      .poll(() => previewSrc(page, "Foto de capa"), { timeout: 30_000 })
      .toMatch(/^blob:/);
    await picker(page, "Foto de capa")
      .getByRole("progressbar")
      .waitFor({ state: "detached", timeout: 60_000 });
    expect(await picker(page, "Foto de capa").getByRole("alert").count()).toBe(0);
    expect(await previewSrc(page, "Foto de capa")).toMatch(/^blob:/);
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL((url) => url.pathname === "/app/instituicao", { timeout: 30_000 });
    await page.goto(`${server.url}/app/atualizar-instituicao`);
    const stored = await previewSrc(page, "Foto de capa");
    expect(stored).not.toBe(saved);
    // 1 200 x 900 from the browser; the server crops it to the banner's height.
    expect(await storedSize(clients.casa, stored)).toEqual([1200, 630]);
    const sent = await bodies();
    console.log(`request bodies, cover: ${JSON.stringify(sent)}`);
    expect(sent.map((body) => body.url)).toContain("/auth/fotos");
    for (const body of sent) expect(body.bytes, body.url).toBeLessThan(1024 * 1024);
    expect(problems()).toEqual([]);
    await context.close();
  });
});

describe("the sign-up wizard keeps the chosen photo on “Voltar”", () => {
  it.each([true, false])("JavaScript %s", async (js) => {
    const { page, context } = await openPage(PHONE, { js });
    const options = { baseUrl: server.url, js };
    await chooseProfile(page, "VOLUNTEER", options);
    await fillCredentials(page, uniqueEmail("foto-voltar"), options);
    await waitForStep(page, "Conte um pouco sobre você", js);
    await fillVolunteerProfile(
      page,
      { name: "Rosa Maria Dias", uf: "SP", city: "Campinas", resume: "Quero ajudar na horta." },
      js,
    );
    if (js) {
      await choose(page, camera);
      await picker(page).getByRole("button", { name: "Alterar foto" }).waitFor();
      await picker(page).getByRole("progressbar").waitFor({ state: "detached", timeout: 60_000 });
    } else {
      await page.getByLabel("Foto de perfil", { exact: true }).setInputFiles(camera);
    }
    await press(page, "Voltar", js);
    await waitForStep(page, "Crie sua conta", js);
    await page.getByRole("checkbox", { name: /Li e aceito/ }).check();
    await press(page, "Próximo", js);
    await waitForStep(page, "Conte um pouco sobre você", js);

    // The photo is shown again, from the draft, and goes with the account.
    const shown = await previewSrc(page);
    expect(shown).toMatch(/^\/auth\/fotos\/[A-Za-z0-9_-]{32}$/);
    const preview = await context.request.get(`${server.url}${shown}`);
    expect(preview.status()).toBe(200);
    expect(preview.headers()["cache-control"]).toBe("private, no-store");
    // Nobody else gets it.
    expect((await fetch(`${server.url}${shown}`)).status).toBe(404);
    expect((await clients.vera.get(shown ?? "")).status).toBe(404);

    await press(page, "Criar conta", js);
    await page.waitForURL((url) => url.searchParams.get("etapa") === "concluido", {
      timeout: 30_000,
    });
    await context.close();
  });
});

describe("/auth/fotos", () => {
  const post = (
    client: HttpClient | null,
    file: { name: string; mimeType: string; buffer: Buffer },
    kind = "profile",
  ) => {
    const form = new FormData();
    form.set("tipo", kind);
    form.set("foto", new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
    return client
      ? client.post("/auth/fotos", form)
      : fetch(`${server.url}/auth/fotos`, {
          method: "POST",
          body: form,
          headers: { Origin: server.url },
        });
  };

  it("stages nothing for someone with no form to use it in", async () => {
    const response = await post(null, { ...camera, buffer: await makeJpeg() });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatch(/Recarregue a página/);
  });

  it("refuses what the pipeline refuses, with its message", async () => {
    const cases = [
      { file: GIF, status: 400, message: NOT_AN_IMAGE },
      { file: FAKE_PNG, status: 400, message: NOT_AN_IMAGE },
      {
        file: pixelBomb(),
        status: 400,
        message: "A imagem tem dimensões grandes demais. Envie uma foto menor.",
      },
      {
        file: { ...camera, buffer: Buffer.concat([camera.buffer, Buffer.alloc(7 * 1024 * 1024)]) },
        status: 413,
        message: IMAGE_TOO_LARGE,
      },
    ];
    for (const { file, status, message } of cases) {
      const response = await post(clients.vitor, file);
      expect(response.status, file.name).toBe(status);
      expect(await response.text(), file.name).toContain(message);
    }
  });

  it("a staged photo is shown to its uploader only, privately", async () => {
    const response = await post(clients.vitor, { ...camera, buffer: await makeJpeg() }, "cover");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { token, url } = (await response.json()) as { token: string; url: string };
    expect(url).toBe(`/auth/fotos/${token}`);
    const own = await clients.vitor.get(url);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/webp");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect((await clients.vera.get(url)).status).toBe(404);
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
  });
});
