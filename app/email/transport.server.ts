import path from "node:path";
import nodemailer from "nodemailer";
import { log } from "~/lib/log.server";
import { preparePrivateDir, writePrivateFile } from "~/lib/private-files.server";

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type SendEmail = (email: OutgoingEmail) => Promise<void>;

/**
 * SMTP when a URL is configured; otherwise each message is written as an .eml file in
 * DATA_DIR/mail and a log line names recipient and subject, so a laptop needs no mail server.
 */
export function createTransport(config: { smtpUrl?: string; mailDir: string }): SendEmail {
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport(config.smtpUrl);
    return async (email) => {
      await smtp.sendMail(email);
    };
  }
  const files = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return async (email) => {
    const info = await files.sendMail(email);
    preparePrivateDir(config.mailDir);
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[<>@]/g, "")}.eml`;
    const file = path.join(config.mailDir, name);
    writePrivateFile(file, info.message as Buffer);
    log.info({ to: email.to, subject: email.subject, file }, "mail written");
  };
}
