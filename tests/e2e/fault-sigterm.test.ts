import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, type Database } from "~/db/client.server";
import { emailOutbox, users, volunteerRequests } from "~/db/schema";
import { HttpClient, uniqueEmail } from "../helpers/accounts";
import { multipartBody, type StreamedPost, startStreamedPost } from "../helpers/fault-stream";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { logServerOnFailure } from "../helpers/members";
import { probeConnection } from "../helpers/net";
import { signupAtLastStep } from "../helpers/signup-posts";
import { waitFor, withTimeout } from "../helpers/wait";

/**
 * Issue 7, item 5: SIGTERM while people are sending forms. Four posts are in flight when the
 * signal comes, their bodies streamed slowly as from a phone: two sign-ups with a photo (the
 * wizard's last step) and two applications. One of each finishes sending after the signal, one
 * of each stalls for good. The server stops listening, finishes the two that complete (whole
 * accounts, an application with its e-mail), cuts the two that never do when its 10 s grace
 * ends, and exits 0. Afterwards the database holds no half rows (a user without its profile, an
 * application without its e-mail) and no image that nothing points to, and DATA_DIR holds no
 * stray upload files.
 */

type Key = "volunteer1" | "volunteer2" | "approved";
let server: FixtureServer<Key>;
let database: Database | undefined;

beforeAll(async () => {
  server = await startFixtureServer({
    accounts: {
      volunteer1: { kind: "volunteer", name: "Vera Paciente" },
      volunteer2: { kind: "volunteer", name: "Vito Apressado" },
      approved: { kind: "institution", status: "APPROVED", name: "Lar Sereno" },
    },
  });
});

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  if (database) await closeDatabase();
  await server?.stop();
});

