import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { images } from "~/db/schema";
import type { HttpClient } from "../helpers/accounts";
import { eventFormData, logServerOnFailure, signedInClient } from "../helpers/members";
import { type SecurityServer, startSecurityServer } from "../helpers/security-server";
import { hostileFiles, POLYGLOT_SCRIPT, type UploadFile } from "../helpers/security-uploads";
import { lastStepForm, signupAtLastStep } from "../helpers/signup-posts";

/**
 * Upload attacks on every upload field (docs/design.md 8): the sign-up's photos (volunteer; the
 * institution's profile photo and cover), the profile edits and the event cover, new and edited.
 * SVG with a script, a text file with an image's name, a pixel bomb, 6 MB and 20 MB files are
 * each refused with their pt-BR message; a JPEG/HTML polyglot is accepted but stored re-encoded,
 * without the script. Afterwards the server is still up, its memory peak stayed near where it
 * started (nothing was decoded or buffered whole), no refused post left an account behind and
 * no image row is left without an owner.
 */

type Key = "volunteer" | "approved";
let server: SecurityServer<Key>;
const clients = {} as Record<Key, HttpClient>;
let files: Awaited<ReturnType<typeof hostileFiles>>;
/** Sign-ups the polyglot completed (they are real accounts). */
let polyglotSignups = 0;
let startRssMb = 0;

beforeAll(async () => {
  server = await startSecurityServer({
    accounts: {
      volunteer: { kind: "volunteer" },
      approved: { kind: "institution", status: "APPROVED" },
    },
    events: [{ key: "event", institution: "approved", name: "Evento com capa", status: "PENDING" }],
  });
  clients.volunteer = await signedInClient(server, server.accounts.volunteer);
  clients.approved = await signedInClient(server, server.accounts.approved);
  files = await hostileFiles();
  startRssMb = memoryMb("VmRSS");
});

/** The server process's resident memory now (VmRSS) or at its peak (VmHWM), in MB. */
function memoryMb(field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);
  if (!kb) throw new Error(`no ${field} in /proc/${server.process.pid}/status`);
  return kb / 1024;
}

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await server?.stop();
});

const blob = (file: UploadFile) => new Blob([new Uint8Array(file.buffer)], { type: file.mimeType });
const part = (file: UploadFile) => ({ blob: blob(file), name: file.name });

function withFile(form: FormData, field: string, file: UploadFile): FormData {
  form.set(field, blob(file), file.name);
  return form;
}

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/**
 * A visitor at the wizard's last step (the one with the photos), one per upload field: a refused
 * photo keeps the draft on that step, so the next file is posted by the same visitor; after a
 * completed sign-up (the polyglot) a new visitor starts over.
 */
const visitors = new Map<string, HttpClient>();

async function visitorAtLastStep(
  field: string,
  profileType: "VOLUNTEER" | "INSTITUTION",
): Promise<HttpClient> {
  const waiting = visitors.get(field);
  if (waiting) return waiting;
  const client = await signupAtLastStep(server.url, profileType);
  visitors.set(field, client);
  return client;
}

/** Posts the last step; a completed sign-up sends the next file to a new visitor. */
async function postLastStep(field: string, client: HttpClient, form: FormData) {
  const response = await client.post("/auth/cadastro", form);
  if (response.status === 302) visitors.delete(field);
  return response;
}

