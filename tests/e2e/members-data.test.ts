import { text } from "node:stream/consumers";
import { eq, inArray, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  accounts,
  auditLog,
  emailOutbox,
  events,
  images,
  institutions,
  sessions,
  users,
  volunteerRequests,
  volunteers,
} from "~/db/schema";
import { accountWorldForFile } from "../helpers/account-world";
import { type HttpClient, redirectTarget, SESSION_COOKIE } from "../helpers/accounts";
import { expectNoAxeViolations } from "../helpers/axe";
import { phonePage, signedInClient } from "../helpers/members";
import { shot } from "../helpers/screenshots";

/**
 * Issue 5, "Meus dados" (LGPD art. 18): the download holds the person's own rows and nobody
 * else's, never a password hash or a session token; deleting the account (after the password)
 * removes the person's data, photos and sessions, takes an institution's events off the public
 * site, signs the person out and is audited.
 */

interface Export {
  user: Record<string, unknown>;
  volunteer: Record<string, unknown> | null;
  institution: Record<string, unknown> | null;
  applicationsSent: { id: string; institutionId: string }[];
  applicationsReceived: { id: string; volunteerId: string }[];
  events: { id: string; name: string }[];
  images: { id: string; url: string; sha256: string }[];
  sessions: unknown[];
  auditLog: { action: string; targetId: string }[];
}

const world = accountWorldForFile({
  accounts: {
    daniela: { kind: "volunteer", name: "Daniela Freitas" },
    lar: { kind: "institution", status: "APPROVED", name: "Lar Esperança" },
    otavio: { kind: "volunteer", name: "Otávio Ramos" },
  },
  events: [{ key: "party", institution: "lar", name: "Festa Junina do Lar", status: "APPROVED" }],
  applications: [
    { key: "danielaApp", volunteer: "daniela", institution: "lar" },
    { key: "otavioApp", volunteer: "otavio", institution: "lar", message: "Sou o Otávio." },
  ],
});

async function download(client: HttpClient): Promise<{ response: Response; body: string }> {
  const response = await client.get("/app/meus-dados/arquivo");
  return { response, body: await response.text() };
}