/** A photo of a few hundred kilobytes (noise does not compress), so the upload takes a while. */
async function largePhoto(): Promise<Uint8Array> {
  const jpeg = await sharp({
    create: {
      width: 900,
      height: 900,
      channels: 3,
      background: "#0f766e",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return new Uint8Array(jpeg);
}

function streamedSignUp(client: HttpClient, name: string, photo: Uint8Array): StreamedPost {
  const { body, contentType } = multipartBody([
    { name: "step", value: "3" },
    { name: "intent", value: "next" },
    { name: "name", value: name },
    { name: "resume", value: "Quero ajudar nas ações do meu bairro aos sábados." },
    { name: "uf", value: "SP" },
    { name: "city", value: "São Paulo" },
    { name: "birthDate", value: "15/03/1995" },
    { name: "previewImage", value: { filename: "foto.jpg", type: "image/jpeg", bytes: photo } },
  ]);
  return startStreamedPost({
    url: `${server.url}/auth/cadastro`,
    body,
    contentType,
    headers: { Cookie: client.cookieHeader(), "X-Forwarded-For": client.ip },
    // The text fields and the start of the photo: the upload is under way.
    firstBytes: 64 * 1024,
  });
}

async function streamedApplication(key: "volunteer1" | "volunteer2"): Promise<StreamedPost> {
  const client = new HttpClient(server.url);
  expect((await client.signIn(server.accounts[key])).status).toBe(302);
  const body = Buffer.from(
    new URLSearchParams({
      replyEmail: server.accounts[key].email,
      phone: "(21) 98765-4321",
      summary: `Candidatura de ${server.accounts[key].name}, enviada devagar.`,
    }).toString(),
  );
  return startStreamedPost({
    url: `${server.url}/app/seja-voluntario?id=${server.accounts.approved.id}`,
    body,
    contentType: "application/x-www-form-urlencoded",
    headers: { Cookie: client.cookieHeader(), "X-Forwarded-For": client.ip },
    firstBytes: 20,
  });
}

describe("SIGTERM during uploads and form posts", () => {
  it("finishes the posts that complete, cuts the stalled ones at the grace period, leaves no half rows", async () => {
    const filesBefore = await listFiles(server.dataDir);
    const finishingEmail = uniqueEmail("termina");
    const stalledEmail = uniqueEmail("trava");
    const photo = await largePhoto();
    const finishingSignUp = streamedSignUp(
      await signupAtLastStep(server.url, "VOLUNTEER", {}, finishingEmail),
      "Paula Paciente",
      photo,
    );
    const stalledSignUp = streamedSignUp(
      await signupAtLastStep(server.url, "VOLUNTEER", {}, stalledEmail),
      "Tito Travado",
      photo,
    );
    const finishingApplication = await streamedApplication("volunteer1");
    const stalledApplication = await streamedApplication("volunteer2");

    // A request answered on a later connection means the server has taken the four in flight.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const signalledAt = Date.now();
    server.process.kill("SIGTERM");
    await waitFor(async () => (await probeConnection(server.port)) === "refused", {
      message: "the listener to close after SIGTERM",
    });

    await Promise.all([
      finishingSignUp.finish({ pieces: 30, gapMs: 30 }),
      finishingApplication.finish({ pieces: 10, gapMs: 50 }),
    ]);
    const signUp = await withTimeout(finishingSignUp.result, 10_000, "the finished sign-up");
    expect(signUp).toMatchObject({ status: 302, location: "/auth/cadastro?etapa=concluido" });
    const application = await withTimeout(
      finishingApplication.result,
      10_000,
      "the finished application",
    );
    // Back to the institution's page, which shows the application's status (issue 13).
    expect(application).toMatchObject({
      status: 302,
      location: `/instituicoes/${server.accounts.approved.id}`,
    });

    // After the grace, closing takes 5 s at most on a quiet machine; on a busy one, as long as
    // twice this server's start took (ADR 0073).
    const closingSeconds = Math.max(5, (2 * (server.readyInMs ?? 0)) / 1000);
    const exit = await withTimeout(server.exited, (15 + closingSeconds) * 1000, "the process exit");
    const seconds = (Date.now() - signalledAt) / 1000;
    expect(exit, server.logs()).toEqual({ code: 0, signal: null });
    // The stalled posts held the process until the 10 s grace ran out, not longer.
    expect(seconds).toBeGreaterThanOrEqual(9);
    expect(seconds).toBeLessThan(10 + closingSeconds);
    expect(await stalledSignUp.result).toHaveProperty("error");
    expect(await stalledApplication.result).toHaveProperty("error");

    database = await server.stopAndOpenDatabase();
    const db = database;

    const stored = await db
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, [finishingEmail, stalledEmail]));
    expect(stored.map((row) => row.email)).toEqual([finishingEmail]);

    const halfUsers = await db.execute<{ email: string }>(sql`
      select u.email from users u
      where (u.profile = 'VOLUNTEER' and not exists (select 1 from volunteers v where v.user_id = u.id))
         or (u.profile = 'INSTITUTION' and not exists (select 1 from institutions i where i.user_id = u.id))
         or not exists (select 1 from accounts a where a.user_id = u.id)`);
    expect(halfUsers.rows, "users without their profile or credential").toEqual([]);

    const photoOfNewUser = await db.execute<{ photo: string | null }>(sql`
      select v.photo_image_id as photo from volunteers v join users u on u.id = v.user_id
      where u.email = ${finishingEmail}`);
    expect(photoOfNewUser.rows[0]?.photo).toBeTruthy();

    const orphans = await db.execute<{ id: string }>(sql`
      select i.id from images i
      where not exists (select 1 from volunteers v where v.photo_image_id = i.id)
        and not exists (select 1 from institutions n where n.profile_image_id = i.id or n.cover_image_id = i.id)
        and not exists (select 1 from events e where e.cover_image_id = i.id)`);
    expect(orphans.rows, "images nothing points to").toEqual([]);

    const applications = await db
      .select({ id: volunteerRequests.id, volunteerId: volunteerRequests.volunteerId })
      .from(volunteerRequests);
    expect(applications.map((row) => row.volunteerId)).toEqual([server.accounts.volunteer1.id]);
    const emails = await db
      .select({ to: emailOutbox.to })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "volunteer-application"));
    expect(emails, "the application's e-mail, queued with it").toHaveLength(1);

    // Images live in the database: the upload left no file behind in DATA_DIR.
    const filesAfter = (await listFiles(server.dataDir)).filter(
      (file) => !filesBefore.includes(file) && !file.startsWith("mail/"),
    );
    expect(filesAfter).toEqual([]);
  });
});

/** Every file under `dir` outside the database folder, as paths relative to it. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith("db/") && file !== "db.lock");
}
