import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTestDatabase } from "../../test/database";
import { startSmtpReceiver } from "../../test/smtp-receiver";
import { retryDelayMs } from "../background-work";
import { mailQueue } from "../db/schema";
import { deliverPendingMail, outboxTransport, queueMail, smtpTransport } from "./mailer";
import { composeMail } from "./templates/compose";

const { handle } = withTestDatabase();
const from = "Store <orders@example.com>";

describe("mail delivery", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(() => smtp.close());

  it("delivers a queued message over SMTP exactly once", async () => {
    await queueMail({
      to: "buyer@example.com",
      subject: "Confirm",
      text: "Open https://store.test/confirm?t=1",
      html: '<p><a href="https://store.test/confirm?t=1">Open</a></p>',
    });
    expect(await deliverPendingMail(smtpTransport(smtp.url), from)).toBe(1);
    expect(await deliverPendingMail(smtpTransport(smtp.url), from)).toBe(0);
    expect(smtp.received.filter((m) => m.to.includes("buyer@example.com"))).toHaveLength(1);
    expect(smtp.linkFor("buyer@example.com")).toBe("https://store.test/confirm?t=1");
  });

  it("sends the text and the HTML as two parts of one message, the text first", async () => {
    const mail = await composeMail({
      to: "parts@example.com",
      subject: "Parts",
      blocks: [
        { type: "paragraph", text: "Both parts say this." },
        { type: "button", label: "Open", href: "https://store.test/open" },
      ],
      attachments: [{ filename: "a.txt", contentType: "text/plain", content: Buffer.from("hi").toString("base64") }],
    });
    await queueMail(mail);
    expect(await deliverPendingMail(smtpTransport(smtp.url), from)).toBe(1);
    const raw = smtp.received.find((m) => m.to.includes("parts@example.com"))?.raw ?? "";
    expect(raw).toMatch(/Content-Type: multipart\/mixed/);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    const text = raw.search(/Content-Type: text\/plain/);
    const html = raw.search(/Content-Type: text\/html/);
    expect(text).toBeGreaterThan(0);
    expect(html).toBeGreaterThan(text);
    expect(raw).toContain("filename=a.txt");
    expect(smtp.linkFor("parts@example.com")).toBe("https://store.test/open");
  });

  it("keeps a message while the mail server is down and sends it once it is back", async () => {
    await queueMail({
      to: "later@example.com",
      subject: "Reset",
      text: "https://store.test/reset",
      html: "<p>Reset</p>",
    });
    const down = smtpTransport("smtp://127.0.0.1:9");
    const now = new Date();
    expect(await deliverPendingMail(down, from, now)).toBe(0);
    const [row] = await handle().db.select().from(mailQueue).where(eq(mailQueue.to, "later@example.com"));
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toBeTruthy();
    expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + retryDelayMs(1));

    expect(await deliverPendingMail(smtpTransport(smtp.url), from, now)).toBe(0); // not due yet
    const due = new Date(now.getTime() + retryDelayMs(1));
    expect(await deliverPendingMail(smtpTransport(smtp.url), from, due)).toBe(1);
    expect(smtp.linkFor("later@example.com")).toBe("https://store.test/reset");
  });

  it("writes to the outbox folder when no SMTP server is configured", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "outbox-"));
    await queueMail({ to: "folder@example.com", subject: "Hello", text: "https://store.test/x", html: "<p>Hello</p>" });
    expect(await deliverPendingMail(outboxTransport(folder), from)).toBe(1);
    const [file] = readdirSync(folder);
    expect(file).toMatch(/folder@example\.com\.eml$/);
    expect(readFileSync(path.join(folder, file ?? ""), "utf8")).toContain("Subject: Hello");
  });
});

describe("retryDelayMs", () => {
  it.each([
    [1, 10_000],
    [2, 20_000],
    [5, 160_000],
    [30, 3_600_000],
  ])("waits after attempt %i for %i ms", (attempts, ms) => {
    expect(retryDelayMs(attempts)).toBe(ms);
  });
});
