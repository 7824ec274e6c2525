import { eq, inArray } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { images } from "~/db/schema";
import { type ImageChoice, KEEP_SAVED_IMAGE } from "~/forms/member-form-rules";
import { FILL_ALL_DATA } from "~/forms/missing-fields";
import { StagedImage } from "~/forms/staged-image-field";
import { type ImageKind, processImageUpload, type UploadQuota } from "~/images/pipeline.server";
import { AppError } from "~/lib/app-error";
import { STAGED_IMAGE_GONE } from "./image-messages";
import { imageToStore, type StagedClaim, type Uploader } from "./staged-images.server";

/** A processed upload waiting to be stored, a staged photo to claim, or "keep the saved one". */
export type PreparedImage =
  | Awaited<ReturnType<typeof processImageUpload>>
  | StagedClaim
  | typeof KEEP_SAVED_IMAGE;

/**
 * Runs a form's image choice through the pipeline (before any transaction: sharp is slow and a
 * rejected file must leave everything as it was), counted against `quota` (the signed-in
 * person's uploads). A staged photo was processed when it was staged: it becomes a claim for
 * `uploader`, checked by storeImage in its transaction. Throws AppError with its message.
 */
export async function prepareImage(
  choice: ImageChoice,
  kind: ImageKind,
  quota?: UploadQuota,
  uploader?: Uploader,
): Promise<PreparedImage> {
  if (choice === KEEP_SAVED_IMAGE) return KEEP_SAVED_IMAGE;
  if (choice instanceof StagedImage) {
    // Nobody to claim it for: it cannot be claimed.
    if (!uploader) throw new AppError("invalid", STAGED_IMAGE_GONE);
    return { staged: choice.token, uploader, kind };
  }
  return processImageUpload(choice, kind, { quota });
}

/**
 * Stores a new image for `ownerId` and says which saved image it replaces, so the caller can
 * point its row at the new id and then drop the old one with discardImages (no orphans).
 * `savedId` is the record's image as read in the caller's transaction (locked): "keep the saved
 * one" counts only when there is one, else AppError "invalid" on that field (the whole save is refused).
 */
export async function storeImage(
  tx: Transaction,
  ownerId: string,
  prepared: PreparedImage,
  savedId: string | null,
  field: string,
): Promise<{ id: string; replaced: string | null }> {
  if (prepared === KEEP_SAVED_IMAGE) {
    // "Keep the saved image" with none saved (never was, or went meanwhile): "Informe todos os dados".
    if (!savedId) throw new AppError("invalid", FILL_ALL_DATA, { field });
    return { id: savedId, replaced: null };
  }
  // A staged photo is claimed here, in the save's transaction: only its own uploader's.
  const image = await imageToStore(tx, prepared, field);
  const [row] = await tx
    .insert(images)
    .values({ ownerId, ...image })
    .returning({ id: images.id });
  if (!row) throw new Error("image insert returned nothing");
  return { id: row.id, replaced: savedId };
}

/** Deletes image rows nothing points at any more (after the rows were repointed). */
export async function discardImages(
  tx: Transaction,
  ids: ReadonlyArray<string | null>,
): Promise<void> {
  const list = ids.filter((id): id is string => Boolean(id));
  if (list.length === 1) await tx.delete(images).where(eq(images.id, list[0] as string));
  else if (list.length > 1) await tx.delete(images).where(inArray(images.id, list));
}
