import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { closeDatabase } from "~/db/client.server";
import { auditLog, emailOutbox, events } from "~/db/schema";
import { accountWorldForFile } from "../helpers/account-world";
import { acceptEveryTermo } from "../helpers/agreement-world";
import { expectFinishedPage } from "../helpers/layout";
import { waitForMail } from "../helpers/mail";
import { eventFormData, phonePage } from "../helpers/members";
import { brazilDay, seedParticipations, setEventTimes } from "../helpers/participation-seeds";
import { gotoHydrated, sizedPage, WIDTHS } from "../helpers/sized-page";

/**
 * Issue 41's journey at 390 px: the institution's responsável invites a coordinator; the invitee,
 * an existing volunteer, accepts, acts for the institution (creates an event, confirms hours),
 * and the audit names them; removed, their open tab can no longer act, with a clear message and
 * nothing changed. The invitation link then does nothing harmful for anyone, and says why.
 */
const ONG = "Casa do Caminho";
const PAST = "Mutirão de ontem";

const world = accountWorldForFile(
  {
    accounts: {
      ong: { kind: "institution", status: "APPROVED", name: ONG },
      ana: { kind: "volunteer", name: "Ana Souza" },
      bruno: { kind: "volunteer", name: "Bruno Lima" },
      bia: { kind: "volunteer", name: "Bia Prado" },
    },
    events: [
      { key: "past", institution: "ong", name: PAST, status: "APPROVED", eventDate: brazilDay(-1) },
    ],
    beforeStart: async (db, accounts) => {
      await setEventTimes(db, PAST, "09:00", "12:00");
      await seedParticipations(db, accounts, [[PAST, "bia", "CONFIRMED"]]);
      await acceptEveryTermo(db, accounts);
    },
  },
  { withPictures: true },
);

const url = (path: string) => `${world.server.url}${path}`;
let invitationPath = "";

async function phone(
  who: "ong" | "ana" | "bruno",
): Promise<{ page: Page; problems: () => string[] }> {
  return phonePage(world.browser, world.clients[who]);
}

