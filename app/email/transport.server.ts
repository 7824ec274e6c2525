import path from "node:path";
import { log } from "~/lib/log.server";
import { firstUse, onDemand } from "~/lib/on-demand.server";
import { preparePrivateDir, writePrivateFile } from "~/lib/private-files.server";

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** List-Unsubscribe and List-Unsubscribe-Post on every message that is not transactional. */
  headers?: Record<string, string>;
}

export type SendEmail = (email: OutgoingEmail) => Promise<void>;

/** nodemailer (about 12 MB of memory) is loaded with the first message sent (ADR 0041). */
const loadNodemailer = onDemand("nodemailer", async () => (await import("nodemailer")).default);

/**
 * SMTP when a URL is configured; otherwise each message is written as an .eml file in
 * DATA_DIR/mail and a log line names recipient and subject, so a laptop needs no mail server.
 * The nodemailer transport is made with the first message.
 */
export function createTransport(config: { smtpUrl?: string; mailDir: string }): SendEmail {
  const { smtpUrl } = config;
  if (smtpUrl) {
    const smtp = firstUse(async () => (await loadNodemailer()).createTransport(smtpUrl));
    return async (email) => {
      await (await smtp()).sendMail(email);
    };
  }
  const files = firstUse(async () =>
    (await loadNodemailer()).createTransport({
      streamTransport: true,
      buffer: true,
      newline: "unix",
    }),
  );
  return async (email) => {
    const info = await (await files()).sendMail(email);
    preparePrivateDir(config.mailDir);
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[<>@]/g, "")}.eml`;
    const file = path.join(config.mailDir, name);
    writePrivateFile(file, info.message as Buffer);
    log.info({ to: email.to, subject: email.subject, file }, "mail written");
  };
}
