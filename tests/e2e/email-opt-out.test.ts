import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueEmail } from "~/email/outbox.server";
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
  sender: null,
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
      await enqueueEmail(db, message(accounts.ana.email, "participants-message"));
      await enqueueEmail(db, message(accounts.ana.email, "participation-reminder"));
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
  for (;;) {
    const found = sink.messages.find((mail) => mail.to.includes(to) && mail.subject === subject);
    if (found) {
      const head = found.raw
        .replace(/\r\n/g, "\n")
        .split("\n\n")[0]
        ?.replace(/\n[ \t]+/g, " ");
      expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      return head?.match(/^List-Unsubscribe: <([^>]+)>/m)?.[1] ?? "";
    }
    await sink.waitForMessage(to);
  }
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

    const ana = server.accounts.ana.email;
    const queued = await server.stopAndInspect(async (db) => ({
      message: await enqueueEmail(db, {
        ...message(ana, "participants-message"),
        dedupeKey: "again:1",
      }),
      reminder: await enqueueEmail(db, {
        ...message(ana, "participation-reminder"),
        dedupeKey: "again:2",
      }),
    }));
    expect(queued).toEqual({ message: false, reminder: true });
  });
});
