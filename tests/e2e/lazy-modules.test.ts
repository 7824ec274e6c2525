import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../helpers/accounts";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { makeJpeg } from "../helpers/images";
import { waitForMail } from "../helpers/mail";
import { logServerOnFailure, signedInClient } from "../helpers/members";

/**
 * Issue 17, item 5 (docs/decisions/0041): the production server starts without sharp (libvips)
 * and nodemailer in memory, and loads each at its first use: the first e-mail loads nodemailer,
 * the first photo sharp; both still work. The server says so at debug level ("module loaded on
 * first use"), and on Linux its memory map shows whether libvips is mapped.
 */

let server: FixtureServer<"vera">;

const loadedModules = () =>
  server
    .logEntries()
    .filter((entry) => entry.msg === "module loaded on first use")
    .map((entry) => entry.module);

/** Whether libvips' shared library is mapped into the server process (null: no /proc here). */
function libvipsMapped(): boolean | null {
  try {
    return readFileSync(`/proc/${server.process.pid}/maps`, "utf8").includes("libvips");
  } catch {
    return null;
  }
}

beforeAll(async () => {
  server = await startFixtureServer({
    accounts: { vera: { kind: "volunteer", name: "Vera Lúcia Campos" } },
    env: { LOG_LEVEL: "debug" },
  });
}, 120_000);

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await server?.stop();
});

describe("heavy modules load on first use (ADR 0041)", () => {
  it("a started server that has served pages has loaded neither sharp nor nodemailer", async () => {
    for (const page of [
      "/",
      "/instituicoes",
      "/eventos",
      "/api/localidades/estados/SP/municipios",
    ]) {
      const response = await fetch(`${server.url}${page}`);
      await response.arrayBuffer();
      expect(response.status, page).toBe(200);
    }
    expect(loadedModules()).toEqual([]);
    expect(libvipsMapped()).not.toBe(true);
  });

  it("the first e-mail loads nodemailer and is written", async () => {
    const { email } = server.accounts.vera;
    const response = await new HttpClient(server.url).post("/auth/esqueci-minha-senha", { email });
    expect(response.status).toBe(200);
    const [mail] = await waitForMail(server.mailDir, email, /senha/i);
    expect(mail?.subject).toMatch(/senha/i);
    expect(loadedModules()).toEqual(["nodemailer"]);
  });

  it("the first photo loads sharp and is processed", async () => {
    const client = await signedInClient(server, server.accounts.vera);
    const form = new FormData();
    form.set("tipo", "profile");
    form.set(
      "foto",
      new File([new Uint8Array(await makeJpeg())], "foto.jpg", { type: "image/jpeg" }),
    );
    const response = await client.post("/auth/fotos", form);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token?: string; url?: string };
    expect(body.token).toBeTruthy();
    const staged = await client.get(body.url ?? "");
    expect(staged.status).toBe(200);
    expect(staged.headers.get("content-type")).toBe("image/webp");
    expect(loadedModules()).toEqual(["nodemailer", "sharp"]);
    if (libvipsMapped() !== null) expect(libvipsMapped()).toBe(true);
  });
});
