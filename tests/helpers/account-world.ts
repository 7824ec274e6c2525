import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { HttpClient } from "./accounts";
import { launchBrowser } from "./browser";
import {
  type FixtureServer,
  type FixtureServerOptions,
  startFixtureServer,
} from "./fixture-server";
import { logServerOnFailure, pictures, signedInClient } from "./members";

type Pictures = Awaited<ReturnType<typeof pictures>>;

/** A test file's own server and the people in it, ready before its first test. */
export interface AccountWorld<Key extends string> {
  readonly server: FixtureServer<Key>;
  readonly browser: Browser;
  /** Every volunteer and institution, signed in over HTTP (admins sign in at /admin/login). */
  readonly clients: Record<Key, HttpClient>;
  /** Pictures to upload (a photo and a cover), when asked for. */
  readonly files: Pictures;
}

/**
 * The member-area tests' set-up (tests/e2e/members-*.test.ts, institution-self-service): a
 * fixture server with `options`' accounts and rows, Chromium and the pictures to upload started
 * together before the file's first test, every member account signed in; the server's log after
 * a failed test; all of it closed after the last. Read the fields inside hooks and tests (they
 * are not there yet when the file's top level runs).
 */
export function accountWorldForFile<Key extends string>(
  options: FixtureServerOptions<Key>,
  { withBrowser = true, withPictures = false } = {},
): AccountWorld<Key> {
  let server: FixtureServer<Key> | undefined;
  let browser: Browser | undefined;
  let files: Pictures | undefined;
  const clients = {} as Record<Key, HttpClient>;

  beforeAll(async () => {
    [server, browser, files] = await Promise.all([
      startFixtureServer(options),
      withBrowser ? launchBrowser() : undefined,
      withPictures ? pictures() : undefined,
    ]);
    for (const key of Object.keys(server.accounts) as Key[]) {
      const account = server.accounts[key];
      if (account.kind !== "admin") clients[key] = await signedInClient(server, account);
    }
  });
  afterEach(({ task }) => logServerOnFailure(task, server));
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the test file's ${what} starts in beforeAll`);
    return value;
  };
  return {
    get server() {
      return ready(server, "server");
    },
    get browser() {
      return ready(browser, "browser (withBrowser)");
    },
    get files() {
      return ready(files, "pictures (withPictures)");
    },
    clients,
  };
}
