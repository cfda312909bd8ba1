// A company's tax-exempt certificates (docs/decisions/tax-exemption.md): the company admin uploads
// one per state (the file is checked by its content and kept privately in the `tax-certificates`
// space of the store's files, server/media/storage.ts), every member sees them, the store admin approves or rejects
// them (audit-logged) and alone opens the file; the pricing reads the approved ones, and the
// company admins are reminded once, 30 days before one expires.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { and, asc, count, desc, eq, gte, isNull, lte, type SQL } from "drizzle-orm";
import sharp from "sharp";
import { can } from "../../domain/companies/companies";
import {
  CERTIFICATE_FILE_FIELD,
  type CertificateInput,
  type CertificateListFilter,
  type CertificateReview,
  certificateHolds,
  EXPIRED_MESSAGE,
  type ExemptionCertificate,
  expiredOnUpload,
  MAX_CERTIFICATE_BYTES,
  reminderHorizon,
  stateName,
} from "../../domain/companies/tax-exemption";
import { formatLongDate, storeDay } from "../../domain/dates/dates";
import { countUse, type Limit } from "../accounts/rate-limit";
import { recordAudit } from "../admin/audit";
import { type Database, db } from "../db/client";
import { companies, companyMembers, taxCertificates, user } from "../db/schema";
import { StoreError } from "../errors";
import { logger } from "../logger";
import { type Mail, queueMail } from "../mail/mailer";
import { composeMail, storeUrl } from "../mail/templates/compose";
import { MAX_IMAGE_PIXELS } from "../media/images";
import { type FileStore, fileStoreFor, storePlace } from "../media/storage";
import { runEvery } from "../periodic";
import { readStoreSettings } from "../terms/settings";
import { type Buyer, membershipOf, NO_COMPANY_MESSAGE, requirePermission } from "./buyer";

export const CERTIFICATES_PATH = "/account/company/tax-certificates";
export const certificateNotFound = "That certificate does not exist.";
/** More than any company needs (50 states, renewals while the old one runs); a bound on what one account stores. */
export const MAX_CERTIFICATES_PER_COMPANY = 100;
/** Uploads a company may send in an hour, refused ones included: a state a week is the usual pace. */
export const certificateUploadLimit: Limit = { max: 30, windowMs: 60 * 60_000 };

/** A space of its own beside the media (so backups copy it), but never served by /media. */
export const certificateStorage = (): FileStore => fileStoreFor(storePlace(), "tax-certificates");

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const PICTURE_FORMATS = new Set(["jpeg", "png", "webp"]);
const NOT_A_CERTIFICATE_FILE =
  "This file is neither a PDF nor a JPEG, PNG or WebP picture: scan or save the certificate as one of those.";

/**
 * The file as the store keeps it, judged by its bytes, never by its name or declared type: a PDF as
 * sent; a picture decoded and written again as WebP, so nothing but its pixels is kept.
 */
export async function checkedCertificateFile(bytes: Uint8Array): Promise<{ key: string; bytes: Uint8Array }> {
  if (bytes.byteLength === 0) throw new StoreError("Invalid", "Choose the certificate file (a PDF or a picture).");
  if (bytes.byteLength > MAX_CERTIFICATE_BYTES)
    throw new StoreError(
      "Invalid",
      `The file is ${megabytes(bytes.byteLength)}; a certificate may be at most ${megabytes(MAX_CERTIFICATE_BYTES)}.`,
    );
  if (Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-") return { key: fileKey("pdf"), bytes };
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!metadata?.format || !PICTURE_FORMATS.has(metadata.format))
    throw new StoreError("Invalid", NOT_A_CERTIFICATE_FILE);
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_IMAGE_PIXELS)
    throw new StoreError(
      "Invalid",
      `The picture is ${width} × ${height} pixels: scan the certificate at a lower resolution.`,
    );
  try {
    const webp = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
      .autoOrient()
      .webp({ quality: 85 })
      .toBuffer();
    return { key: fileKey("webp"), bytes: webp };
  } catch {
    throw new StoreError("Invalid", "The picture is damaged and cannot be read: scan or save it again.");
  }
}

// Each upload's file is its own (not named by its content as media are), so removing a certificate
// removes its file without asking whether another certificate holds the same bytes.
const fileKey = (extension: "pdf" | "webp") => `${randomBytes(12).toString("hex")}.${extension}`;

