/**
 * The hidden field ImageUpload posts when the person removed the saved image. Its own module so
 * forms can name it without loading the rules (and Zod) that read it (./member-form-rules.ts).
 */
export const removedFieldName = (imageField: string) => `${imageField}Removed`;
