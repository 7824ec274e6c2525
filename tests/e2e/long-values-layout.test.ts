import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MAX_LENGTH } from "~/config/constants";
import {
  agreements,
  auditLog,
  certificateHolders,
  certificates,
  events,
  institutions,
  participations,
  volunteerHours,
  volunteerRequests,
  volunteers,
} from "~/db/schema";
import { launchBrowser } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { overflowingElements } from "../helpers/layout";
import { logServerOnFailure, phonePage, signedInClient } from "../helpers/members";
import { brazilDay, seedParticipations } from "../helpers/participation-seeds";
import { shot } from "../helpers/screenshots";
import { signInPage } from "./admin-support";

/**
 * Issue 39, item 9: every admin and member list filled with the longest values the forms accept
 * (50-character names and e-mails, 80-character summaries, a long city, long event names), read
 * at 390 px: no page scrolls sideways and nothing runs past its box. The Auditoria entry whose
 * actor has a 50-character e-mail ran 417-429 px wide before.
 */

/**
 * An address of exactly `MAX_LENGTH.email` characters, most of it one local part with no place
 * to break but its dots (none, for the browser): the shape that ran past the Auditoria's cards.
 */
function longEmail(local: string): string {
  const domain = "@ig.br";
  const room = MAX_LENGTH.email - domain.length;
  return `${local.padEnd(room, "x").slice(0, room)}${domain}`;
}
const fifty = (text: string) => text.padEnd(50, " ").slice(0, 50).trimEnd().padEnd(50, "a");

const VOLUNTEER_NAME = fifty("Maria Aparecida dos Santos Oliveira Figueiredo Lim");
const OTHER_NAME = fifty("Josefina Conceição Albuquerque de Vasconcelos Bra");
const INSTITUTION_NAME = fifty("Associação Beneficente de Amparo ao Desenvolviment");
const EVENT_NAME = fifty("Mutirão de Revitalização Socioambiental da Comunid");
const PAST_EVENT_NAME = fifty("Oficina de Reaproveitamento de Alimentos e Hortas ");
const CITY = "Vila Bela da Santíssima Trindade";
const SUMMARY =
  "Apoio escolar, reforço de leitura e acompanhamento de crianças em vulnerabilid".padEnd(80, "e");
const TERMO_BODY = `TERMO DE ADESÃO\n${EVENT_NAME}\n\nTexto do termo.`;