const contentTypeOfKey = (key: string) => (key.endsWith(".pdf") ? "application/pdf" : "image/webp");

/** What the company's members and the back office both show of a certificate. */
const certificateColumns = {
  id: taxCertificates.id,
  state: taxCertificates.state,
  certificateNumber: taxCertificates.certificateNumber,
  expiresOn: taxCertificates.expiresOn,
  status: taxCertificates.status,
  rejectionReason: taxCertificates.rejectionReason,
  uploadedAt: taxCertificates.uploadedAt,
};

/** The company's certificates, as every member sees them; `canManage` for its admins. */
export async function companyCertificates(buyer: Buyer, now = new Date()) {
  const membership = await membershipOf(buyer);
  if (!membership) throw new StoreError("Forbidden", NO_COMPANY_MESSAGE);
  const { companyId, role } = membership;
  const [rows, settings] = await Promise.all([
    db()
      .select({ ...certificateColumns, fileName: taxCertificates.fileName })
      .from(taxCertificates)
      .where(eq(taxCertificates.companyId, companyId))
      .orderBy(asc(taxCertificates.state), desc(taxCertificates.uploadedAt)),
    readStoreSettings(),
  ]);
  return {
    canManage: can(role, "manageTaxCertificates"),
    reminderDays: settings.certificateReminderDays,
    certificates: rows.map((row) => ({ ...row, expired: !certificateHolds(row, now) })),
  };
}

/** The user's company, when they may add and remove its certificates; Forbidden, with the reason, otherwise. */
export const requireCertificateManager = (buyer: Buyer) => requirePermission(buyer, "manageTaxCertificates");

/**
 * Keeps a new certificate, waiting for review. The fields were parsed by the shared schema; the
 * expiry is checked against the store's day, the file by its content.
 */
export async function uploadCertificate(
  buyer: Buyer,
  input: CertificateInput,
  file: { bytes: Uint8Array; name: string },
  now = new Date(),
) {
  const { companyId } = requireCertificateManager(buyer);
  if (expiredOnUpload(input.expiresOn, now)) throw new StoreError("Invalid", EXPIRED_MESSAGE, { field: "expiresOn" });
  // Asked before the file is read or written (and asked again under the lock below, for two at once).
  await refuseOverCap(db(), companyId);
  await countUse(
    `tax-certificate:company:${companyId}`,
    certificateUploadLimit,
    now.getTime(),
    "Your company has uploaded many certificates in the last hour.",
  );
  const stored = await checkedCertificateFile(file.bytes).catch((error: unknown) => {
    throw error instanceof StoreError
      ? new StoreError("Invalid", error.message, { field: CERTIFICATE_FILE_FIELD })
      : error;
  });
  const storage = certificateStorage();
  await storage.put(stored.key, stored.bytes, contentTypeOfKey(stored.key));
  try {
    return await db().transaction(async (tx) => {
      // The company row's lock makes the count hold for two uploads at once.
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
      await refuseOverCap(tx, companyId);
      const [row] = await tx
        .insert(taxCertificates)
        .values({
          companyId,
          state: input.state,
          certificateNumber: input.certificateNumber,
          expiresOn: input.expiresOn,
          fileKey: stored.key,
          fileName: cleanFileName(file.name, stored.key),
          uploadedBy: buyer.userId,
          uploadedAt: now,
        })
        .returning({ id: taxCertificates.id });
      if (!row) throw new Error("The certificate row was not written.");
      return row;
    });
  } catch (error) {
    await storage.delete(stored.key);
    throw error;
  }
}

async function refuseOverCap(executor: Database, companyId: string) {
  const [held] = await executor
    .select({ n: count() })
    .from(taxCertificates)
    .where(eq(taxCertificates.companyId, companyId));
  if ((held?.n ?? 0) >= MAX_CERTIFICATES_PER_COMPANY)
    throw new StoreError(
      "Conflict",
      `A company keeps at most ${MAX_CERTIFICATES_PER_COMPANY} certificates: remove expired or rejected ones first.`,
    );
}

/** The name the admin downloads the file under: the uploaded name's safe letters, with the stored type's extension. */
function cleanFileName(name: string, key: string) {
  const base = name
    .replace(/\.[^.]*$/, "")
    .replace(/[^\w.-]+/g, "-")
    .replace(/^[-.]+|-+$/g, "")
    .slice(0, 80);
  return `${base || "certificate"}${path.extname(key)}`;
}

