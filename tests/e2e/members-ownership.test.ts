import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, events, volunteerRequests } from "~/db/schema";
import { accountWorldForFile } from "../helpers/account-world";
import { redirectTarget } from "../helpers/accounts";
import { makeJpeg } from "../helpers/images";
import { dataUrl, eventFormData } from "../helpers/members";

/**
 * Issue 5, access on the server: institution A cannot read or change institution B's events or
 * applications, whether it asks for a page, a `.data` request (client-side navigation) or posts
 * a form with B's ids; a volunteer cannot reach institution pages. Every refusal leaves the
 * database as it was.
 */

const B_SECRETS = ["Evento da B", "Feira da B", "Mensagem só para a instituição B"];

const world = accountWorldForFile(
  {
    accounts: {
      instA: { kind: "institution", status: "APPROVED", name: "Instituição Alfa" },
      instB: { kind: "institution", status: "APPROVED", name: "Instituição Beta" },
      volunteer: { kind: "volunteer", name: "Vera Voluntária" },
      volunteer2: { kind: "volunteer", name: "Otávio Voluntário" },
    },
    events: [
      { key: "bEvent", institution: "instB", name: "Evento da B", status: "PENDING" },
      { key: "bApproved", institution: "instB", name: "Feira da B", status: "APPROVED" },
      { key: "aEvent", institution: "instA", name: "Evento da A", status: "PENDING" },
    ],
    applications: [
      {
        key: "bApp",
        volunteer: "volunteer",
        institution: "instB",
        message: "Mensagem só para a instituição B",
      },
      { key: "aApp", volunteer: "volunteer2", institution: "instA" },
    ],
  },
  { withBrowser: false },
);

const id = (key: string) => world.server.ids[key] ?? "";
const HOME_ID = "routes/app.instituicao";
const EDIT_ID = "routes/app.eventos.$id.editar";

function expectNoSecrets(body: string, what: string) {
  for (const secret of B_SECRETS) expect(body, what).not.toContain(secret);
  expect(body, what).not.toContain(world.server.accounts.volunteer.email);
}

/** A complete, valid event form: only ownership can make it fail. */
async function validEventForm(): Promise<FormData> {
  return eventFormData({ name: "Tomado pela A" }, { buffer: await makeJpeg() });
}

describe("institution A against institution B", () => {
  it("A's home, as a page and as .data, shows none of B's events or applications", async () => {
    const page = await world.clients.instA.get("/app/instituicao");
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain("Evento da A");
    expectNoSecrets(body, "page");
    const data = await world.clients.instA.get(dataUrl("/app/instituicao", HOME_ID));
    expect(data.status).toBe(200);
    expectNoSecrets(await data.text(), ".data");
  });

  it("the confirmation for cancelling B's event does not open for A", async () => {
    for (const url of [
      `/app/instituicao?cancelar=${id("bEvent")}`,
      dataUrl(`/app/instituicao?cancelar=${id("bEvent")}`, HOME_ID),
    ]) {
      const response = await world.clients.instA.get(url);
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).not.toContain("Cancelar evento?");
      expectNoSecrets(body, url);
    }
  });

  it("B's event edit page answers 404 to A (page and .data)", async () => {
    const url = `/app/eventos/${id("bEvent")}/editar`;
    const page = await world.clients.instA.get(url);
    expect(page.status).toBe(404);
    expectNoSecrets(await page.text(), url);
    const data = await world.clients.instA.get(dataUrl(url, EDIT_ID));
    expect(data.status).toBe(404);
    expectNoSecrets(await data.text(), `${url} (.data)`);
    // The owner gets the form.
    expect((await world.clients.instB.get(url)).status).toBe(200);
  });

  it("posting B's ids is refused: cancel, accept, decline, edit (form and .data)", async () => {
    const attempts: [string, Record<string, string>, string][] = [
      [
        "/app/instituicao",
        { intent: "cancel-event", id: id("bApproved") },
        "Evento não encontrado.",
      ],
      ["/app/instituicao", { intent: "cancel-event", id: id("bEvent") }, "Evento não encontrado."],
      ["/app/instituicao", { intent: "accept", id: id("bApp") }, "Candidatura não encontrada."],
      ["/app/instituicao", { intent: "decline", id: id("bApp") }, "Candidatura não encontrada."],
      ["/app/instituicao", { intent: "accept", id: "nao-e-um-id" }, "Candidatura não encontrada."],
    ];
    for (const [url, form, message] of attempts) {
      for (const target of [url, dataUrl(url, HOME_ID)]) {
        const response = await world.clients.instA.post(target, form);
        expect(response.status, `${form.intent} ${form.id} → ${target}`).toBe(404);
        expect(await response.text()).toContain(message);
      }
    }
    const editUrl = `/app/eventos/${id("bEvent")}/editar`;
    for (const target of [editUrl, dataUrl(editUrl, EDIT_ID)]) {
      const response = await world.clients.instA.post(target, await validEventForm());
      expect(response.status, target).toBe(404);
    }
  });

  it("B still sees its own things untouched, and its approved event is still public", async () => {
    const body = await (await world.clients.instB.get("/app/instituicao")).text();
    for (const secret of B_SECRETS) expect(body).toContain(secret);
    expect((await fetch(`${world.server.url}/eventos/${id("bApproved")}`)).status).toBe(200);
  });
});

describe("a volunteer against institution pages", () => {
  const institutionPages = [
    ["/app/instituicao", HOME_ID],
    ["/app/atualizar-instituicao", "routes/app.atualizar-instituicao"],
    ["/app/novo-evento", "routes/app.novo-evento"],
    ["/app/eventos/:id/editar", EDIT_ID],
  ] as const;

  it.each(institutionPages)(
    "%s: page, .data and POST all go to the home page",
    async (path, routeId) => {
      const url = path.replace(":id", id("aEvent"));
      const page = await world.clients.volunteer.get(url);
      expect(await redirectTarget(page)).toBe("/");
      const data = await world.clients.volunteer.get(dataUrl(url, routeId));
      expect(await redirectTarget(data)).toBe("/");
      const post = await world.clients.volunteer.post(url, { intent: "accept", id: id("aApp") });
      expect(await redirectTarget(post)).toBe("/");
      const postData = await world.clients.volunteer.post(dataUrl(url, routeId), {
        intent: "cancel-event",
        id: id("aEvent"),
      });
      expect(await redirectTarget(postData)).toBe("/");
    },
  );

  it("an institution cannot open the volunteer's profile form either", async () => {
    const response = await world.clients.instA.get("/app/atualizar-voluntario");
    expect(await redirectTarget(response)).toBe("/");
  });
});

describe("after every refusal", () => {
  it("the database is as it was: statuses, names and no decision e-mail", async () => {
    const db = await world.server.stopAndOpenDatabase();
    const rows = await db
      .select({ id: events.id, name: events.name, status: events.status })
      .from(events)
      .where(inArray(events.id, [id("bEvent"), id("bApproved"), id("aEvent")]));
    expect(Object.fromEntries(rows.map((row) => [row.name, row.status]))).toEqual({
      "Evento da B": "PENDING",
      "Feira da B": "APPROVED",
      "Evento da A": "PENDING",
    });
    const requests = await db
      .select({ id: volunteerRequests.id, status: volunteerRequests.status })
      .from(volunteerRequests);
    expect(requests.map((row) => row.status)).toEqual(["PENDING", "PENDING"]);
    const decisions = await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "application-decision"));
    expect(decisions).toEqual([]);
  });
});
