import { describe, expect, it } from "vitest";
import { IMAGE_TOO_LARGE, NOT_AN_IMAGE } from "./image-messages";
import { checkChosenFile, downsizedSize } from "./photo-upload";

describe("downsizedSize", () => {
  it("fits a profile photo inside 800 x 800, keeping its proportions (docs/spec.md)", () => {
    expect(downsizedSize(4000, 3000, "profile")).toEqual({ width: 800, height: 600 });
    expect(downsizedSize(3000, 4000, "profile")).toEqual({ width: 600, height: 800 });
    expect(downsizedSize(5000, 5000, "profile")).toEqual({ width: 800, height: 800 });
  });

  it("never enlarges", () => {
    expect(downsizedSize(640, 480, "profile")).toEqual({ width: 640, height: 480 });
    expect(downsizedSize(900, 300, "cover")).toEqual({ width: 900, height: 300 });
  });

  it("makes a cover just cover the banner at the widest width the site serves (1 200 x 444)", () => {
    expect(downsizedSize(4000, 3000, "cover")).toEqual({ width: 1200, height: 900 });
    expect(downsizedSize(3000, 4000, "cover")).toEqual({ width: 1200, height: 1600 });
    // A panorama keeps the banner's height, so the server can still crop it.
    expect(downsizedSize(8000, 1000, "cover")).toEqual({ width: 3552, height: 444 });
  });
});

describe("checkChosenFile", () => {
  it("accepts JPG and PNG up to 15 MB", () => {
    expect(checkChosenFile({ type: "image/jpeg", size: 9 * 1024 * 1024 })).toBeNull();
    expect(checkChosenFile({ type: "image/png", size: 15 * 1024 * 1024 })).toBeNull();
  });

  it("refuses other types and larger files in plain words", () => {
    expect(checkChosenFile({ type: "image/gif", size: 1000 })).toBe(NOT_AN_IMAGE);
    expect(checkChosenFile({ type: "image/heic", size: 1000 })).toBe(NOT_AN_IMAGE);
    expect(checkChosenFile({ type: "image/jpeg", size: 15 * 1024 * 1024 + 1 })).toBe(
      IMAGE_TOO_LARGE,
    );
  });
});
