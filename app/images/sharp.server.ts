import { onDemand } from "~/lib/on-demand.server";

/**
 * sharp (libvips), loaded at the first image operation rather than at start (about 25 MB of
 * memory: docs/decisions/0041). Every caller, the seed's artwork included, gets it set up as
 * the upload pipeline needs it: the semaphore (image-jobs.server.ts) decides how many images
 * are worked on at once, each on one libvips thread (sharp's default is already 1 on glibc
 * without jemalloc; now everywhere), and no operation cache: uploads are never decoded twice,
 * so the cache would only hold their pixels.
 */
export const loadSharp = onDemand("sharp", async () => {
  const { default: sharp } = await import("sharp");
  sharp.concurrency(1);
  sharp.cache(false);
  return sharp;
});
