import { randomBytes } from "node:crypto";
import { and, desc, eq, lt, notInArray } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { stagedImages } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { tokenDigest } from "~/lib/token-digest";
import { STAGED_IMAGE_GONE } from "./image-messages";
import {
  type ImageKind,
  type ProcessedImage,
  processImageUpload,
  type UploadQuota,
} from "./pipeline.server";

/**
 * Photos uploaded before their form is sent (docs/decisions/0029). With JavaScript the browser
 * downsizes a chosen photo and uploads it at once (XMLHttpRequest, so the person sees progress)
 * to /auth/fotos, which runs it through the same pipeline as a form's file (size, type, decoded
 * cost, the uploader's quota, the one-job-at-a-time queue) and keeps the result here, bound to
 * its uploader. The form then posts the token instead of the file; its save claims the row in
 * its own transaction, only for the same uploader and kind. Unclaimed rows go after a day.
 */

/** Who may claim a staged photo: the signed-in person, or the sign-up draft of this browser. */
export type Uploader = `user:${string}` | `draft:${string}`;

export const uploaderOf = {
  user: (userId: string): Uploader => `user:${userId}`,
  draft: (draftId: string): Uploader => `draft:${draftId}`,
};

/** A staged photo a save is about to claim: the posted token, and who the server says asks. */
export interface StagedClaim {
  staged: string;
  uploader: Uploader;
  kind: ImageKind;
}

/** How long an unclaimed photo is kept (a form left open over lunch still saves). */
export const STAGED_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * How many staged photos one uploader keeps: a person trying several photos on a form with two
 * pictures. Older ones go as newer arrive, so the quota (30 an hour per account) is not also a
 * way to fill the table.
 */
export const STAGED_PER_UPLOADER = 6;

export function isStagedClaim(value: unknown): value is StagedClaim {
  return typeof value === "object" && value !== null && "staged" in value;
}

/**
 * Runs `file` through the image pipeline (every limit of docs/decisions/0017, counted against
 * `quota`) and keeps it for `uploader`. Returns the token the browser posts with its form.
 * Throws the pipeline's AppError when the file is refused.
 */
export async function stageImage(
  file: Blob,
  kind: ImageKind,
  uploader: Uploader,
  quota: UploadQuota,
): Promise<string> {
  const image = await processImageUpload(file, kind, { quota });
  return keepStaged(image, kind, uploader);
}

/** Keeps an already processed image for `uploader`, dropping its oldest beyond the cap. */
export async function keepStaged(
  image: ProcessedImage,
  kind: ImageKind,
  uploader: Uploader,
): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db().transaction(async (tx) => {
    await tx.insert(stagedImages).values({ id: tokenDigest(token), uploader, kind, ...image });
    const newest = tx
      .select({ id: stagedImages.id })
      .from(stagedImages)
      .where(eq(stagedImages.uploader, uploader))
      .orderBy(desc(stagedImages.createdAt))
      .limit(STAGED_PER_UPLOADER);
    await tx
      .delete(stagedImages)
      .where(and(eq(stagedImages.uploader, uploader), notInArray(stagedImages.id, newest)));
  });
  return token;
}

/** The staged photo for its uploader's preview, or null (unknown, expired or someone else's). */
export async function findStagedImage(
  token: string,
  uploader: Uploader,
): Promise<{ bytes: Buffer; contentType: string; sha256: string } | null> {
  const [row] = await db()
    .select({
      bytes: stagedImages.bytes,
      contentType: stagedImages.contentType,
      sha256: stagedImages.sha256,
      createdAt: stagedImages.createdAt,
    })
    .from(stagedImages)
    .where(and(eq(stagedImages.id, tokenDigest(token)), eq(stagedImages.uploader, uploader)))
    .limit(1);
  if (!row || row.createdAt.getTime() < Date.now() - STAGED_LIFETIME_MS) return null;
  return row;
}

/**
 * Takes the staged photo out of the table inside the caller's transaction (a rollback puts it
 * back), only when token, uploader and kind all match and it has not expired. Otherwise AppError
 * "invalid" with STAGED_IMAGE_GONE on `field`, so the whole save is refused and nothing changes.
 */
export async function claimStagedImage(
  tx: Transaction,
  claim: StagedClaim,
  field: string,
): Promise<ProcessedImage> {
  const [row] = await tx
    .delete(stagedImages)
    .where(
      and(
        eq(stagedImages.id, tokenDigest(claim.staged)),
        eq(stagedImages.uploader, claim.uploader),
        eq(stagedImages.kind, claim.kind),
      ),
    )
    .returning();
  if (!row || row.createdAt.getTime() < Date.now() - STAGED_LIFETIME_MS) {
    throw new AppError("invalid", STAGED_IMAGE_GONE, { field });
  }
  return {
    bytes: row.bytes,
    contentType: "image/webp",
    width: row.width,
    height: row.height,
    sha256: row.sha256,
  };
}

/** A processed upload as it is, or a staged photo claimed now (in `tx`) for `field`. */
export function imageToStore(
  tx: Transaction,
  image: ProcessedImage | StagedClaim,
  field: string,
): Promise<ProcessedImage> | ProcessedImage {
  return isStagedClaim(image) ? claimStagedImage(tx, image, field) : image;
}

/** Housekeeping: staged photos never claimed, after a day. */
export async function pruneStagedImages(now = new Date()): Promise<void> {
  await db()
    .delete(stagedImages)
    .where(lt(stagedImages.createdAt, new Date(now.getTime() - STAGED_LIFETIME_MS)));
}