type Key = "admin" | "volunteer" | "other" | "institution";
let server: FixtureServer<Key>;
let browser: Browser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startFixtureServer({
    accounts: {
      admin: {
        kind: "admin",
        name: fifty("Administradora Responsável pela Moderação de Cada"),
        email: longEmail("administradora.responsavel.moderacao"),
      },
      volunteer: {
        kind: "volunteer",
        name: VOLUNTEER_NAME,
        email: longEmail("maria.aparecida.figueiredo"),
      },
      other: {
        kind: "volunteer",
        name: OTHER_NAME,
        email: longEmail("josefina.albuquerque.vasconcelos"),
      },
      institution: {
        kind: "institution",
        status: "APPROVED",
        name: INSTITUTION_NAME,
        email: longEmail("contato.institucional.associacao"),
      },
    },
    events: [
      {
        key: "upcoming",
        institution: "institution",
        name: EVENT_NAME,
        status: "APPROVED",
        places: 1,
      },
      {
        key: "past",
        institution: "institution",
        name: PAST_EVENT_NAME,
        status: "APPROVED",
        eventDate: brazilDay(-3),
      },
      {
        key: "pending",
        institution: "institution",
        name: fifty("Campanha de Arrecadação de Agasalhos para o Invern"),
        status: "PENDING",
      },
    ],
    applications: [
      {
        key: "pendingApplication",
        volunteer: "other",
        institution: "institution",
        message: SUMMARY,
      },
      {
        key: "accepted",
        volunteer: "volunteer",
        institution: "institution",
        status: "ACCEPTED",
        message: SUMMARY,
      },
    ],
    beforeStart: async (db, accounts) => {
      const id = (key: Key) => accounts[key].id;
      await db
        .update(volunteers)
        .set({ city: CITY, state: "MT", summary: SUMMARY })
        .where(inArray(volunteers.userId, [id("volunteer"), id("other")]));
      await db
        .update(institutions)
        .set({
          city: CITY,
          state: "MT",
          summary: SUMMARY,
          proposedName: fifty("Instituto de Promoção Humana e Cidadania Plena do "),
        })
        .where(eq(institutions.userId, id("institution")));
      await db
        .update(events)
        .set({ city: CITY, state: "MT", resume: SUMMARY })
        .where(eq(events.institutionId, id("institution")));
      // One place: the volunteer holds it, the other waits, then each leaves a past event.
      await seedParticipations(db, accounts, [
        [EVENT_NAME, "volunteer", "CONFIRMED"],
        [EVENT_NAME, "other", "WAITLISTED"],
        [PAST_EVENT_NAME, "volunteer", "CONFIRMED"],
        [PAST_EVENT_NAME, "other", "CANCELLED"],
      ]);
      const [past] = await db
        .select({ id: events.id })
        .from(events)
        .where(eq(events.name, PAST_EVENT_NAME));
      const [place] = await db
        .select({ id: participations.id })
        .from(participations)
        .where(eq(participations.userId, id("volunteer")));
      const [request] = await db
        .select({ id: volunteerRequests.id })
        .from(volunteerRequests)
        .where(eq(volunteerRequests.status, "ACCEPTED"));
      await db.insert(volunteerHours).values([
        {
          volunteerId: id("volunteer"),
          institutionId: id("institution"),
          kind: "EVENT",
          eventId: past?.id ?? "",
          workedOn: brazilDay(-3),
          minutes: 240,
          status: "CONFIRMED",
          loggedBy: "INSTITUTION",
        },
        {
          volunteerId: id("volunteer"),
          institutionId: id("institution"),
          kind: "ONGOING",
          requestId: request?.id ?? "",
          workedOn: `${brazilDay(-40).slice(0, 7)}-01`,
          minutes: 600,
          description: SUMMARY,
          status: "PENDING",
          loggedBy: "VOLUNTEER",
        },
      ]);
      await db.insert(agreements).values({
        volunteerId: id("volunteer"),
        institutionId: id("institution"),
        kind: "EVENT",
        participationId: place?.id ?? "",
        activity: EVENT_NAME,
        templateVersion: "layout",
        body: TERMO_BODY,
        bodySha256: createHash("sha256").update(TERMO_BODY).digest("hex"),
      });
      const [certificate] = await db
        .insert(certificates)
        .values({
          code: "BCDEFG0HJKM2",
          volunteerId: id("volunteer"),
          institutionId: id("institution"),
          scope: "EVENT",
          requestKey: "long-values-layout",
          institutionName: INSTITUTION_NAME,
          institutionCnpj: accounts.institution.cnpj ?? "",
          issuedPlace: `${CITY}/MT`,
          activity: PAST_EVENT_NAME,
          periodFrom: brazilDay(-3),
          periodTo: brazilDay(-3),
          totalMinutes: 240,
          hours: [
            { workedOn: brazilDay(-3), kind: "EVENT", activity: PAST_EVENT_NAME, minutes: 240 },
          ],
          issuedAt: new Date(),
          issuedBy: id("volunteer"),
          issuedByRole: "VOLUNTEER",
        })
        .returning({ id: certificates.id });
      await db.insert(certificateHolders).values({
        certificateId: certificate?.id ?? "",
        volunteerId: id("volunteer"),
        name: VOLUNTEER_NAME,
      });
      // The trail: entries whose actors and records carry the longest names and e-mails.
      await db.insert(auditLog).values([
        {
          actorId: id("institution"),
          action: "participant.remove",
          targetType: "user",
          targetId: id("other"),
          details: { name: OTHER_NAME, event: EVENT_NAME },
        },
        {
          actorId: id("admin"),
          action: "event.approve",
          targetType: "event",
          targetId: past?.id ?? "",
          details: { name: PAST_EVENT_NAME, status: "APPROVED" },
        },
        {
          actorId: id("volunteer"),
          action: "certificate.issue",
          targetType: "certificate",
          targetId: certificate?.id ?? "",
          details: { name: "Certificado BCDEFG0HJKM2" },
        },
      ]);
      ids.past = past?.id ?? "";
    },
  });
  browser = await launchBrowser();
});

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page at 390 px: no sideways scroll, nothing past its box; a screenshot to look at. */
async function expectFits(page: Page, url: string, name: string) {
  const response = await page.goto(`${server.url}${url}`);
  expect(response?.status(), url).toBe(200);
  await page.waitForLoadState("networkidle");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  await shot(page, `long-values/${name}`);
  expect(width, `${url} scrolls sideways`).toBeLessThanOrEqual(390);
  expect(await overflowingElements(page), url).toEqual([]);
}

describe("the longest values at 390 px", () => {
  it("every admin list and record", async () => {
    const { page } = await signInPage(browser, server.url, server.accounts.admin, "/admin/login", {
      width: 390,
      height: 844,
    });
    const account = (key: Key) => server.accounts[key].id;
    for (const [name, query] of [
      ["auditoria", "secao=auditoria"],
      ["dashboard", "secao=dashboard"],
      ["voluntarios", "secao=voluntarios"],
      ["instituicoes", "secao=instituicoes&aba=todas"],
      ["eventos", "secao=eventos&situacao=todos&periodo=todas"],
      ["voluntario", `secao=voluntario&id=${account("volunteer")}`],
      ["instituicao", `secao=instituicao&id=${account("institution")}`],
      ["evento", `secao=evento&id=${ids.past}`],
    ] as const) {
      await expectFits(page, `/admin/dashboard?${query}`, `admin-${name}`);
    }
    await page.context().close();
  });

  it("every list of the institution", async () => {
    const client = await signedInClient(server, server.accounts.institution);
    const { page } = await phonePage(browser, client);
    const upcoming = server.ids.upcoming ?? "";
    for (const [name, url] of [
      ["inicio", "/app/instituicao"],
      ["participantes", `/app/eventos/${upcoming}/participantes`],
      ["participantes-passado", `/app/eventos/${ids.past}/participantes`],
      ["mensagem", `/app/eventos/${upcoming}/mensagem`],
      ["horas-evento", `/app/eventos/${ids.past}/horas`],
      ["horas", "/app/instituicao/horas"],
      ["certificados", "/app/instituicao/certificados"],
      ["termos", "/app/instituicao/termos"],
    ] as const) {
      await expectFits(page, url, `instituicao-${name}`);
    }
    await page.context().close();
  });

  it("every list of the volunteer", async () => {
    const client = await signedInClient(server, server.accounts.volunteer);
    const { page } = await phonePage(browser, client);
    for (const [name, url] of [
      ["inicio", "/app/voluntario"],
      ["jornada", "/app/jornada"],
      ["certificados", "/app/certificados"],
      ["termos", "/app/termos"],
    ] as const) {
      await expectFits(page, url, `voluntario-${name}`);
    }
    await page.context().close();
  });
});
