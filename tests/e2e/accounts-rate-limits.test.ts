import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/security/rate-limit.server";
import {
  type AccountSpec,
  HttpClient,
  SESSION_COOKIE,
  type SeededAccount,
  testIp,
} from "../helpers/accounts";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { FAKE_PNG } from "../helpers/images";
import { readMailDir, resetLinkIn } from "../helpers/mail";
import { credentialsStep, profileStep } from "../helpers/signup-posts";
import { waitFor } from "../helpers/wait";

/**
 * Rate limits (docs/design.md 8; issue 3, reworked by issue 11 and ADR 0013): stored in the database,
 * counting wrong passwords only, per account for clients without the account's device cookie,
 * per trusted device, and per client network sized for a school behind one address. Past a
 * limit, a 429 that says how long to wait (and a Retry-After header); on the login pages, a link
 * to password recovery. This file's own server (no SMTP_URL: mail becomes .eml files in
 * DATA_DIR/mail), so the counters it fills never reach other tests; each test poses as its own
 * client address.
 */

const WAIT_15_MINUTES = "Muitas tentativas. Aguarde 15 minutos e tente novamente.";
const RECOVERY_LINK =
  /<a [^>]*href="\/auth\/esqueci-minha-senha"[^>]*>crie uma nova pelo e-mail<\/a>/;
const SCHOOL_SIZE = 40;

type Key = "target" | "device" | "frequent" | "changer" | "deleter" | "mailed" | `school${number}`;

let server: FixtureServer<Key>;