/** The company admin takes a certificate off the account (its orders keep the number they were placed under). */
export async function removeCertificate(buyer: Buyer, certificateId: string) {
  const { companyId } = requireCertificateManager(buyer);
  const [removed] = await db()
    .delete(taxCertificates)
    .where(and(eq(taxCertificates.id, certificateId), eq(taxCertificates.companyId, companyId)))
    .returning({
      state: taxCertificates.state,
      certificateNumber: taxCertificates.certificateNumber,
      fileKey: taxCertificates.fileKey,
    });
  if (!removed) throw new StoreError("NotFound", certificateNotFound);
  // Files kept before each upload had its own were named by their content, and may be shared.
  const [stillHeld] = await db()
    .select({ id: taxCertificates.id })
    .from(taxCertificates)
    .where(eq(taxCertificates.fileKey, removed.fileKey))
    .limit(1);
  if (!stillHeld) await certificateStorage().delete(removed.fileKey);
  return { state: removed.state, certificateNumber: removed.certificateNumber };
}

/** The company's approved certificates, for the pricing (which checks state and expiry). */
export async function certificatesOf(
  companyId: string | SQL<string>,
  executor: Database = db(),
): Promise<ExemptionCertificate[]> {
  return executor
    .select({
      state: taxCertificates.state,
      certificateNumber: taxCertificates.certificateNumber,
      expiresOn: taxCertificates.expiresOn,
      status: taxCertificates.status,
    })
    .from(taxCertificates)
    .where(and(eq(taxCertificates.companyId, companyId), eq(taxCertificates.status, "approved")));
}

export const ADMIN_CERTIFICATES_PAGE_SIZE = 50;

/** The back office's list: waiting ones oldest first (the queue), the others newest first. */
export async function listCertificatesForAdmin({ show, page }: { show: CertificateListFilter; page: number }) {
  const where = show === "all" ? undefined : eq(taxCertificates.status, show);
  const [items, [total]] = await Promise.all([
    db()
      .select({
        ...certificateColumns,
        reviewedAt: taxCertificates.reviewedAt,
        companyName: companies.name,
        accountNumber: companies.accountNumber,
        uploadedBy: user.email,
      })
      .from(taxCertificates)
      .innerJoin(companies, eq(companies.id, taxCertificates.companyId))
      .leftJoin(user, eq(user.id, taxCertificates.uploadedBy))
      .where(where)
      .orderBy(
        show === "pending" ? asc(taxCertificates.uploadedAt) : desc(taxCertificates.uploadedAt),
        asc(taxCertificates.id),
      )
      .limit(ADMIN_CERTIFICATES_PAGE_SIZE)
      .offset((page - 1) * ADMIN_CERTIFICATES_PAGE_SIZE),
    db().select({ total: count() }).from(taxCertificates).where(where),
  ]);
  return { items, total: total?.total ?? 0, page, pageSize: ADMIN_CERTIFICATES_PAGE_SIZE, show };
}

/**
 * Approves a certificate (not one already expired) or rejects it with the reason the company sees;
 * an approved one may be rejected later, a rejected one approved. Audit-logged with the change.
 */
export async function reviewCertificate(adminId: string, review: CertificateReview, now = new Date()) {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select({
        status: taxCertificates.status,
        rejectionReason: taxCertificates.rejectionReason,
        expiresOn: taxCertificates.expiresOn,
        state: taxCertificates.state,
        certificateNumber: taxCertificates.certificateNumber,
      })
      .from(taxCertificates)
      .where(eq(taxCertificates.id, review.certificateId))
      .for("update");
    if (!before) throw new StoreError("NotFound", certificateNotFound);
    const status = review.intent === "approve" ? "approved" : "rejected";
    if (review.intent === "approve" && !certificateHolds(before, now))
      throw new StoreError(
        "Conflict",
        `This certificate expired on ${longDay(before.expiresOn)}: it cannot be approved.`,
      );
    const rejectionReason = review.intent === "reject" ? review.reason : null;
    await tx
      .update(taxCertificates)
      .set({ status, rejectionReason, reviewedBy: adminId, reviewedAt: now })
      .where(eq(taxCertificates.id, review.certificateId));
    await recordAudit(tx, {
      adminId,
      action: review.intent === "approve" ? "approve_tax_certificate" : "reject_tax_certificate",
      entity: "tax_certificate",
      entityId: review.certificateId,
      before: { status: before.status, rejectionReason: before.rejectionReason },
      after: { status, rejectionReason },
    });
    return { state: before.state, certificateNumber: before.certificateNumber, status };
  });
}

