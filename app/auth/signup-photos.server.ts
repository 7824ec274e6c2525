import { StagedImage, stagedFieldName } from "~/forms/staged-image-field";
import type { ImageKind, ProcessedImage } from "~/images/pipeline.server";
import { processImageUpload, uploadQuota } from "~/images/pipeline.server";
import { type StagedClaim, stageImage, uploaderOf } from "~/images/staged-images.server";
import { isAppError } from "~/lib/app-error";
import { log } from "~/lib/log.server";
import type { DraftData } from "./signup-draft.server";

/**
 * The sign-up wizard's photos (docs/decisions/0029). A photo chosen on a step is either a file
 * posted with the form (without JavaScript) or a token of a photo the browser already staged for
 * this draft. "Voltar" keeps it: a posted file is staged for the draft, and the draft remembers
 * the token (`<field>Staged`), which the step shows again and posts with the form.
 */

const PHOTO_FIELDS: Record<string, ImageKind> = { previewImage: "profile", landingImage: "cover" };

/**
 * What account creation stores for a photo: the posted file through the pipeline (counted per
 * network, as every sign-up upload), or the staged photo, claimed in the account's transaction
 * only if this draft staged it.
 */
export async function signupPhoto(
  choice: File | StagedImage,
  kind: ImageKind,
  draftId: string,
  network: string,
): Promise<ProcessedImage | StagedClaim> {
  if (choice instanceof StagedImage) {
    return { staged: choice.token, uploader: uploaderOf.draft(draftId), kind };
  }
  return processImageUpload(choice, kind, { quota: uploadQuota.signup(network) });
}

/**
 * The files a "back" post carries (a browser without JavaScript sends the chosen photos with
 * every post), staged for the draft so the step shows them again: `<field>Staged` tokens to
 * merge into the draft's data. A refused file is left out (the step asks again); going back is
 * never refused for a photo.
 */
export async function stagePostedPhotos(
  formData: FormData,
  draftId: string | undefined,
  network: string,
): Promise<DraftData> {
  const staged: Record<string, string> = {};
  if (!draftId) return staged;
  for (const [field, kind] of Object.entries(PHOTO_FIELDS)) {
    const file = formData.get(field);
    if (!(file instanceof File) || file.size === 0) continue;
    try {
      staged[stagedFieldName(field)] = await stageImage(
        file,
        kind,
        uploaderOf.draft(draftId),
        uploadQuota.signup(network),
      );
    } catch (error) {
      if (!isAppError(error)) throw error;
      log.info({ field, reason: error.message }, "sign-up photo not kept on going back");
    }
  }
  return staged as DraftData;
}
