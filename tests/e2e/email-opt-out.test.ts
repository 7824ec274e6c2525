import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOptOuts, emailOutbox } from "~/db/schema";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { type SmtpSink, startSmtpSink } from "../helpers/mail";

/**
 * The one-click opt-out (RFC 8058, ADR 0068) against the built server: a mail provider posts
 * "List-Unsubscribe=One-Click" to the address in the List-Unsubscribe header from its own
 * servers, with no cookie, no Origin, no JavaScript. That plain POST turns the kind off for the
 * address; a GET of the same address only shows a page (link scanners open links).
 */

let sink: SmtpSink;
let server: FixtureServer<"ana">;

const message = (to: string, kind: "participants-message" | "participation-reminder") => ({
  to,
  kind,
  dedupeKey: `opt-out:${kind}:${to}`,
  subject: kind === "participants-message" ? "Ponto de encontro" : "Lembrete: amanhã",
  text: "Texto.",
  html: "<p>Texto.</p>",
});

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startFixtureServer({
    accounts: { ana: { kind: "volunteer", name: "Ana Clara Souza" } },
    env: { SMTP_URL: sink.url },
    beforeStart: async (db, accounts) => {
      // Rows as the outbox writes them; the server's worker sends them with its headers.
      await db
        .insert(emailOutbox)
        .values([
          message(accounts.ana.email, "participants-message"),
          message(accounts.ana.email, "participation-reminder"),
        ]);
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

/** The List-Unsubscribe URL of the message with this subject, as the provider reads it. */
async function optOutUrl(subject: string): Promise<string> {
  const to = server.accounts.ana.email;
  await sink.waitForMessage(to);
  await sink.waitForMessage(to, { after: 1 }).catch(() => undefined);
  const found = sink.messages.find((mail) => mail.to.includes(to) && mail.subject === subject);
  if (!found)
    throw new Error(
      `no "${subject}" among ${JSON.stringify(sink.messages.map((m) => [m.to, m.subject]))}`,
    );
  const head = found.raw
    .replace(/\r\n/g, "\n")
    .split("\n\n")[0]
    ?.replace(/\n[ \t]+/g, " ");
  expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  return head?.match(/^List-Unsubscribe: <([^>]+)>/m)?.[1] ?? "";
}

/** A raw POST as a mail provider makes it: no cookie, no Origin, no Referer, no Fetch Metadata. */
function oneClick(url: string, body = "List-Unsubscribe=One-Click") {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
    redirect: "manual",
  });
}

describe("one-click opt-out", () => {
  it("a plain POST turns the kind off; a GET changes nothing; other addresses keep the Origin check", async () => {
    const messageUrl = new URL(await optOutUrl("Ponto de encontro"));
    const reminderUrl = new URL(await optOutUrl("Lembrete: amanhã"));
    // The links point at this server (BASE_URL); ask it on the address the test reaches.
    const local = (url: URL) => `${server.url}${url.pathname}${url.search}`;

    // Opening a link (a scanner, a preview) shows the page and its button, nothing more.
    for (const url of [messageUrl, reminderUrl]) {
      const page = await fetch(local(url));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Cancelar este tipo de e-mail");
      expect(html).toContain("<form");
    }

    const answer = await oneClick(local(messageUrl));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("Pronto, envio cancelado");

    // A forged token is refused with a message, never a 500; no other address skips the check.
    expect((await oneClick(`${server.url}/e-mail/cancelar?token=${"A".repeat(60)}`)).status).toBe(
      400,
    );
    expect((await oneClick(`${server.url}/e-mail/cancelar`)).status).toBe(400);
    expect((await oneClick(`${server.url}/app/e-mails`)).status).toBe(403);

    // Only the kind of the link that was posted is off (the GETs changed nothing): the outbox
    // withholds exactly what this row names (tests/integration/email-budget.test.ts).
    const optOuts = await server.stopAndInspect((db) => db.select().from(emailOptOuts));
    expect(
      optOuts.map(({ address, kinds, allOptional }) => ({ address, kinds, allOptional })),
    ).toEqual([
      {
        address: server.accounts.ana.email.toLowerCase(),
        kinds: ["participants-message"],
        allOptional: false,
      },
    ]);
  });
});
