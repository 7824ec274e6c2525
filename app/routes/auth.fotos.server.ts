import type { SessionUser } from "~/auth/session-user";
import { readDraft } from "~/auth/signup-draft.server";
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
): Promise<{ uploader: Uploader; quota: UploadQuota } | null> {
  if (user) return { uploader: uploaderOf.user(user.id), quota: uploadQuota.account(user.id) };
  const draft = await readDraft(request);
  if (!draft) return null;
  return { uploader: uploaderOf.draft(draft.id), quota: uploadQuota.signup(network) };
}

/** The posted kind: a round profile photo or a wide cover. */
export function photoKind(value: FormDataEntryValue | null): ImageKind | null {
  return value === "profile" || value === "cover" ? value : null;
}