beforeAll(async () => {
  const school = Object.fromEntries(
    Array.from({ length: SCHOOL_SIZE }, (_, index) => [
      `school${index}`,
      { kind: "volunteer", name: `Estudante ${index + 1}` },
    ]),
  ) as Record<`school${number}`, AccountSpec>;
  server = await startFixtureServer<Key>({
    accounts: {
      target: { kind: "volunteer", name: "Tânia Alvo" },
      device: { kind: "volunteer", name: "Davi Aparelho" },
      frequent: { kind: "volunteer", name: "Fábio Frequente" },
      changer: { kind: "volunteer", name: "Clara Troca" },
      deleter: { kind: "volunteer", name: "Diana Exclui" },
      mailed: { kind: "volunteer", name: "Marcos Correio" },
      ...school,
    },
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

function pupil(index: number): SeededAccount {
  const account = server.accounts[`school${index}`];
  if (!account) throw new Error(`no school${index} account`);
  return account;
}

/**
 * Signs in and says whether a new session was opened (a 302 alone could be the login page
 * sending an already signed-in browser home).
 */
async function opensSession(client: HttpClient, who: { email: string; password: string }) {
  const response = await client.signIn(who);
  const session = response.headers
    .getSetCookie()
    .some((header) => header.startsWith(`${SESSION_COOKIE}=`) && !/Max-Age=0/i.test(header));
  return response.status === 302 && session;
}

/** A browser that signed in before and signed out since: only its device cookie is left. */
async function signedInBefore(who: { email: string; password: string }, ip?: string) {
  const client = new HttpClient(server.url, ip);
  expect(await opensSession(client, who)).toBe(true);
  expect((await client.post("/auth/sair", {})).status).toBe(302);
  expect(client.sessionToken).toBeUndefined();
  expect(client.cookies.has("conecta.device")).toBe(true);
  return client;
}

const wrong = (who: { email: string }) => ({ email: who.email, password: "senhaErrada123" });

/** A 429 that says how long to wait, in words and in Retry-After (at most `windowSeconds`). */
async function expectLimited(
  response: Response,
  { text = WAIT_15_MINUTES, windowSeconds = 15 * 60 } = {},
): Promise<string> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  const body = await response.text();
  expect(body).toContain(text);
  return body;
}

/** Runs `count` calls of `attempt`, `batch` at a time; returns their statuses. */
async function statuses(
  count: number,
  attempt: (index: number) => Promise<Response>,
  batch = 10,
): Promise<number[]> {
  const all: number[] = [];
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    const answers = await Promise.all(
      Array.from({ length: size }, (_, offset) => attempt(start + offset)),
    );
    all.push(...answers.map((response) => response.status));
  }
  return all;
}

describe("sign-in: wrong passwords only, and never against the owner", () => {
  it("owner not locked out: an attacker's failures refuse other clients, while the owner's device signs in", async () => {
    const who = server.accounts.target;
    const limit = RATE_LIMITS.signInFailuresPerAccount.limit;

    const first = await new HttpClient(server.url).signIn(who);
    const deviceCookie = first.headers
      .getSetCookie()
      .find((header) => header.startsWith("conecta.device="));
    expect(deviceCookie).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=15552000$/);
    // The owner signed in on this browser before: it holds a device cookie for the account.
    const owner = await signedInBefore(who);

    // The attacker: wrong passwords from many addresses, without the device cookie.
    const attacker = await statuses(limit, () => new HttpClient(server.url).signIn(wrong(who)));
    expect(attacker).toEqual(Array(limit).fill(401));

    // Past the limit, any client without the device cookie is refused, even with the right
    // password: told how long to wait, with the way in that does not wait.
    for (const door of ["/auth/login", "/admin/login"] as const) {
      const refused = await new HttpClient(server.url).signIn(who, door);
      const body = await expectLimited(refused);
      expect(body, door).toMatch(RECOVERY_LINK);
    }

    // The owner's browser still signs in with the right password, from any address.
    const elsewhere = new HttpClient(server.url);
    for (const [name, value] of owner.cookies) elsewhere.cookies.set(name, value);
    expect(await opensSession(owner, who)).toBe(true);
    expect(await opensSession(elsewhere, who)).toBe(true);

    // Every attempt is logged, with which budget refused it.
    const entries = server.logEntries();
    expect(entries).toContainEqual(
      expect.objectContaining({
        msg: "sign-in failure",
        reason: "invalid-credentials",
        door: "user",
        email: who.email,
        trustedDevice: false,
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        msg: "sign-in rate-limited",
        email: who.email,
        limits: ["account"],
        trustedDevice: false,
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ msg: "sign-in success", email: who.email, trustedDevice: true }),
    );
  });

  it("a trusted device has a failure budget of its own, apart from the account's", async () => {
    const who = server.accounts.device;
    const device = await signedInBefore(who);
    const limit = RATE_LIMITS.signInFailuresPerDevice.limit;
    for (let attempt = 1; attempt <= limit; attempt++) {
      expect((await device.signIn(wrong(who))).status, `attempt ${attempt}`).toBe(401);
    }
    // Someone at this device guessing: the device is refused, even with the right password ...
    await expectLimited(await device.signIn(who));
    // ... while the account's own budget was not spent: another browser signs in.
    expect(await opensSession(new HttpClient(server.url), who)).toBe(true);
  });

  it("successes never count: many right passwords from one address leave every budget whole", async () => {
    const who = server.accounts.frequent;
    const ip = testIp();
    // Fresh clients (no device cookie) on one address: more successes than any limit.
    const successes = await statuses(30, () => new HttpClient(server.url, ip).signIn(who), 5);
    expect(successes).toEqual(Array(30).fill(302));

    // The account's whole budget of failures is still there, then it is spent.
    const limit = RATE_LIMITS.signInFailuresPerAccount.limit;
    const failures = await statuses(limit, () => new HttpClient(server.url, ip).signIn(wrong(who)));
    expect(failures).toEqual(Array(limit).fill(401));
    await expectLimited(await new HttpClient(server.url, ip).signIn(who));
  });

  it(`${SCHOOL_SIZE} different accounts signing in from one address are all let in, a typo each included`, async () => {
    const ip = testIp();
    const pupils = Array.from({ length: SCHOOL_SIZE }, (_, index) => pupil(index));
    const answers = await Promise.all(
      pupils.map(async (who) => {
        const client = new HttpClient(server.url, ip);
        const typo = await client.signIn(wrong(who));
        const right = await client.signIn(who);
        return [typo.status, right.status];
      }),
    );
    expect(answers).toEqual(Array(SCHOOL_SIZE).fill([401, 302]));
  });

  it("per network: past its budget of wrong passwords, clients there without a device cookie wait; other networks and trusted devices do not", async () => {
    const ip = testIp();
    const limit = RATE_LIMITS.signInFailuresPerNetwork.limit;
    // A password sprayed over many e-mails, none reaching its account's own limit.
    const sprayed = await statuses(limit, (index) =>
      new HttpClient(server.url, ip).signIn({
        email: `spray${index}@teste.org.br`,
        password: "senhaErrada123",
      }),
    );
    expect(sprayed).toEqual(Array(limit).fill(401));
    const refused = await new HttpClient(server.url, ip).signIn({
      email: "mais.um@teste.org.br",
      password: "senhaErrada123",
    });
    expect(await expectLimited(refused)).toMatch(RECOVERY_LINK);
    expect(
      server.logEntries().filter((entry) => entry.msg === "sign-in rate-limited"),
    ).toContainEqual(
      expect.objectContaining({ email: "mais.um@teste.org.br", limits: ["network"] }),
    );

    // Another address is not affected.
    const other = await new HttpClient(server.url).signIn({
      email: "mais.um@teste.org.br",
      password: "senhaErrada123",
    });
    expect(other.status).toBe(401);

    // Someone whose browser signed in before (elsewhere) is let in from the busy address.
    const trusted = await signedInBefore(pupil(0));
    const atSchool = new HttpClient(server.url, ip);
    for (const [name, value] of trusted.cookies) atSchool.cookies.set(name, value);
    expect(await opensSession(atSchool, pupil(0))).toBe(true);
  });
});

describe("current password on change-password and account deletion", () => {
  const budget = RATE_LIMITS.currentPasswordFailuresPerAccount.limit;

  async function signedIn(who: { email: string; password: string }): Promise<HttpClient> {
    const client = new HttpClient(server.url);
    expect((await client.signIn(who)).status).toBe(302);
    return client;
  }

  const change = (client: HttpClient, currentPassword: string, newPassword: string) =>
    client.post("/app/atualizar-senha", {
      currentPassword,
      newPassword,
      confirmPassword: newPassword,
    });

  it("change-password current-password limit: wrong ones count per account, right ones never; then 429, also on account deletion", async () => {
    const who = server.accounts.changer;
    const client = await signedIn(who);
    // A right current password does not spend the budget.
    const newPassword = "trocada2026senha";
    expect((await change(client, who.password, newPassword)).status).toBe(302);

    for (let attempt = 1; attempt <= budget; attempt++) {
      const response = await change(client, `chute${attempt}2026`, "outra2026senha");
      expect(response.status, `attempt ${attempt}`).toBe(400);
      expect(await response.text()).toContain("Senha atual inválida.");
    }
    // Past the budget even the right current password waits.
    await expectLimited(await change(client, newPassword, "outra2026senha"));
    // One budget per account for both pages that ask for the current password.
    await expectLimited(await client.post("/app/meus-dados", { password: newPassword }));
    // Nothing changed: the password is still the one set above.
    expect(
      (await new HttpClient(server.url).signIn({ ...who, password: newPassword })).status,
    ).toBe(302);
  });

  it("account deletion limit: wrong passwords count; past the budget the right one waits and the account stays", async () => {
    const who = server.accounts.deleter;
    const client = await signedIn(who);
    for (let attempt = 1; attempt <= budget; attempt++) {
      const response = await client.post("/app/meus-dados", { password: `chute${attempt}2026` });
      expect(response.status, `attempt ${attempt}`).toBe(400);
      expect(await response.text()).toContain("Senha incorreta. A conta não foi excluída.");
    }
    await expectLimited(await client.post("/app/meus-dados", { password: who.password }));
    expect((await new HttpClient(server.url).signIn(who)).status).toBe(302);
  });
});

describe("forgot password", () => {
  it("per network: sized for a class that all forgot at once, then 429 with the wait in minutes", async () => {
    const ip = testIp();
    const limit = RATE_LIMITS.forgotPasswordPerNetwork.limit;
    const answers = await statuses(limit, (index) =>
      new HttpClient(server.url, ip).post("/auth/esqueci-minha-senha", {
        email: `pedido${index}@teste.org.br`,
      }),
    );
    expect(answers).toEqual(Array(limit).fill(200));
    await expectLimited(
      await new HttpClient(server.url, ip).post("/auth/esqueci-minha-senha", {
        email: "mais.um.pedido@teste.org.br",
      }),
      {
        text: "Muitas tentativas. Aguarde 60 minutos e tente novamente.",
        windowSeconds: 60 * 60,
      },
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

  it("the e-mail check of step 2: sized for a school per network, then 429", async () => {
    const client = new HttpClient(server.url);
    await draftAtCredentials(client);
    const limit = RATE_LIMITS.emailCheckPerNetwork.limit;
    // A registered e-mail keeps the draft on step 2, so each post is one more check.
    const answers = await statuses(
      limit,
      () => client.post("/auth/cadastro", credentialsStep(server.accounts.target.email)),
      20,
    );
    expect(answers).toEqual(Array(limit).fill(400));
    const refused = await client.post(
      "/auth/cadastro",
      credentialsStep(server.accounts.target.email),
    );
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Muitas tentativas.");
  });

  it("account creation: sized for a school per network, then 429", async () => {
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
        birthDate: "15/03/1995",
      }))
        form.set(name, value);
      // Refused after the limit is counted, so nothing is created and the draft stays here.
      form.set("previewImage", new File([FAKE_PNG.buffer], FAKE_PNG.name, { type: "image/png" }));
      return form;
    };
    const limit = RATE_LIMITS.signUpPerNetwork.limit;
    const answers = await statuses(limit, () => client.post("/auth/cadastro", lastStep()), 10);
    expect(answers).toEqual(Array(limit).fill(400));
    const refused = await client.post("/auth/cadastro", lastStep());
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Muitas tentativas.");
  });
});
