import { randomBytes, randomInt } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { createInstitutionAccount, createVolunteerAccount } from "~/auth/create-account.server";
import {
  closeDatabase,
  type Database,
  type DatabaseTarget,
  openDatabase,
} from "~/db/client.server";
import { accounts, institutions, users } from "~/db/schema";
import { processImageUpload } from "~/images/pipeline.server";
import { makeJpeg } from "./images";

/**
 * Accounts for end-to-end tests, written straight into a fresh DATA_DIR before the server starts
 * (through the app's own account-creation code), so each test file knows exactly who exists:
 * volunteers, institutions in each review state and administrators. Plus a cookie-keeping HTTP
 * client for the tests that talk to the server without a browser.
 */

/** Every fixture account signs in with this password (8+ characters, a letter and a number). */
export const FIXTURE_PASSWORD = "senhaDeTeste2026";

export type AccountSpec =
  | { kind: "volunteer"; name?: string; email?: string }
  | {
      kind: "institution";
      status: "PENDING" | "APPROVED" | "REJECTED";
      name?: string;
      email?: string;
      cnpj?: string;
    }
  | { kind: "admin"; name?: string; email?: string };

export interface SeededAccount {
  id: string;
  kind: AccountSpec["kind"];
  email: string;
  password: string;
  name: string;
  /** Institutions only: the CNPJ as stored (14 characters, no punctuation). */
  cnpj?: string;
}

// ------------------------------------------------------------------------------ CNPJ

const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * The two check digits of a 12-character CNPJ base, numeric or alphanumeric (Receita Federal,
 * July 2026): each character is worth its ASCII code minus 48 ("0"-"9" → 0-9, "A" → 17 ...),
 * weighted 2..9 from the right, modulo 11.
 */
export function cnpjCheckDigits(base12: string): string {
  if (!/^[0-9A-Z]{12}$/.test(base12)) throw new Error(`not a CNPJ base: ${base12}`);
  const digit = (chars: string) => {
    const weights = CNPJ_WEIGHTS.slice(CNPJ_WEIGHTS.length - chars.length);
    const sum = [...chars].reduce(
      (total, char, index) => total + (char.charCodeAt(0) - 48) * (weights[index] ?? 0),
      0,
    );
    const remainder = sum % 11;
    return remainder < 2 ? 0 : 11 - remainder;
  };
  const first = digit(base12);
  return `${first}${digit(`${base12}${first}`)}`;
}

/** "12ABC34501DE35" → "12.ABC.345/01DE-35" (the official mask). */
export function formatCnpj(cnpj14: string): string {
  return `${cnpj14.slice(0, 2)}.${cnpj14.slice(2, 5)}.${cnpj14.slice(5, 8)}/${cnpj14.slice(8, 12)}-${cnpj14.slice(12)}`;
}

/** A valid alphanumeric CNPJ nobody else uses (14 characters, no punctuation). */
export function uniqueCnpj(): string {
  const alphabet = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  let base = "";
  for (let i = 0; i < 12; i++) base += alphabet[randomInt(alphabet.length)];
  return `${base}${cnpjCheckDigits(base)}`;
}

/** An e-mail address no one has registered yet (at most 50 characters, the form's limit). */
export function uniqueEmail(prefix = "pessoa"): string {
  return `${prefix}.${Date.now().toString(36)}${randomBytes(3).toString("hex")}@teste.org.br`;
}

// ------------------------------------------------------------------------------ fixtures

/**
 * Writes the accounts into DATA_DIR's embedded database (opened in this process, then closed so
 * the server can take the directory's lock), or into the PostgreSQL database `{ url }` names.
 * Keys of `specs` name the accounts in the result.
 */
export async function seedAccounts<K extends string>(
  target: string | DatabaseTarget,
  specs: Record<K, AccountSpec>,
): Promise<Record<K, SeededAccount>> {
  const database = await openDatabase(typeof target === "string" ? { dataDir: target } : target);
  try {
    const passwordHash = await hashPassword(FIXTURE_PASSWORD);
    const photo = await processImageUpload(new Blob([new Uint8Array(await makeJpeg())]), "profile");
    const cover = await processImageUpload(
      new Blob([new Uint8Array(await makeJpeg({ width: 900, height: 340 }))]),
      "cover",
    );
    const seeded = {} as Record<K, SeededAccount>;
    let n = 0;
    for (const [key, spec] of Object.entries(specs) as [K, AccountSpec][]) {
      n += 1;
      const email = spec.email ?? `${key.toLowerCase()}@contas.teste.org.br`;
      const credentials = { email, phone: `551198765${String(4000 + n)}`, passwordHash };
      if (spec.kind === "volunteer") {
        const name = spec.name ?? `Pessoa Voluntária ${n}`;
        const id = await createVolunteerAccount({
          credentials,
          name,
          resume: "Gosto de ajudar nas ações do meu bairro aos fins de semana.",
          uf: "SP",
          city: "São Paulo",
          photo,
        });
        await confirmed(database, id);
        seeded[key] = { id, kind: spec.kind, email, password: FIXTURE_PASSWORD, name };
      } else if (spec.kind === "institution") {
        const name = spec.name ?? `Instituição de Teste ${n}`;
        const cnpj = spec.cnpj ?? uniqueCnpj();
        const id = await createInstitutionAccount({
          credentials,
          name,
          cnpj,
          responsible: "Responsável de Teste",
          address: {
            uf: "RJ",
            city: "Rio de Janeiro",
            street: "Rua das Laranjeiras",
            number: "100",
            neighborhood: "Laranjeiras",
          },
          resume: "Apoio escolar para crianças do bairro.",
          about: "Uma instituição criada para os testes automatizados do cadastro.",
          contactEmail: `contato.${email}`.slice(0, 50),
          volunteeringType: "Presencial",
          permitDivulgation: true,
          profileImage: photo,
          coverImage: cover,
        });
        await confirmed(database, id);
        if (spec.status !== "PENDING") {
          await database
            .update(institutions)
            .set({ status: spec.status, reviewedAt: new Date() })
            .where(eq(institutions.userId, id));
        }
        seeded[key] = { id, kind: spec.kind, email, password: FIXTURE_PASSWORD, name, cnpj };
      } else {
        const name = spec.name ?? "Administração de Teste";
        const id = await insertCredentialUser(database, {
          email,
          name,
          role: "ADMIN",
          profile: "ADMIN",
          passwordHash,
        });
        seeded[key] = { id, kind: spec.kind, email, password: FIXTURE_PASSWORD, name };
      }
    }
    return seeded;
  } finally {
    await closeDatabase();
  }
}

