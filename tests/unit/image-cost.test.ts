import { describe, expect, it } from "vitest";
import { ImageJobQueue } from "~/images/image-jobs.server";
import { IMAGE_SERVER_BUSY } from "~/images/image-messages";
import { decodedBytes, MAX_DECODED_BYTES } from "~/images/pipeline.server";
import { AppError } from "~/lib/app-error";

/**
 * Issue 11, item 5: what an upload costs is judged from its header before anything is decoded
 * (docs/decisions/0017), and image work runs through a small semaphore with a bounded queue.
 * The uploads themselves are in tests/integration/input-hardening.test.ts and
 * tests/e2e/security-images.test.ts.
 */

const rgba16 = { channels: 4, depth: "ushort" };
const rgb8 = { channels: 3, depth: "uchar" };

describe("decoded cost (width x height x channels x bytes per sample)", () => {
  it("a 16-bit PNG with alpha, 6000 px a side: 288 MB, refused", () => {
    const cost = decodedBytes({ width: 6000, height: 6000, ...rgba16 }, "png", "profile");
    expect(cost).toBe(6000 * 6000 * 4 * 2);
    expect(cost).toBeGreaterThan(MAX_DECODED_BYTES);
  });

  it("PNG has no shrink-on-load: a 4000x3000 PNG with alpha is decoded whole and accepted", () => {
    const cost = decodedBytes(
      { width: 4000, height: 3000, channels: 4, depth: "uchar" },
      "png",
      "profile",
    );
    expect(cost).toBe(48_000_000);
    expect(cost).toBeLessThanOrEqual(MAX_DECODED_BYTES);
  });

  it("a 12-megapixel phone JPEG shrinks on load: 1/4 for a profile photo, 1/2 for a cover", () => {
    expect(decodedBytes({ width: 4000, height: 3000, ...rgb8 }, "jpeg", "profile")).toBe(
      1000 * 750 * 3,
    );
    expect(decodedBytes({ width: 4000, height: 3000, ...rgb8 }, "jpeg", "cover")).toBe(
      2000 * 1500 * 3,
    );
  });

  it("a phone photo taken upright (EXIF orientation 6) is judged as it will be shown", () => {
    const upright = decodedBytes(
      { width: 4000, height: 3000, orientation: 6, ...rgb8 },
      "jpeg",
      "cover",
    );
    // Shown 3000 wide and 4000 high, covering 1702x630 needs more than half its width: no
    // shrink, decoded whole (36 MB), and still accepted.
    expect(upright).toBe(3000 * 4000 * 3);
    expect(upright).toBeLessThanOrEqual(MAX_DECODED_BYTES);
  });

  it("JPEG cannot shrink what it must keep: a 40-megapixel strip for a cover is refused", () => {
    const strip = decodedBytes({ width: 40_000, height: 1000, ...rgb8 }, "jpeg", "cover");
    expect(strip).toBe(40_000 * 1000 * 3);
    expect(strip).toBeGreaterThan(MAX_DECODED_BYTES);
  });

  it("an unknown sample format counts as 16 bits", () => {
    expect(decodedBytes({ width: 10, height: 10, channels: 1, depth: "?" }, "png", "profile")).toBe(
      200,
    );
  });
});

/** A job that runs until the test lets it finish. */
function heldJob(log: string[], name: string) {
  let finish = () => {};
  const released = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const job = async () => {
    log.push(`start ${name}`);
    await released;
    log.push(`end ${name}`);
    return name;
  };
  return { job, finish };
}

describe("the image job queue", () => {
  it("runs at most `concurrency` jobs; resizes for pages go before waiting uploads", async () => {
    const queue = new ImageJobQueue({ concurrency: 1, maxWaiting: { upload: 2, resize: 2 } });
    const log: string[] = [];
    const first = heldJob(log, "upload 1");
    const second = heldJob(log, "upload 2");
    const resize = heldJob(log, "resize");
    const running = [
      queue.run("upload", first.job),
      queue.run("upload", second.job),
      queue.run("resize", resize.job),
    ];
    await Promise.resolve();
    expect(log).toEqual(["start upload 1"]);
    expect(queue.load()).toEqual({ running: 1, waiting: { resize: 1, upload: 1 } });
    first.finish();
    await running[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(["start upload 1", "end upload 1", "start resize"]);
    resize.finish();
    second.finish();
    expect(await Promise.all(running)).toEqual(["upload 1", "upload 2", "resize"]);
    expect(queue.load()).toEqual({ running: 0, waiting: { resize: 0, upload: 0 } });
  });

  it("refuses at once when a lane's queue is full, and frees the slot after a failed job", async () => {
    const queue = new ImageJobQueue({ concurrency: 1, maxWaiting: { upload: 1, resize: 0 } });
    const log: string[] = [];
    const held = heldJob(log, "held");
    const running = queue.run("upload", held.job);
    const waiting = queue.run("upload", async () => {
      throw new Error("broken image");
    });
    const busy = (retryAfterSeconds: number) =>
      new AppError("unavailable", IMAGE_SERVER_BUSY, { retryAfterSeconds });
    await expect(queue.run("upload", async () => "third")).rejects.toEqual(busy(5));
    await expect(queue.run("resize", async () => "resize")).rejects.toEqual(busy(2));
    await expect(queue.run("upload", async () => "third")).rejects.toMatchObject({
      code: "unavailable",
      retryAfterSeconds: 5,
    });
    held.finish();
    await running;
    await expect(waiting).rejects.toThrow("broken image");
    expect(queue.load().running).toBe(0);
    expect(await queue.run("upload", async () => "again")).toBe("again");
  });
});