/** Every upload field: how to post one file in it, with everything else valid. */
const TARGETS: { what: string; post: (file: UploadFile) => Promise<Response> }[] = [
  {
    what: "sign-up, volunteer photo",
    post: async (file) => {
      const client = await visitorAtLastStep("volunteer", "VOLUNTEER");
      const form = await lastStepForm("VOLUNTEER", {}, { previewImage: part(file) });
      return postLastStep("volunteer", client, form);
    },
  },
  ...(["previewImage", "landingImage"] as const).map((field) => ({
    what: `sign-up, institution ${field === "previewImage" ? "photo" : "cover"}`,
    post: async (file: UploadFile) => {
      const client = await visitorAtLastStep(field, "INSTITUTION");
      const form = await lastStepForm("INSTITUTION", {}, { [field]: part(file) });
      return postLastStep(field, client, form);
    },
  })),
  {
    what: "volunteer profile edit, photo",
    post: (file) =>
      clients.volunteer.post(
        "/app/atualizar-voluntario",
        withFile(
          formOf({
            name: "Pessoa Voluntária",
            uf: "SP",
            city: "São Paulo",
            resume: "Resumo com dez letras.",
          }),
          "previewImage",
          file,
        ),
      ),
  },
  ...(["previewImage", "landingImage"] as const).map((field) => ({
    what: `institution profile edit, ${field === "previewImage" ? "photo" : "cover"}`,
    post: (file: UploadFile) =>
      clients.approved.post(
        "/app/atualizar-instituicao",
        withFile(
          formOf({
            resume: "Apoio escolar no bairro.",
            about: "Sobre a instituição, com dez letras.",
            contactEmail: "contato@teste.org.br",
            volunteeringType: "Presencial",
          }),
          field,
          file,
        ),
      ),
  })),
  {
    what: "new event, cover",
    post: (file) => clients.approved.post("/app/novo-evento", eventFormData({}, file)),
  },
  {
    what: "event edit, cover",
    post: (file) =>
      clients.approved.post(`/app/eventos/${server.ids.event}/editar`, eventFormData({}, file)),
  },
];

describe("hostile files on every upload field", () => {
  const cases = TARGETS.flatMap((target) =>
    [
      "SVG with a script",
      "SVG with a script renamed .png",
      "a text file renamed .png",
      "a text file renamed .jpg",
      "a 20 000 x 20 000 pixel bomb",
      "a 16 MB photo",
      "a 40 MB file",
      "a JPEG/HTML polyglot",
    ].map((what) => [target.what, what, target] as const),
  );

  it.each(cases)("%s: %s", async (_target, what, target) => {
    const hostile = files.find((file) => file.what === what);
    if (!hostile) throw new Error(`no file "${what}"`);
    const response = await target.post(hostile.file);
    const body = await response.text();
    if (hostile.refusal) {
      expect(response.status, body.slice(0, 300)).toBe(hostile.refusal.status);
      expect(body).toContain(hostile.refusal.message);
    } else {
      expect(response.status, body.slice(0, 300)).toBe(302);
      if (target.what.startsWith("sign-up")) polyglotSignups += 1;
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("the server stayed up, its memory peak within 250 MB of where it started", async () => {
    expect(server.process.exitCode).toBeNull();
    const peak = memoryMb("VmHWM");
    console.log(
      `upload attacks: server RSS ${startRssMb.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`,
    );
    // Decoding the bomb alone would take 1.2 GB. Issue 13 moved this bound from 150 MB: photos of
    // up to 15 MB are accepted (5 MB before), so the 16 MB file is read and parsed on each of the
    // seven fields (its body, the form's file: about 50 MB of garbage a post, collected lazily;
    // measured 199 MB over the start on 2 shared cores), and a body may be 31 MB (was 11 MB).
    expect(peak - startRssMb).toBeLessThan(250);
  });

  it("stored only re-encoded WebP without the script, no orphan image, no refused account", async () => {
    expect(polyglotSignups).toBe(3);
    const found = await server.stopAndInspect(async (db) => {
      const stored = await db
        .select({ bytes: images.bytes, type: images.contentType })
        .from(images);
      const orphans = await db.execute<{ id: string }>(sql`
        select i.id from images i
        where not exists (select 1 from volunteers v where v.photo_image_id = i.id)
          and not exists (select 1 from institutions n
                          where n.profile_image_id = i.id or n.cover_image_id = i.id)
          and not exists (select 1 from events e where e.cover_image_id = i.id)`);
      const users = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
      return { stored, orphans: orphans.rows, users: Number(users.rows[0]?.n) };
    });
    for (const image of found.stored) {
      const bytes = Buffer.from(image.bytes);
      expect(image.type).toBe("image/webp");
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
      expect(bytes.includes(Buffer.from(POLYGLOT_SCRIPT))).toBe(false);
      expect(bytes.includes(Buffer.from("<script"))).toBe(false);
    }
    expect(found.orphans, "images no profile or event uses").toEqual([]);
    // The two fixture accounts, plus one per sign-up the polyglot completed: no refused post
    // left a half-created account.
    expect(found.users).toBe(2 + polyglotSignups);
  });
});
