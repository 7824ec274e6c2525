import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AccountsServer, HttpClient, startAccountsServer } from "../helpers/accounts";
import { FAKE_PNG } from "../helpers/images";
import { readMailDir, resetLinkIn } from "../helpers/mail";
import { credentialsStep, profileStep } from "../helpers/signup-posts";
import { waitFor } from "../helpers/wait";

/**
 * Issue 3, rate limits (DESIGN.md 8): stored in the database, per client address and per
 * account; past the limit a 429 with "Muitas tentativas. Aguarde alguns minutos e tente
 * novamente." This file's own server (no SMTP_URL: mail becomes .eml files in DATA_DIR/mail), so
 * the counters it fills never reach other tests; each test poses as its own client address.
 */

const LIMITED = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";

let server: AccountsServer<"target" | "mailed">;

beforeAll(async () => {
  server = await startAccountsServer({
    target: { kind: "volunteer", name: "Tânia Alvo" },
    mailed: { kind: "volunteer", name: "Marcos Correio" },
  });
});

afterAll(async () => {
  await server?.stop();
});

async function expectLimited(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  expect(await response.text()).toContain(LIMITED);
}

describe("sign-in", () => {
  it("per account: 5 attempts in 15 minutes, then 429 even with the right password, from any address", async () => {
    const who = server.accounts.target;
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await new HttpClient(server.url).signIn({
        ...who,
        password: `errada${attempt}x`,
      });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    await expectLimited(await new HttpClient(server.url).signIn(who));
    // Every attempt is logged.
    expect(server.logEntries()).toContainEqual(
      expect.objectContaining({
        msg: "sign-in failure",
        reason: "invalid-credentials",
        door: "user",
        email: who.email,
      }),
    );
    expect(server.logEntries()).toContainEqual(
      expect.objectContaining({ msg: "sign-in rate-limited", door: "user", email: who.email }),
    );
  });

  it("per address: 20 attempts in 15 minutes, then 429 (whatever the e-mail)", async () => {
    const client = new HttpClient(server.url);
    // All at once (each unknown e-mail still costs a password hash): the counter is one atomic
    // upsert in the database, so concurrent attempts are counted like sequential ones.
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        client
          .signIn({ email: `tentativa${index + 1}@teste.org.br`, password: "qualquer123" })
          .then((response) => response.status),
      ),
    );
    expect(statuses).toEqual(Array(20).fill(401));
    await expectLimited(
      await client.signIn({ email: "mais.uma@teste.org.br", password: "qualquer123" }),
    );
    // Another address is not affected.
    const other = await new HttpClient(server.url).signIn({
      email: "mais.uma@teste.org.br",
      password: "qualquer123",
    });
    expect(other.status).toBe(401);
  });
});

describe("forgot password", () => {
  it("per address: 10 requests an hour, then 429", async () => {
    const client = new HttpClient(server.url);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await client.post("/auth/esqueci-minha-senha", {
        email: `pedido${attempt}@teste.org.br`,
      });
      expect(response.status, `request ${attempt}`).toBe(200);
    }
    await expectLimited(
      await client.post("/auth/esqueci-minha-senha", { email: "pedido11@teste.org.br" }),
    );
  });

  it("without SMTP_URL the e-mail is an .eml file in DATA_DIR/mail, with the reset link", async () => {
    const who = server.accounts.mailed;
    const response = await new HttpClient(server.url).post("/auth/esqueci-minha-senha", {
      email: who.email,
    });
    expect(response.status).toBe(200);
    const mailDir = path.join(server.dataDir, "mail");
    const email = await waitFor(
      async () => (await readMailDir(mailDir)).find((message) => message.to.includes(who.email)),
      { message: `an .eml file for ${who.email}` },
    );
    expect(email.subject).toBe("Redefinição de senha - Conecta Voluntário");
    expect(resetLinkIn(email)).toMatch(
      new RegExp(`^${server.url}/auth/resetar-senha\\?token=[\\w.-]+$`),
    );
    expect(server.logEntries()).toContainEqual(
      expect.objectContaining({
        msg: "mail written",
        to: who.email,
        subject: "Redefinição de senha - Conecta Voluntário",
      }),
    );
  });
});

describe("sign-up", () => {
  /** A sign-up draft of this client at step 2 (the credentials). */
  async function draftAtCredentials(client: HttpClient): Promise<void> {
    expect((await client.post("/auth/cadastro", profileStep("VOLUNTEER"))).status).toBe(302);
  }

  it("the e-mail check of step 2: 30 an address per 15 minutes, then 429", async () => {
    const client = new HttpClient(server.url);
    await draftAtCredentials(client);
    // A registered e-mail keeps the draft on step 2, so each post is one more check.
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        client.post("/auth/cadastro", credentialsStep(server.accounts.target.email)),
      ),
    );
    expect(answers.map((response) => response.status)).toEqual(Array(30).fill(400));
    expect(await answers[0]?.text()).toContain("E-mail já cadastrado.");
    await expectLimited(
      await client.post("/auth/cadastro", credentialsStep(server.accounts.target.email)),
    );
  });

  it("account creation: 10 an address per hour, then 429", async () => {
    const client = new HttpClient(server.url);
    await draftAtCredentials(client);
    expect(
      (await client.post("/auth/cadastro", credentialsStep("limite@teste.org.br"))).status,
    ).toBe(302);
    const lastStep = () => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        step: "3",
        intent: "next",
        name: "Pedro Limite",
        uf: "SP",
        city: "São Paulo",
        resume: "Quero ajudar em mutirões de limpeza.",
      }))
        form.set(name, value);
      // Refused after the limit is counted, so nothing is created and the draft stays here.
      form.set("previewImage", new File([FAKE_PNG.buffer], FAKE_PNG.name, { type: "image/png" }));
      return form;
    };
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await client.post("/auth/cadastro", lastStep());
      expect(response.status, `attempt ${attempt}`).toBe(400);
    }
    await expectLimited(await client.post("/auth/cadastro", lastStep()));
  });
});
