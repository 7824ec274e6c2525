import { describe, expect, it } from "vitest";
import { z } from "zod";
import { imageChoice, KEEP_SAVED_IMAGE, withSavedImages } from "./member-form-rules";
import { StagedImage, stagedFieldName, withStagedImages } from "./staged-image-field";

const TOKEN = "abcdefghijklmnopqrstuvwxyz012345";

describe("staged photo choices", () => {
  it("a well-formed token in the hidden field stands for the photo", () => {
    const values = withStagedImages({ [stagedFieldName("previewImage")]: TOKEN }, ["previewImage"]);
    expect(values.previewImage).toEqual(new StagedImage(TOKEN));
  });

  it("a chosen file wins over a token; a malformed token is nothing", () => {
    const file = new File(["x"], "foto.jpg");
    expect(
      withStagedImages({ previewImage: file, previewImageStaged: TOKEN }, ["previewImage"])
        .previewImage,
    ).toBe(file);
    expect(
      withStagedImages({ previewImageStaged: "../../etc" }, ["previewImage"]).previewImage,
    ).toBeUndefined();
  });

  it("posted text cannot become a staged choice or the saved image", () => {
    const schema = withSavedImages(z.object({ previewImage: imageChoice() }), {
      previewImage: false,
    });
    expect(schema.safeParse({ previewImage: "saved" }).success).toBe(false);
    expect(schema.safeParse({ previewImage: TOKEN }).success).toBe(false);
    const staged = schema.safeParse({ previewImageStaged: TOKEN });
    expect(staged.success && staged.data.previewImage).toEqual(new StagedImage(TOKEN));
    const kept = withSavedImages(z.object({ previewImage: imageChoice() }), {
      previewImage: true,
    }).safeParse({});
    expect(kept.success && kept.data.previewImage).toBe(KEEP_SAVED_IMAGE);
  });
});