describe("Meus dados", () => {
  it("a volunteer downloads their own rows as meus-dados.json, and nothing secret", async () => {
    const { response, body } = await download(world.clients.daniela);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="meus-dados.json"',
    );
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const data = JSON.parse(body) as Export;
    const me = world.server.accounts.daniela;
    expect(data.user).toMatchObject({ id: me.id, email: me.email, name: "Daniela Freitas" });
    expect(data.volunteer).toMatchObject({ userId: me.id, state: "SP", city: "São Paulo" });
    expect(data.institution).toBeNull();
    expect(data.applicationsSent.map((sent) => sent.id)).toEqual([world.server.ids.danielaApp]);
    expect(data.images).toHaveLength(1);
    expect(data.images[0]?.url).toBe(`/imagens/${data.images[0]?.id}`);
    expect(data.sessions.length).toBeGreaterThan(0);
    // Secrets and other people stay out.
    expect(body).not.toMatch(/"(password|token|bytes)"/);
    expect(body).not.toContain(world.clients.daniela.sessionToken?.split(".")[0] ?? "no token");
    expect(body).not.toContain(world.server.accounts.otavio.email);
    expect(body).not.toContain("Sou o Otávio.");
  });

  it("an institution's download has its profile, events and the applications it received", async () => {
    await download(world.clients.lar);
    const data = JSON.parse((await download(world.clients.lar)).body) as Export;
    expect(data.institution).toMatchObject({
      userId: world.server.accounts.lar.id,
      name: "Lar Esperança",
      cnpj: world.server.accounts.lar.cnpj,
    });
    expect(data.events.map((event) => event.name)).toEqual(["Festa Junina do Lar"]);
    expect(data.applicationsReceived.map((received) => received.id).sort()).toEqual(
      [world.server.ids.danielaApp, world.server.ids.otavioApp].sort(),
    );
    // Each download is recorded (the first one shows in the second).
    expect(data.auditLog.map((entry) => entry.action)).toContain("personal-data.export");
  });

  it("the page offers the download as a file and passes axe at 390 px", async () => {
    const { page, problems } = await phonePage(world.browser, world.clients.daniela);
    await page.goto(`${world.server.url}/app/meus-dados`);
    await page.getByRole("heading", { name: "Meus dados", level: 1 }).waitFor();
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Baixar meus dados" }).click(),
    ]);
    expect(file.suggestedFilename()).toBe("meus-dados.json");
    // Read through the connection: the run's Chromium is shared, its files are not local paths.
    const saved = JSON.parse(await text(await file.createReadStream())) as Export;
    expect(saved.user.id).toBe(world.server.accounts.daniela.id);
    await shot(page, "members/my-data");
    await expectNoAxeViolations(page, "Meus dados");
    expect(problems()).toEqual([]);
  });

  it("a wrong password deletes nothing", async () => {
    const { page } = await phonePage(world.browser, world.clients.daniela);
    await page.goto(`${world.server.url}/app/meus-dados`);
    await page.getByRole("button", { name: "Mostrar senha" }).waitFor();
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    await page.getByText("Informe sua senha para confirmar a exclusão.").waitFor();
    await page.getByLabel("Confirme sua senha", { exact: true }).fill("senhaErrada123");
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    await page.getByText("Senha incorreta. A conta não foi excluída.").waitFor();
    expect((await world.clients.daniela.get("/app/voluntario")).status).toBe(200);
  });

  it("a volunteer deletes the account: signed out, data gone, the sign-in no longer works", async () => {
    const { page, problems } = await phonePage(world.browser, world.clients.daniela);
    await page.goto(`${world.server.url}/app/meus-dados`);
    await page.getByRole("button", { name: "Mostrar senha" }).waitFor();
    const photo = (JSON.parse((await download(world.clients.daniela)).body) as Export).images[0]
      ?.url;
    await page
      .getByLabel("Confirme sua senha", { exact: true })
      .fill(world.server.accounts.daniela.password);
    await page.getByRole("button", { name: "Excluir minha conta" }).click();
    await page.waitForURL(`${world.server.url}/`);
    await page.getByText("Sua conta foi excluída.", { exact: true }).first().waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Entrar" }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name.endsWith(SESSION_COOKIE))).toBeUndefined();
    expect(problems()).toEqual([]);

    // The old session is over, the photo is gone and the credentials no longer open anything.
    const old = await world.clients.daniela.get("/app/voluntario");
    expect(await redirectTarget(old)).toMatch(/^\/auth\/login/);
    expect((await fetch(`${world.server.url}${photo}`)).status).toBe(404);
    const again = await signedInClient(world.server, world.server.accounts.daniela).catch(
      (error) => error,
    );
    expect(again).toBeInstanceOf(Error);
  });

  it("an institution deletes its account: its events leave the public site", async () => {
    const party = `${world.server.url}/eventos/${world.server.ids.party}`;
    expect((await fetch(party)).status).toBe(200);
    const response = await world.clients.lar.post("/app/meus-dados", {
      password: world.server.accounts.lar.password,
    });
    expect(await redirectTarget(response)).toBe("/");
    expect((await fetch(party)).status).toBe(404);
    expect(
      (await fetch(`${world.server.url}/instituicoes/${world.server.accounts.lar.id}`)).status,
    ).toBe(404);
    // Otávio's application to it is gone from his list.
    const exported = JSON.parse((await download(world.clients.otavio)).body) as Export;
    expect(exported.applicationsSent).toEqual([]);
  });

  it("the database keeps no row of either person, and one audit entry per deletion", async () => {
    const db = await world.server.stopAndOpenDatabase();
    const gone = [world.server.accounts.daniela.id, world.server.accounts.lar.id];
    const count = async (query: Promise<unknown[]>) => (await query).length;
    expect(await count(db.select().from(users).where(inArray(users.id, gone)))).toBe(0);
    expect(await count(db.select().from(sessions).where(inArray(sessions.userId, gone)))).toBe(0);
    expect(await count(db.select().from(accounts).where(inArray(accounts.userId, gone)))).toBe(0);
    expect(await count(db.select().from(volunteers).where(inArray(volunteers.userId, gone)))).toBe(
      0,
    );
    expect(
      await count(db.select().from(institutions).where(inArray(institutions.userId, gone))),
    ).toBe(0);
    expect(await count(db.select().from(images).where(inArray(images.ownerId, gone)))).toBe(0);
    expect(
      await count(
        db
          .select()
          .from(events)
          .where(eq(events.id, world.server.ids.party ?? "")),
      ),
    ).toBe(0);
    expect(
      await count(
        db
          .select()
          .from(volunteerRequests)
          .where(
            or(
              inArray(volunteerRequests.volunteerId, gone),
              inArray(volunteerRequests.institutionId, gone),
            ),
          ),
      ),
    ).toBe(0);
    const mails = await db
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(
        inArray(sql`lower(${emailOutbox.to})`, [
          world.server.accounts.daniela.email,
          world.server.accounts.lar.email,
        ]),
      );
    expect(mails).toEqual([]);
    const audit = await db
      .select({ actor: auditLog.actorId, target: auditLog.targetId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, "account.delete"));
    expect(audit).toEqual(
      expect.arrayContaining([
        {
          actor: null,
          target: world.server.accounts.daniela.id,
          details: { profile: "VOLUNTEER", by: "self" },
        },
        {
          actor: null,
          target: world.server.accounts.lar.id,
          details: { profile: "INSTITUTION", by: "self" },
        },
      ]),
    );
    expect(audit).toHaveLength(2);
  });
});