/** The uploaded file, for a store admin (the caller checked); undefined when there is none. */
export async function certificateFile(certificateId: string) {
  const [row] = await db()
    .select({ fileKey: taxCertificates.fileKey, fileName: taxCertificates.fileName })
    .from(taxCertificates)
    .where(eq(taxCertificates.id, certificateId));
  if (!row) return undefined;
  const file = await certificateStorage().get(row.fileKey);
  return file && { ...file, contentType: contentTypeOfKey(row.fileKey), fileName: row.fileName };
}

// A day is shown as that day, whatever the server's zone: noon UTC is the same date in every US zone.
const longDay = (day: string) => formatLongDate(`${day}T12:00:00Z`);

export function certificateReminderMessage(
  to: string,
  certificate: { state: string; certificateNumber: string; expiresOn: string; companyName: string },
): Promise<Mail> {
  const state = stateName(certificate.state);
  const expires = longDay(certificate.expiresOn);
  return composeMail({
    to,
    subject: `Your ${state} tax-exempt certificate expires on ${expires}`,
    blocks: [
      { type: "title", text: `Your ${state} tax-exempt certificate expires soon` },
      {
        type: "paragraph",
        text: `The ${state} tax-exempt certificate ${certificate.certificateNumber} of ${certificate.companyName} expires on ${expires}.`,
      },
      {
        type: "paragraph",
        text: `From the next day, orders shipped to ${state} are taxed again. Upload the renewed certificate, so we can review it before then.`,
      },
      { type: "button", label: "Upload the renewed certificate", href: storeUrl(CERTIFICATES_PATH) },
    ],
  });
}

/**
 * Queues the reminder for every approved certificate in its last days (Admin, Settings) that has not had
 * one, to each admin of its company. Marking the certificate and queueing its mail happen in one
 * transaction, and only the run that marks it sends: once per certificate, across processes too.
 */
export async function sendCertificateReminders(now = new Date()): Promise<number> {
  const { certificateReminderDays } = await readStoreSettings();
  const due = await db()
    .select({ id: taxCertificates.id })
    .from(taxCertificates)
    .where(
      and(
        eq(taxCertificates.status, "approved"),
        isNull(taxCertificates.reminderSentAt),
        gte(taxCertificates.expiresOn, storeDay(now)),
        lte(taxCertificates.expiresOn, reminderHorizon(now, certificateReminderDays)),
      ),
    );
  let sent = 0;
  for (const { id } of due) {
    sent += await db().transaction(async (tx) => {
      const [claimed] = await tx
        .update(taxCertificates)
        .set({ reminderSentAt: now })
        .where(and(eq(taxCertificates.id, id), isNull(taxCertificates.reminderSentAt)))
        .returning();
      if (!claimed) return 0;
      const [company] = await tx
        .select({ name: companies.name, accountNumber: companies.accountNumber })
        .from(companies)
        .where(eq(companies.id, claimed.companyId));
      const admins = await tx
        .select({ email: user.email })
        .from(companyMembers)
        .innerJoin(user, eq(user.id, companyMembers.userId))
        .where(and(eq(companyMembers.companyId, claimed.companyId), eq(companyMembers.role, "admin")));
      const companyName = company?.name || `account ${company?.accountNumber ?? ""}`.trim();
      for (const admin of admins)
        await queueMail(await certificateReminderMessage(admin.email, { ...claimed, companyName }), tx);
      return 1;
    });
  }
  return sent;
}

/** Sends the expiry reminders now and then every hour (a day's reminders go out on that day, restarts or not). */
export function startCertificateReminders(intervalMs = 60 * 60_000): () => void {
  return runEvery(intervalMs, "tax certificate reminders", async () => {
    const sent = await sendCertificateReminders();
    if (sent > 0) logger.info({ sent }, "tax certificate expiry reminders queued");
  });
}
