import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTestDatabase } from "../../test/database";
import { startSmtpReceiver } from "../../test/smtp-receiver";
import { mailQueue } from "../db/schema";
import { deliverPendingMail, outboxTransport, queueMail, retryDelayMs, smtpTransport } from "./mailer";

const { handle } = withTestDatabase();
const from = "Store <orders@example.com>";

describe("mail delivery", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(() => smtp.close());

  it("delivers a queued message over SMTP exactly once", async () => {
    await queueMail({ to: "buyer@example.com", subject: "Confirm", text: "Open https://store.test/confirm?t=1" });
    expect(await deliverPendingMail(smtpTransport(smtp.url), from)).toBe(1);
    expect(await deliverPendingMail(smtpTransport(smtp.url), from)).toBe(0);
    expect(smtp.received.filter((m) => m.to.includes("buyer@example.com"))).toHaveLength(1);
    expect(smtp.linkFor("buyer@example.com")).toBe("https://store.test/confirm?t=1");
  });

  it("keeps a message while the mail server is down and sends it once it is back", async () => {
    await queueMail({ to: "later@example.com", subject: "Reset", text: "https://store.test/reset" });
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
    await queueMail({ to: "folder@example.com", subject: "Hello", text: "https://store.test/x" });
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
