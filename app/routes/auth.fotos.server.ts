import type { SessionUser } from "~/auth/session-user";
import { readDraft, rememberStagedPhoto } from "~/auth/signup-draft.server";
import type { UploadQuota } from "~/images/pipeline.server";
import { type ImageKind, uploadQuota } from "~/images/pipeline.server";
import { type Uploader, uploaderOf } from "~/images/staged-images.server";

/**
 * Who is staging a photo (docs/decisions/0029), decided by the server from the request, never
 * from anything posted: the signed-in person (quota per account), or, during sign-up, the draft
 * this browser's cookie names (quota per network, as every sign-up upload). Null for anyone
 * else: nobody can stage photos without a form of their own to use them in.
 */
export async function photoUploader(
  request: Request,
  user: SessionUser | null,
  network: string,
): Promise<{ uploader: Uploader; quota: UploadQuota; draftId?: string } | null> {
  if (user) return { uploader: uploaderOf.user(user.id), quota: uploadQuota.account(user.id) };
  const draft = await readDraft(request);
  if (!draft) return null;
  return {
    uploader: uploaderOf.draft(draft.id),
    quota: uploadQuota.signup(network),
    draftId: draft.id,
  };
}

/**
 * A sign-up photo is remembered by its draft as soon as it is staged: the browser's back and
 * forward return to its step without posting it, and the photo is still there. The wizard's
 * profile photo is `previewImage`, its cover `landingImage`.
 */
export async function rememberForDraft(
  draftId: string | undefined,
  kind: ImageKind,
  token: string,
): Promise<void> {
  if (!draftId) return;
  await rememberStagedPhoto(
    draftId,
    kind === "profile" ? "previewImageStaged" : "landingImageStaged",
    token,
  );
}

/** The posted kind: a round profile photo or a wide cover. */
export function photoKind(value: FormDataEntryValue | null): ImageKind | null {
  return value === "profile" || value === "cover" ? value : null;
}
