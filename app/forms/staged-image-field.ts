/**
 * A photo uploaded before its form is sent (docs/decisions/0029): the browser downsizes it and
 * uploads it at once (/auth/fotos), gets back a random token and posts that token in a hidden
 * field beside the file input, instead of the file. No Zod here, so components can name the
 * field cheaply.
 */

/** The hidden field that carries a staged photo's token, beside the image field it stands for. */
export const stagedFieldName = (imageField: string) => `${imageField}Staged`;

/** 24 random bytes in base64url: what /auth/fotos hands out; anything else is not a token. */
export const STAGED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const isStagedToken = (value: unknown): value is string =>
  typeof value === "string" && STAGED_TOKEN_PATTERN.test(value);

/** Where the browser shows a staged photo: only its uploader gets it. */
export const stagedImageUrl = (token: string) => `/auth/fotos/${token}`;

/**
 * Stands for "the photo staged under this token" in a parsed form. A class instance: a post only
 * carries strings and files, so only `withStagedImages` makes one, from a token in the hidden
 * field, when no file was chosen. The token is a claim to be checked, never proof: the save
 * claims the staged row only if it belongs to the same uploader, in its transaction.
 */
export class StagedImage {
  constructor(readonly token: string) {}
}

/**
 * The form's values with each image field that carries no file (or an empty one) but has a
 * well-formed token in its hidden field turned into a StagedImage. A file wins over a token.
 */
export function withStagedImages(
  input: unknown,
  imageFields: readonly string[],
): Record<string, unknown> {
  const values = { ...(input as Record<string, unknown>) };
  for (const field of imageFields) {
    const value = values[field];
    const hasFile = typeof File !== "undefined" && value instanceof File && value.size > 0;
    const token = values[stagedFieldName(field)];
    if (!hasFile && isStagedToken(token)) values[field] = new StagedImage(token);
  }
  return values;
}
