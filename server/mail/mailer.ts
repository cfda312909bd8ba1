// Outgoing e-mail: queued in the database, then delivered over SMTP (SMTP_URL) or, without
// it, written to DATA_DIR/outbox with its links logged. Failed deliveries are retried.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { LEASE_MS, retryDelayMs, startWokenLoop } from "../background-work";
import { config } from "../config";
import { type Database, db } from "../db/client";
import { type MailAttachment, mailQueue } from "../db/schema";
import { announce } from "../events";
import { logger } from "../logger";
import { writeFileWhole } from "../write-whole";

/** A message as composeMail() (server/mail/templates/compose.tsx) makes it: both parts, always. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** What a transport sends: rows queued before mails had HTML parts go out as text alone. */
type OutgoingMail = Omit<Mail, "html"> & { html?: string; from: string };

export interface MailTransport {
  send(message: OutgoingMail): Promise<void>;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail(withAttachments(message));
    },
  };
}

/** The message as nodemailer takes it: attachments decoded from their stored base64. */
function withAttachments({ attachments, ...message }: OutgoingMail) {
  return {
    ...message,
    attachments: attachments?.map(({ filename, contentType, content }) => ({
      filename,
      contentType,
      content,
      encoding: "base64",
    })),
  };
}

/** Without SMTP the message lands in a folder an operator (or a test) can read. */
export function outboxTransport(folder: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transporter.sendMail(withAttachments(message));
      mkdirSync(folder, { recursive: true });
      const file = path.join(folder, `${Date.now()}-${message.to.replace(/[^\w.@-]/g, "_")}.eml`);
      // Whoever reads the folder (an operator's tool, a test in another process) never finds a message half written.
      writeFileWhole(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to: message.to, subject: message.subject, file, links }, "mail written to the outbox");
    },
  };
}

export function configuredTransport(): MailTransport {
  const { SMTP_URL, DATA_DIR } = config();
  return SMTP_URL ? smtpTransport(SMTP_URL) : outboxTransport(path.join(DATA_DIR, "outbox"));
}

/**
 * Stores the message (inside the caller's transaction when given one, so it goes out only if that
 * commits); delivery happens apart, so a slow mail server never blocks a buyer.
 */
export async function queueMail(mail: Mail, executor: Database = db()): Promise<void> {
  // Due now by the same (millisecond) clock the delivery loop compares against.
  await executor.insert(mailQueue).values({ ...mail, nextAttemptAt: new Date() });
  announce("mailQueued", {});
}

type QueuedMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachment[];
  attempts: number;
};

/** Claims due messages (safe with several processes) and tries each once. Returns how many went out. */
export async function deliverPendingMail(transport: MailTransport, from: string, now = new Date()): Promise<number> {
  const claimed = await db().execute<QueuedMail>(sql`
    update ${mailQueue}
    set attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}
    where id in (
      select id from ${mailQueue}
      where sent_at is null and next_attempt_at <= ${now}
      order by next_attempt_at
      limit 20
      for update skip locked
    )
    returning id, "to", subject, text, html, attachments, attempts`);
  let sent = 0;
  for (const mail of claimed.rows) {
    try {
      await transport.send({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        attachments: mail.attachments,
      });
      await db().execute(sql`update ${mailQueue} set sent_at = ${new Date()}, last_error = null where id = ${mail.id}`);
      sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retryAt = new Date(now.getTime() + retryDelayMs(mail.attempts));
      await db().execute(
        sql`update ${mailQueue} set last_error = ${reason}, next_attempt_at = ${retryAt} where id = ${mail.id}`,
      );
      logger.warn({ to: mail.to, attempts: mail.attempts, retryAt, reason }, "mail not delivered; will retry");
    }
  }
  return sent;
}

/** Runs delivery now, whenever mail is queued, and every few seconds for retries. */
export function startMailDelivery(transport = configuredTransport(), intervalMs = 5_000): () => void {
  const from = config().MAIL_FROM;
  return startWokenLoop("mailQueued", () => deliverPendingMail(transport, from), "mail delivery", intervalMs);
}
