import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { waitFor } from "./wait";

/**
 * E-mail as a test receives it: from the .eml files the server writes to DATA_DIR/mail when no
 * SMTP_URL is set, or from a real SMTP server on loopback started by the test. Messages are
 * MIME (nodemailer): headers with RFC 2047 words, quoted-printable or base64 parts.
 */

export interface ReceivedEmail {
  to: string;
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  /** The text/html part, decoded (empty when absent). */
  html: string;
  raw: string;
}

/** Quoted-printable (RFC 2045) to text: soft line breaks removed, =XX bytes decoded as UTF-8. */
export function decodeQuotedPrintable(encoded: string): string {
  // Every =XX becomes its byte and everything else its UTF-8 bytes, in one pass over the text.
  const joined = encoded.replace(/=\r?\n/g, "");
  const parts: Buffer[] = [];
  let plainFrom = 0;
  for (const match of joined.matchAll(/(?:=[0-9A-Fa-f]{2})+/g)) {
    parts.push(Buffer.from(joined.slice(plainFrom, match.index), "utf8"));
    parts.push(Buffer.from(match[0].replaceAll("=", ""), "hex"));
    plainFrom = match.index + match[0].length;
  }
  parts.push(Buffer.from(joined.slice(plainFrom), "utf8"));
  return Buffer.concat(parts).toString("utf8");
}

/** "=?UTF-8?Q?Redefini=C3=A7=C3=A3o?=" and base64 words to text (RFC 2047). */
function decodeHeaderWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset, encoding: string, word: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(word, "base64").toString("utf8")
        : decodeQuotedPrintable(word.replace(/_/g, " ")),
    );
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const normalized = part.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end >= 0 ? normalized.slice(0, end) : normalized;
  const body = end >= 0 ? normalized.slice(end + 2) : "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = headers.get("content-transfer-encoding")?.toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Reads one MIME message: recipient, subject and its text and HTML parts. */
export function parseEmail(raw: string): ReceivedEmail {
  const { headers, body } = splitHeaders(raw);
  const parts: { type: string; text: string }[] = [];
  const collect = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get("content-type") ?? "text/plain";
    const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
    if (boundary) {
      for (const chunk of partBody.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith("--")) break;
        const inner = splitHeaders(chunk.replace(/^\r?\n/, ""));
        collect(inner.headers, inner.body);
      }
      return;
    }
    parts.push({ type: type.toLowerCase(), text: decodeBody(partHeaders, partBody) });
  };
  collect(headers, body);
  return {
    to: headers.get("to") ?? "",
    subject: decodeHeaderWords(headers.get("subject") ?? ""),
    text: parts.find((part) => part.type.startsWith("text/plain"))?.text ?? "",
    html: parts.find((part) => part.type.startsWith("text/html"))?.text ?? "",
    raw,
  };
}

/** Every .eml file in the directory (oldest first by name), parsed; [] when it does not exist. */
export async function readMailDir(dir: string): Promise<ReceivedEmail[]> {
  if (!existsSync(dir)) return [];
  const files = (await readdir(dir)).filter((file) => file.endsWith(".eml")).sort();
  return Promise.all(
    files.map(async (file) => parseEmail(await readFile(path.join(dir, file), "utf8"))),
  );
}

/** The e-mails to `to` in a mail directory, oldest first. */
export async function mailTo(mailDir: string, to: string): Promise<ReceivedEmail[]> {
  return (await readMailDir(mailDir)).filter((mail) => mail.to.includes(to));
}

/** How long a test waits for an e-mail the app sends after its response (the outbox's turn). */
export const MAIL_TIMEOUT_MS = 15_000;

/**
 * Waits until at least `count` e-mails to `to` whose subject matches (a RegExp, or a string the
 * subject contains) are in `read()`'s list, and returns them all, oldest first. The one waiter for
 * both ways e-mail reaches a test: a server's DATA_DIR/mail (waitForMail) and an SMTP sink.
 */
async function waitForMatching(
  read: () => ReceivedEmail[] | Promise<ReceivedEmail[]>,
  to: string,
  { subject, count = 1, timeoutMs = MAIL_TIMEOUT_MS }: MailMatch = {},
): Promise<ReceivedEmail[]> {
  const matches = (mail: ReceivedEmail) =>
    mail.to.includes(to) &&
    (subject === undefined ||
      (typeof subject === "string" ? mail.subject.includes(subject) : subject.test(mail.subject)));
  return waitFor(
    async () => {
      const found = (await read()).filter(matches);
      return found.length >= count ? found : undefined;
    },
    { timeoutMs, message: `${count} e-mail(s) to ${to}${subject ? ` matching ${subject}` : ""}` },
  );
}

export interface MailMatch {
  subject?: string | RegExp;
  /** Wait for this many matching e-mails (default 1). */
  count?: number;
  timeoutMs?: number;
}

/** Waits for e-mails the server wrote to its mail directory (no SMTP_URL): see waitForMatching. */
export function waitForMail(
  mailDir: string,
  to: string,
  subject?: string | RegExp,
  count = 1,
): Promise<[ReceivedEmail, ...ReceivedEmail[]]> {
  return waitForMatching(() => readMailDir(mailDir), to, { subject, count }) as Promise<
    [ReceivedEmail, ...ReceivedEmail[]]
  >;
}

/** The reset link in an e-mail's text: `<BASE_URL>/auth/resetar-senha?token=...`. */
export function resetLinkIn(email: ReceivedEmail): string | undefined {
  return email.text.match(/https?:\/\/\S+\/auth\/resetar-senha\?token=[\w.-]+/)?.[0];
}

export interface SmtpSink {
  port: number;
  /** The URL for the app's SMTP_URL (no TLS on loopback). */
  url: string;
  messages: ReceivedEmail[];
  /** Waits for a message to `to` beyond the first `after` ones to that address. */
  waitForMessage: (
    to: string,
    options?: { after?: number; timeoutMs?: number },
  ) => Promise<ReceivedEmail>;
  close: () => Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives. Pass `port` to come back on the
 * port of a sink that was closed (an outage, then recovery) and `messages` to keep one list.
 */
export async function startSmtpSink(
  options: { port?: number; messages?: ReceivedEmail[] } = {},
): Promise<SmtpSink> {
  const messages = options.messages ?? [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push(parseEmail(Buffer.concat(chunks).toString("utf8")));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    waitForMessage: async (to, { after = 0, timeoutMs } = {}) => {
      const found = await waitForMatching(() => messages, to, { count: after + 1, timeoutMs });
      return found[after] as ReceivedEmail;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
