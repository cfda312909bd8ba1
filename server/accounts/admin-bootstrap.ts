// ADMIN_EMAIL and ADMIN_PASSWORD make sure this admin exists, confirmed, at every start.
import { eq } from "drizzle-orm";
import { buyerOf } from "../companies/buyer";
import { createCompanyOfOne } from "../companies/membership";
import { db } from "../db/client";
import { profiles, user, userRoles } from "../db/schema";
import { auth } from "./auth";

export async function ensureAdmin(email: string, password: string): Promise<void> {
  const context = await auth().$context;
  const normalized = email.toLowerCase();
  let admin = await context.internalAdapter.findUserByEmail(normalized, { includeAccounts: true });
  if (!admin) {
    const created = await context.internalAdapter.createUser(
      { email: normalized, name: "Store Admin", emailVerified: true },
      { method: "admin" },
    );
    await context.internalAdapter.linkAccount({
      userId: created.id,
      providerId: "credential",
      accountId: created.id,
      password: await context.password.hash(password),
    });
    admin = await context.internalAdapter.findUserByEmail(normalized, { includeAccounts: true });
  }
  if (!admin) throw new Error(`Could not create the admin account ${normalized}.`);
  const { id } = admin.user;
  if (!admin.user.emailVerified) await db().update(user).set({ emailVerified: true }).where(eq(user.id, id));
  const credential = admin.accounts.find((a) => a.providerId === "credential");
  const passwordMatches =
    credential?.password && (await context.password.verify({ hash: credential.password, password }));
  if (!credential) {
    await context.internalAdapter.linkAccount({
      userId: id,
      providerId: "credential",
      accountId: id,
      password: await context.password.hash(password),
    });
  } else if (!passwordMatches) {
    await context.internalAdapter.updatePassword(id, await context.password.hash(password));
  }
  await db().insert(userRoles).values({ userId: id, role: "admin" }).onConflictDoNothing();
  await db().transaction(async (tx) => {
    const [created] = await tx
      .insert(profiles)
      .values({ userId: id, firstName: "Store", lastName: "Admin" })
      .onConflictDoNothing()
      .returning({ id: profiles.id });
    if (created && !(await buyerOf(id, tx))?.company) await createCompanyOfOne(tx, { userId: id });
  });
}
