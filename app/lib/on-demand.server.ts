import { log } from "./log.server";

/**
 * A heavy dependency loaded at its first use rather than when the server starts
 * (docs/decisions/0041): sharp (libvips) and nodemailer cost the process about 25 and 12 MB of
 * memory, and most processes need neither for a long while, or ever (a deployment that sends
 * no e-mail, an instance that never resizes an image).
 *
 * `load` is a function around a literal `import("...")`, so the bundler keeps the module out of
 * the server bundle's start-up imports. Concurrent first calls share one import; a failed
 * import is tried again on the next call.
 */
export function onDemand<T>(name: string, load: () => Promise<T>): () => Promise<T> {
  return firstUse(async () => {
    const module = await load();
    loadedOnDemand.add(name);
    log.debug({ module: name }, "module loaded on first use");
    return module;
  });
}

/** The names of the on-demand modules this process has loaded so far. */
export const loadedOnDemand = new Set<string>();

/** The value `make` resolves to, made at the first call (and made again if that failed). */
export function firstUse<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}
