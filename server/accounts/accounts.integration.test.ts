import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type SignUpInput, signUpSchema } from "../../app/lib/account-schemas";
import { userContext } from "../../app/lib/context";
import { withTestDatabase } from "../../test/database";
import { mailQueue, profiles, user } from "../db/schema";
import { StoreError } from "../errors";
import { ensureAdmin } from "./admin-bootstrap";
import { auth } from "./auth";
import { takeAttempt } from "./rate-limit";
import { registerBuyer } from "./register";
import { isAdmin, requireAdmin, userFromSession } from "./session";
import { signInWithPassword } from "./sign-in";

const { handle } = withTestDatabase();

const buyer = (email: string, extra: Record<string, unknown> = {}): SignUpInput =>
  signUpSchema.parse({
    email,
    password: "hunter22",
    firstName: "Dana",
    lastName: "Reyes",
    companyName: "Reyes Fabrication",
    shipping: { line1: "100 Main St", city: "Portland", state: "OR", zip: "97201" },
    sameAsShipping: "on",
    ...extra,
  });

async function linkSentTo(email: string): Promise<string> {
  const rows = await handle().db.select().from(mailQueue).where(eq(mailQueue.to, email));
  const link = rows.at(-1)?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link was mailed to ${email}`);
  return link;
}

async function signIn(email: string, password: string) {
  return auth().api.signInEmail({ body: { email, password }, asResponse: true });
}

describe("registering a buyer", () => {
  it("writes the profile with a readable account number and billing copied from shipping", async () => {
    const { accountNumber } = await registerBuyer(buyer("dana@example.com"));
    expect(accountNumber).toMatch(/^ACCT-\d{6}$/);
    const [profile] = await handle()
      .db.select()
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(user.email, "dana@example.com"));
    expect(profile?.profiles).toMatchObject({
      firstName: "Dana",
      companyName: "Reyes Fabrication",
      billingAddressLine1: "100 Main St",
      billingCity: "Portland",
      billingState: "OR",
      billingZip: "97201",
      sameAsShipping: true,
      net30Approved: false,
      creditLimit: "0.00",
    });
  });

  it("refuses sign-in until the e-mailed link confirms the address", async () => {
    await registerBuyer(buyer("confirm@example.com"));
    expect((await signIn("confirm@example.com", "hunter22")).status).toBe(403);

    const link = new URL(await linkSentTo("confirm@example.com"));
    expect(link.pathname).toBe("/api/auth/verify-email");
    await auth().api.verifyEmail({ query: { token: link.searchParams.get("token") ?? "" } });

    const response = await signIn("confirm@example.com", "hunter22");
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const signedIn = await userFromSession(
      new Request("http://localhost/", { headers: { cookie: cookie.split(";")[0] ?? "" } }),
    );
    expect(signedIn).toMatchObject({ email: "confirm@example.com", isAdmin: false });
    expect((await signIn("confirm@example.com", "wrong-password")).status).toBe(401);
  });

  it("refuses a second account for the same e-mail and leaves the first intact", async () => {
    await registerBuyer(buyer("twice@example.com"));
    await expect(registerBuyer(buyer("twice@example.com"))).rejects.toBeInstanceOf(StoreError);
    const rows = await handle().db.select().from(user).where(eq(user.email, "twice@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("gives 20 concurrent sign-ups 20 different account numbers", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => registerBuyer(buyer(`crowd${i}@example.com`))),
    );
    const numbers = results.map((r) => r.accountNumber);
    expect(new Set(numbers).size).toBe(20);
    const duplicates = await handle().db.execute(
      sql`select account_number from profiles group by account_number having count(*) > 1`,
    );
    expect(duplicates.rows).toEqual([]);
  });

  it("resets a password with a link that works once", async () => {
    await registerBuyer(buyer("reset@example.com"));
    await auth().api.verifyEmail({
      query: { token: new URL(await linkSentTo("reset@example.com")).searchParams.get("token") ?? "" },
    });
    await auth().api.requestPasswordReset({ body: { email: "reset@example.com", redirectTo: "/auth/reset-password" } });
    const link = await linkSentTo("reset@example.com");
    const token = link.match(/reset-password\/([^?]+)/)?.[1] ?? "";
    expect(token).not.toBe("");
    await auth().api.resetPassword({ body: { token, newPassword: "new-secret-9" } });
    expect((await signIn("reset@example.com", "new-secret-9")).status).toBe(200);
    expect((await signIn("reset@example.com", "hunter22")).status).toBe(401);
    await expect(auth().api.resetPassword({ body: { token, newPassword: "another-one-1" } })).rejects.toThrow();
  });
});

describe("the admin role", () => {
  it("ADMIN_EMAIL becomes a confirmed admin at every start, without duplicates", async () => {
    await ensureAdmin("Boss@Example.com", "admin-password-1");
    await ensureAdmin("boss@example.com", "admin-password-1");
    const rows = await handle().db.select().from(user).where(eq(user.email, "boss@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.emailVerified).toBe(true);
    expect(await isAdmin(rows[0]?.id ?? "")).toBe(true);
    expect((await signIn("boss@example.com", "admin-password-1")).status).toBe(200);
    await ensureAdmin("boss@example.com", "changed-password-2");
    expect((await signIn("boss@example.com", "changed-password-2")).status).toBe(200);
  });

  it("answers 401 to a guest and 403 to a customer", async () => {
    const guest = await askedBy(new Request("http://localhost/admin"));
    expect((guest as Response).status).toBe(401);

    await registerBuyer(buyer("customer@example.com"));
    await handle().db.update(user).set({ emailVerified: true }).where(eq(user.email, "customer@example.com"));
    const cookie = (await signIn("customer@example.com", "hunter22")).headers.get("set-cookie")?.split(";")[0] ?? "";
    const customer = await askedBy(new Request("http://localhost/admin", { headers: { cookie } }));
    expect((customer as Response).status).toBe(403);
  });

  /** What requireAdmin throws for a request, with the request context set as the root middleware sets it. */
  async function askedBy(request: Request) {
    const context = new RouterContextProvider();
    context.set(userContext, await userFromSession(request));
    try {
      return requireAdmin({ context });
    } catch (thrown) {
      return thrown;
    }
  }
});

describe("rate limits on the account forms", () => {
  it("refuses the 11th sign-in attempt for one e-mail within 15 minutes, then allows again later", async () => {
    const now = Date.now();
    const who = { email: "slow@example.com", address: "203.0.113.7" };
    for (let i = 0; i < 10; i++) await takeAttempt("signIn", who, now);
    await expect(takeAttempt("signIn", who, now)).rejects.toThrow(
      "Too many attempts. Please wait 15 minutes and try again.",
    );
    // Another e-mail from the same address still gets through; the address has more room.
    await expect(takeAttempt("signIn", { ...who, email: "other@example.com" }, now)).resolves.toBeUndefined();
    await expect(takeAttempt("signIn", who, now + 15 * 60_000 + 1)).resolves.toBeUndefined();
  });

  it("counts every password sign-in, so the 11th for one e-mail is refused even with the right password", async () => {
    await ensureAdmin("counted@example.com", "admin-password-1");
    const attempt = (password: string) =>
      signInWithPassword(new Request("http://localhost/admin/login"), {
        email: "counted@example.com",
        password,
        address: "203.0.113.8",
      });
    expect(await attempt("admin-password-1")).toMatchObject({ ok: true });
    for (let i = 0; i < 9; i++) {
      expect(await attempt("wrong-password")).toEqual({ ok: false, status: 401, message: "Invalid email or password" });
    }
    await expect(attempt("admin-password-1")).rejects.toThrow("Too many attempts. Please wait 15 minutes");
  });
});
