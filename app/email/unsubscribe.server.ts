import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { env } from "~/config/env.server";
import { db } from "~/db/client.server";
import { emailOptOuts } from "~/db/schema";
import { type EmailKind, isEmailKind, OPTIONAL_KINDS } from "./email-kinds";

/**
 * One-click opt-out (RFC 8058, ADR 0068). The link's token is the recipient address and the
 * kind, sealed with AES-256-GCM under a key derived from SESSION_SECRET: nothing to store per
 * message, nobody can make one for an address that is not theirs, and the address does not show
 * in the URL (proxies and logs). A token never expires: an old e-mail's link still works.
 */
const key = () => createHash("sha256").update(`email-opt-out\n${env().SESSION_SECRET}`).digest();

export interface OptOutTarget {
  address: string;
  kind: EmailKind;
}

export function optOutToken(target: OptOutTarget): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([
    cipher.update(JSON.stringify([target.address.toLowerCase(), target.kind]), "utf8"),
    cipher.final(),
  ]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** The address and kind a token names, or null for anything we did not make. */
export function readOptOutToken(token: unknown): OptOutTarget | null {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{40,400}$/.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    const [address, kind] = JSON.parse(plain.toString("utf8")) as unknown[];
    if (typeof address !== "string" || !isEmailKind(kind)) return null;
    return { address, kind };
  } catch {
    return null;
  }
}

export function optOutUrl(target: OptOutTarget): string {
  const url = new URL("/e-mail/cancelar", env().BASE_URL);
  url.searchParams.set("token", optOutToken(target));
  return url.toString();
}

/** The RFC 2369 and RFC 8058 headers every message that is not strictly transactional carries. */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Turns off one kind, or every kind that is not transactional, for an address. */
export async function optOut(address: string, what: EmailKind | "all"): Promise<void> {
  const lower = address.toLowerCase();
  const kinds = what === "all" ? [] : [what];
  await db()
    .insert(emailOptOuts)
    .values({ address: lower, kinds, allOptional: what === "all" })
    .onConflictDoUpdate({
      target: emailOptOuts.address,
      set: {
        kinds: sql`array(select distinct unnest(${emailOptOuts.kinds} || excluded.kinds))`,
        allOptional: sql`${emailOptOuts.allOptional} or excluded.all_optional`,
        updatedAt: new Date(),
      },
    });
}

/** The optional kinds an address still receives. */
export async function receivedKinds(address: string): Promise<EmailKind[]> {
  const [row] = await db()
    .select()
    .from(emailOptOuts)
    .where(eq(emailOptOuts.address, address.toLowerCase()));
  if (!row) return [...OPTIONAL_KINDS];
  if (row.allOptional) return [];
  return OPTIONAL_KINDS.filter((kind) => !row.kinds.includes(kind));
}

/** Saves the preferences page: exactly these optional kinds on, every other one off. */
export async function saveReceivedKinds(address: string, wanted: EmailKind[]): Promise<void> {
  const off = OPTIONAL_KINDS.filter((kind) => !wanted.includes(kind));
  await db()
    .insert(emailOptOuts)
    .values({ address: address.toLowerCase(), kinds: off, allOptional: false })
    .onConflictDoUpdate({
      target: emailOptOuts.address,
      set: { kinds: off, allOptional: false, updatedAt: new Date() },
    });
}