describe("institutions are teams (issue 41)", () => {
  it("the responsável invites a coordinator by e-mail, from the team page", async () => {
    for (const width of WIDTHS) {
      const { page, problems } = await sizedPage(world.browser, width, world.clients.ong);
      await gotoHydrated(page, url("/app/instituicao/equipe"));
      await page.getByRole("heading", { name: "Equipe", level: 1 }).waitFor();
      await expectFinishedPage(page, problems, `equipe ${width}`, `teams/equipe-${width}`);
      await page.context().close();
    }
    const { page, problems } = await phone("ong");
    await gotoHydrated(page, url("/app/instituicao"));
    await page.getByRole("link", { name: /Equipe/ }).click();
    await page.waitForURL(url("/app/instituicao/equipe"));
    await page.getByLabel("E-mail da pessoa").fill(world.server.accounts.ana.email);
    await page.getByRole("button", { name: "Enviar convite" }).click();
    await page.getByText(`Convite enviado para ${world.server.accounts.ana.email}`).waitFor();
    await page.getByText(world.server.accounts.ana.email, { exact: true }).first().waitFor();
    await expectFinishedPage(page, problems, "convite enviado", "teams/convite-enviado-390");
    await page.context().close();

    const [mail] = await waitForMail(
      world.server.mailDir,
      world.server.accounts.ana.email,
      `convidou você para a equipe de ${ONG}`,
    );
    invitationPath = new URL(/https?:\/\/\S+\/convite\/[\w-]+/.exec(mail.text)?.[0] ?? "").pathname;
    expect(invitationPath).toMatch(/^\/convite\/[\w-]{43}$/);
  });

  it("someone else signed in is told whose invitation it is, and nothing happens", async () => {
    const { page, problems } = await phone("bruno");
    await gotoHydrated(page, url(invitationPath));
    await page
      .getByText(/^Este convite foi enviado para .+\*\*\*@.+ Entre com a conta desse e-mail/)
      .waitFor();
    expect(await page.getByRole("button", { name: "Aceitar convite" }).count()).toBe(0);
    await expectFinishedPage(
      page,
      problems,
      "convite de outra pessoa",
      "teams/convite-outra-pessoa-390",
    );
    // A post anyway: refused with the same words.
    const posted = await world.clients.bruno.post(invitationPath, {});
    expect(posted.status).toBe(403);
    expect(await world.clients.bruno.get("/app/instituicao")).toMatchObject({ status: 302 });
    await page.context().close();
  });

  it("the invitee accepts, acts for the institution, and the audit names them", async () => {
    const { page, problems } = await phone("ana");
    await gotoHydrated(page, url(invitationPath));
    await page.getByRole("heading", { name: ONG, level: 1 }).waitFor();
    await expectFinishedPage(page, problems, "convite", "teams/convite-390");
    await page.getByRole("button", { name: "Aceitar convite" }).click();
    await page.waitForURL(url(`/app/instituicao?equipe=${world.server.accounts.ong.id}`));
    await page.getByText(`Você agora faz parte da equipe de ${ONG}.`).waitFor();
    await page.getByText(/atua aqui como\s+coordenador\(a\)/).waitFor();
    // Coordinators do not edit the profile.
    expect(await page.getByRole("link", { name: /Editar perfil/ }).count()).toBe(0);
    await expectFinishedPage(
      page,
      problems,
      "área como coordenadora",
      "teams/area-coordenadora-390",
    );

    // Her header switches between her volunteer area and the institution.
    const ongArea = `/app/instituicao?equipe=${world.server.accounts.ong.id}`;
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("link", { name: "Minha área", exact: true }).click();
    await page.waitForURL(url("/app/voluntario"));
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("link", { name: `Equipe de ${ONG}` }).click();
    await page.waitForURL(url(ongArea));
    await page.getByText(/atua aqui como\s+coordenador\(a\)/).waitFor();

    // She creates an event (its form posted as the page posts it) ...
    const ana = world.clients.ana;
    expect((await ana.get(ongArea)).status).toBe(200);
    const created = await ana.post(
      "/app/novo-evento",
      eventFormData({ name: "Feira da Ana" }, world.files.cover),
    );
    expect(created.status).toBe(302);
    // ... and confirms the hours of yesterday's event.
    await gotoHydrated(page, url(`/app/eventos/${world.server.ids.past}/horas`));
    await page.getByRole("button", { name: "Confirmar horas de todos" }).click();
    await page.getByText("Horas confirmadas para 1 pessoa.").waitFor();
    expect(problems()).toEqual([]);

    // What her role reaches: not the profile; limited to some events, not the others' pages
    // nor the institution-wide ones.
    const refusedTo = async (path: string) => {
      const response = await ana.get(path);
      expect(response.status, path).toBe(302);
      return response.headers.get("location");
    };
    expect(await refusedTo("/app/atualizar-instituicao")).toBe("/app/instituicao");
    const role = (choice: string) =>
      world.clients.ong.post("/app/instituicao/equipe", {
        intent: "role",
        userId: world.server.accounts.ana.id,
        choice,
      });
    expect((await role("LIMITED")).status).toBe(302);
    expect(await refusedTo(`/app/eventos/${world.server.ids.past}/participantes`)).toBe(
      "/app/instituicao",
    );
    expect(await refusedTo("/app/instituicao/horas")).toBe("/app/instituicao");
    // The event she created is hers to run.
    const home = await (await ana.get("/app/instituicao")).text();
    expect(home).toContain("Feira da Ana");
    expect(home).not.toContain(PAST);
    expect((await role("COORDENADOR")).status).toBe(302);
    expect((await ana.get(`/app/eventos/${world.server.ids.past}/participantes`)).status).toBe(200);

    // Keeps a tab open on the message form while she is removed.
    await gotoHydrated(page, url(`/app/eventos/${world.server.ids.past}/mensagem`));
    const { page: ong } = await phone("ong");
    await gotoHydrated(ong, url("/app/instituicao/equipe"));
    await ong.getByRole("button", { name: "Remover Ana Souza" }).click();
    await ong.getByText("Ana Souza não faz mais parte da equipe.").waitFor();
    await ong.context().close();

    await page.getByLabel("Assunto").fill("Ponto de encontro");
    await page.getByLabel("Mensagem").fill("Nos vemos às 8h30 na praça, perto do coreto.");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await page
      .getByText("Você não faz mais parte da equipe desta instituição. Nada foi alterado.")
      .waitFor();
    await page.context().close();

    // The used link does nothing more, for her or anyone.
    const { page: again, problems: againProblems } = await phone("ana");
    await gotoHydrated(again, url(invitationPath));
    await again.getByRole("heading", { name: "Convite já usado", level: 1 }).waitFor();
    await expectFinishedPage(again, againProblems, "convite usado", "teams/convite-usado-390");
    await again.context().close();

    const [anaId, ongId] = [world.server.accounts.ana.id, world.server.accounts.ong.id];
    const { trail, messages, event } = await world.server.stopAndInspect(async (db) => ({
      trail: await db
        .select({ action: auditLog.action, actorId: auditLog.actorId, details: auditLog.details })
        .from(auditLog),
      messages: await db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(eq(emailOutbox.kind, "participants-message")),
      event: await db
        .select({ createdBy: events.createdBy })
        .from(events)
        .where(and(eq(events.name, "Feira da Ana"), eq(events.institutionId, ongId))),
    }));
    await closeDatabase();
    await world.server.restart();
    const by = (action: string) => trail.filter((entry) => entry.action === action);
    expect(by("team.invite").map((entry) => entry.actorId)).toEqual([ongId]);
    expect(by("team.join").map((entry) => entry.actorId)).toEqual([anaId]);
    expect(by("event.create").map((entry) => entry.actorId)).toEqual([anaId]);
    expect(by("hours.event-confirm").map((entry) => entry.actorId)).toEqual([anaId]);
    expect(by("team.remove")).toMatchObject([
      { actorId: ongId, details: { member: anaId, memberName: "Ana Souza" } },
    ]);
    expect(event).toEqual([{ createdBy: anaId }]);
    // The removed coordinator's last post sent nothing.
    expect(messages).toEqual([]);
  });
});
