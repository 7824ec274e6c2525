import { createHash } from "node:crypto";

/**
 * How a secret token handed to a browser (a sign-up draft's cookie, a staged photo's token) is
 * kept in the database: its SHA-256 in hex, so a copy of the table opens nothing.
 */
export function tokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
