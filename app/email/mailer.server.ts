import path from "node:path";
import { env } from "~/config/env.server";
import { createTransport } from "./transport.server";
import { startMailWorker } from "./worker.server";

type Worker = ReturnType<typeof startMailWorker>;
const slot = globalThis as typeof globalThis & { __conectaMailWorker?: Worker };

/** Starts this process's outbox worker (once), with SMTP or the .eml folder as configured. */
export function startMailer(): Worker {
  if (!slot.__conectaMailWorker) {
    const config = env();
    slot.__conectaMailWorker = startMailWorker({
      from: config.MAIL_FROM,
      send: createTransport({
        smtpUrl: config.SMTP_URL,
        mailDir: path.join(config.DATA_DIR, "mail"),
      }),
    });
  }
  return slot.__conectaMailWorker;
}

export async function stopMailer(): Promise<void> {
  const worker = slot.__conectaMailWorker;
  slot.__conectaMailWorker = undefined;
  await worker?.stop();
}