/**
 * A bare account (user row plus the credential better-auth checks at sign-in), without profile
 * rows: enough for an admin, or for tests of the password flows.
 */
export async function insertCredentialUser(
  database: Database,
  user: {
    email: string;
    name: string;
    role: "USER" | "ADMIN";
    profile: "VOLUNTEER" | "INSTITUTION" | "ADMIN";
    passwordHash: string;
  },
): Promise<string> {
  const { passwordHash, ...fields } = user;
  const [row] = await database.insert(users).values(fields).returning({ id: users.id });
  if (!row) throw new Error("user insert returned nothing");
  await database.insert(accounts).values({
    userId: row.id,
    accountId: row.id,
    providerId: "credential",
    password: passwordHash,
  });
  return row.id;
}

/** A distinct client address for one test (used as X-Forwarded-For; the server trusts it). */
export function testIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

// ------------------------------------------------------------------------------ HTTP client

export const SESSION_COOKIE = "conecta.session_token";

/**
 * A browser-less client: keeps cookies, never follows redirects (tests look at them), sends the
 * server's own Origin on writes (as our pages do) and a fixed X-Forwarded-For.
 */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly ip: string = testIp(),
  ) {}

  async request(
    pathAndQuery: string,
    init: { method?: string; form?: Record<string, string> | FormData; headers?: HeadersInit } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("X-Forwarded-For", this.ip);
    if (this.cookies.size > 0) headers.set("Cookie", this.cookieHeader());
    const method = init.method ?? (init.form ? "POST" : "GET");
    if (method !== "GET" && !headers.has("Origin")) headers.set("Origin", this.baseUrl);
    let body: BodyInit | undefined;
    if (init.form instanceof FormData) body = init.form;
    else if (init.form) body = new URLSearchParams(init.form);
    const response = await fetch(`${this.baseUrl}${pathAndQuery}`, {
      method,
      headers,
      body,
      redirect: "manual",
    });
    this.keepCookies(response);
    return response;
  }

  get(pathAndQuery: string, headers?: HeadersInit) {
    return this.request(pathAndQuery, { headers });
  }

  post(pathAndQuery: string, form: Record<string, string> | FormData, headers?: HeadersInit) {
    return this.request(pathAndQuery, { method: "POST", form, headers });
  }

  /** Signs in through a login form; returns the response (302 on success). */
  signIn(
    account: { email: string; password: string },
    door: "/auth/login" | "/admin/login" = "/auth/login",
    extra: Record<string, string> = {},
  ) {
    return this.post(door, { email: account.email, password: account.password, ...extra });
  }

  get sessionToken(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The cookies in the shape of Playwright's context.addCookies(). */
  playwrightCookies() {
    return [...this.cookies].map(([name, value]) => ({ name, value, url: this.baseUrl }));
  }

  /**
   * A browser context holding this client's cookies (its session: "another browser" signed in
   * through the login form), opened on `pathAndQuery`.
   */
  async openInBrowser(browser: Browser, pathAndQuery: string): Promise<Page> {
    const context = await browser.newContext({
      locale: "pt-BR",
      extraHTTPHeaders: { "X-Forwarded-For": this.ip },
    });
    await context.addCookies(this.playwrightCookies());
    const page = await context.newPage();
    await page.goto(`${this.baseUrl}${pathAndQuery}`);
    return page;
  }

  private keepCookies(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * "Another browser" signed in before the test acts: signs in through the login form over HTTP
 * (from an address of its own), then opens `pathAndQuery` in a browser context with that session.
 */
export async function openSignedInBrowser(
  browser: Browser,
  baseUrl: string,
  who: { email: string; password: string },
  pathAndQuery: string,
): Promise<Page> {
  const client = new HttpClient(baseUrl);
  const response = await client.signIn(who);
  if (response.status !== 302)
    throw new Error(`${who.email} could not sign in (${response.status})`);
  return client.openInBrowser(browser, pathAndQuery);
}

/**
 * Where a response sends the client: the Location of a 3xx, or the target React Router encodes
 * in the body of a `.data` answer (status 202, turbo-stream `[..., "redirect", "<target>", ...]`).
 * Undefined when the response is not a redirect.
 */
export async function redirectTarget(response: Response): Promise<string | undefined> {
  if (response.status >= 300 && response.status < 400) {
    return response.headers.get("location") ?? undefined;
  }
  if (response.status === 202 && response.headers.get("x-remix-response") === "yes") {
    const stream = JSON.parse(await response.clone().text()) as unknown[];
    const index = stream.indexOf("redirect");
    const target = index >= 0 ? stream[index + 1] : undefined;
    return typeof target === "string" ? target : undefined;
  }
  return undefined;
}

/**
 * Fixture accounts stand for people already using the platform: their address is confirmed, as
 * the migration made every account that existed before confirmation (ADR 0069).
 */
async function confirmed(database: Database, userId: string): Promise<void> {
  await database.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}
