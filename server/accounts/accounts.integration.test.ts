import { eq, like, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type SignUpInput, signUpSchema } from "../../domain/accounts/account-schemas";
import { withTestDatabase } from "../../test/database";
import { authenticatorCode } from "../../test/totp";
import { userContext } from "../context";
import { companies, companyMembers, mailQueue, profiles, user, verification } from "../db/schema";
import { ensureAdmin } from "./admin-bootstrap";
import { auth, cookieHeaderFrom } from "./auth";
import { RESET_REQUEST_MS, requestPasswordReset } from "./password-reset";
import { claimSignInAttempt, forgiveSignInAttempt, takeAttempt } from "./rate-limit";
import { registerBuyer } from "./register";
import { isAdmin, requireAdmin, userFromSession } from "./session";
import { signInWithCode, signInWithPassword } from "./sign-in";
import { confirmEnrolment, startEnrolment } from "./two-factor";

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

const from = { address: "203.0.113.50" };

async function mailsTo(email: string) {
  return handle().db.select().from(mailQueue).where(eq(mailQueue.to, email)).orderBy(mailQueue.createdAt);
}

async function linkSentTo(email: string): Promise<string> {
  const link = (await mailsTo(email)).at(-1)?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link was mailed to ${email}`);
  return link;
}

async function confirmedBuyer(email: string) {
  await registerBuyer(buyer(email), from);
  await handle().db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
}

async function accountNumberOf(email: string) {
  const [row] = await handle()
    .db.select({ accountNumber: companies.accountNumber })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .innerJoin(user, eq(user.id, companyMembers.userId))
    .where(eq(user.email, email));
  return row?.accountNumber;
}

async function signIn(email: string, password: string) {
  return auth().api.signInEmail({ body: { email, password }, asResponse: true });
}

describe("registering a buyer", () => {
  it("writes the profile, and a company of one with a readable account number, billing copied from shipping", async () => {
    await registerBuyer(buyer("dana@example.com"), from);
    expect(await accountNumberOf("dana@example.com")).toMatch(/^ACCT-\d{6}$/);
    const [profile] = await handle()
      .db.select()
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(user.email, "dana@example.com"));
    expect(profile?.profiles).toMatchObject({
      firstName: "Dana",
      billingAddressLine1: "100 Main St",
      billingCity: "Portland",
      billingState: "OR",
      billingZip: "97201",
      sameAsShipping: true,
    });
    const [company] = await handle()
      .db.select({ company: companies, role: companyMembers.role })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(companyMembers.userId, profile?.profiles.userId ?? ""));
    expect(company).toMatchObject({
      role: "admin",
      company: { name: "Reyes Fabrication", onTerms: false, creditLimit: "0.00", termsDays: 30 },
    });
  });

  it("sends a confirmation link back to the page the buyer signed up from, or to the sign-in page alone", async () => {
    await registerBuyer(buyer("from-checkout@example.com"), { ...from, returnTo: "/checkout" });
    const link = new URL(await linkSentTo("from-checkout@example.com"));
    expect(link.searchParams.get("callbackURL")).toBe("/auth?confirmed=1&redirectTo=%2Fcheckout");
    await registerBuyer(buyer("from-home@example.com"), { ...from, returnTo: "/" });
    expect(new URL(await linkSentTo("from-home@example.com")).searchParams.get("callbackURL")).toBe(
      "/auth?confirmed=1",
    );
  });

  it("refuses sign-in until the e-mailed link confirms the address", async () => {
    await registerBuyer(buyer("confirm@example.com"), from);
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

  it("answers a sign-up for a taken e-mail as for a new one, keeps the first account, and tells its owner", async () => {
    await registerBuyer(buyer("twice@example.com"), from);
    const first = await handle().db.select().from(user).where(eq(user.email, "twice@example.com"));
    await expect(registerBuyer(buyer("twice@example.com", { firstName: "Mallory" }), from)).resolves.toBeUndefined();
    expect(await handle().db.select().from(user).where(eq(user.email, "twice@example.com"))).toEqual(first);
    const mails = await mailsTo("twice@example.com");
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Confirm your e-mail for Cascade Industrial Supply",
      "Someone tried to create an account with your e-mail",
    ]);
    expect(mails[1]?.text).toContain("http://localhost:3000/auth/forgot-password");
  });

  it("never leaves a user without a profile, the only kind of user the back office sees", async () => {
    await registerBuyer(buyer("whole@example.com"), from);
    const orphans = await handle().db.execute(
      sql`select u.email from "user" u left join profiles p on p.user_id = u.id where p.id is null`,
    );
    expect(orphans.rows).toEqual([]);
  });

  it("gives 20 concurrent sign-ups 20 different account numbers", async () => {
    const emails = Array.from({ length: 20 }, (_, i) => `crowd${i}@example.com`);
    await Promise.all(emails.map((email) => registerBuyer(buyer(email), { address: "203.0.113.51" })));
    const numbers = await Promise.all(emails.map(accountNumberOf));
    expect(new Set(numbers).size).toBe(20);
    const duplicates = await handle().db.execute(
      sql`select account_number from companies group by account_number having count(*) > 1`,
    );
    expect(duplicates.rows).toEqual([]);
  });

  it("resets a password with a link that works once", async () => {
    await registerBuyer(buyer("reset@example.com"), from);
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

  it("ends every other reset link of the account once one of them sets a new password", async () => {
    await confirmedBuyer("links@example.com");
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      await requestPasswordReset({ email: "links@example.com", ...from }, { minimumMs: 0 });
      tokens.push((await linkSentTo("links@example.com")).match(/reset-password\/([^?]+)/)?.[1] ?? "");
    }
    expect(new Set(tokens).size).toBe(3);
    await auth().api.resetPassword({ body: { token: tokens[1] ?? "", newPassword: "new-secret-9" } });
    for (const token of [tokens[0], tokens[2]]) {
      await expect(
        auth().api.resetPassword({ body: { token: token ?? "", newPassword: "stolen-link-1" } }),
      ).rejects.toThrow();
    }
    expect((await signIn("links@example.com", "new-secret-9")).status).toBe(200);
    const left = await handle().db.select().from(verification).where(like(verification.identifier, "reset-password:%"));
    expect(left).toEqual([]);
  });

  it("answers a reset request in the same time and the same way whether or not the address has an account", async () => {
    await confirmedBuyer("timed@example.com");
    const timed = async (email: string) => {
      const started = performance.now();
      await requestPasswordReset({ email, address: "203.0.113.52" });
      return performance.now() - started;
    };
    const known = [await timed("timed@example.com"), await timed("timed@example.com")];
    const unknown = [await timed("nobody-here@example.com"), await timed("nobody-here@example.com")];
    // Both wait out the same minimum, which the slower path (a token and a mail) stays under.
    for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(RESET_REQUEST_MS - 1);
    expect(Math.max(...known, ...unknown) - Math.min(...known, ...unknown)).toBeLessThan(RESET_REQUEST_MS / 2);
    expect(await mailsTo("nobody-here@example.com")).toEqual([]);
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

    await confirmedBuyer("customer@example.com");
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

describe("limits through every door", () => {
  it("sends at most 5 reset links an hour to one e-mail, however they are asked for", async () => {
    await confirmedBuyer("flooded@example.com");
    const ask = (address: string) => requestPasswordReset({ email: "flooded@example.com", address }, { minimumMs: 0 });
    for (let i = 0; i < 5; i++) await ask(`198.51.100.${i}`);
    await expect(ask("198.51.100.99")).rejects.toThrow("Too many attempts. Please wait");
    const resets = (await mailsTo("flooded@example.com")).filter((mail) => mail.subject.startsWith("Reset"));
    expect(resets).toHaveLength(5);
  });

  it("signs up at most 5 times an hour per e-mail and 30 per address", async () => {
    for (let i = 0; i < 5; i++) await registerBuyer(buyer("eager@example.com"), { address: `198.51.100.${i}` });
    await expect(registerBuyer(buyer("eager@example.com"), { address: "198.51.100.77" })).rejects.toThrow(
      "Too many attempts. Please wait 60 minutes and try again.",
    );
    const busy = { address: "198.51.100.200" };
    for (let i = 0; i < 30; i++) await takeAttempt("signUp", { email: `office${i}@example.com`, ...busy });
    await expect(registerBuyer(buyer("office-late@example.com"), busy)).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 3600,
    });
    expect(await handle().db.select().from(user).where(eq(user.email, "office-late@example.com"))).toEqual([]);
  });

  it("re-sends a confirmation link on sign-in within the same limits", async () => {
    await registerBuyer(buyer("unconfirmed@example.com"), from);
    const attempt = () =>
      signInWithPassword(new Request("http://localhost/auth"), {
        email: "unconfirmed@example.com",
        password: "hunter22",
        address: "203.0.113.53",
      });
    for (let i = 0; i < 5; i++) {
      expect(await attempt()).toMatchObject({
        outcome: "refused",
        status: 403,
        message: "Please confirm your email first. We have sent you a new confirmation link.",
      });
    }
    expect(await attempt()).toMatchObject({
      outcome: "refused",
      message: expect.stringContaining("We sent you a confirmation link recently"),
    });
    const confirmations = await mailsTo("unconfirmed@example.com");
    expect(confirmations).toHaveLength(1 + 5); // the sign-up's, and five re-sent
  });
});

describe("sign-in slows down after failures instead of locking the account", () => {
  const password = "admin-password-1";

  it("lets 5 failures through at once, then waits a second after the 5th, doubling up to 5 minutes", async () => {
    const t0 = Date.now();
    const who = { email: "slow@example.com", address: "203.0.113.7" };
    for (let i = 0; i < 5; i++) await claimSignInAttempt(who, t0);
    await expect(claimSignInAttempt(who, t0 + 999)).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 1,
      message: "Too many failed sign-ins. Please wait 1 second and try again.",
    });
    await claimSignInAttempt(who, t0 + 1000);
    await expect(claimSignInAttempt(who, t0 + 1001)).rejects.toMatchObject({ retryAfterSeconds: 2 });
    let now = t0 + 3000;
    for (let failures = 7; failures < 20; failures++) {
      await claimSignInAttempt(who, now);
      now += Math.min(5 * 60_000, 1000 * 2 ** (failures - 5));
    }
    await expect(claimSignInAttempt(who, now - 1)).rejects.toThrow("Please wait 1 second");
    await expect(claimSignInAttempt(who, now - 4 * 60_000)).rejects.toMatchObject({ retryAfterSeconds: 240 });
    // Another e-mail from the same address still gets through; the address has more room.
    await expect(claimSignInAttempt({ ...who, email: "other@example.com" }, now - 1)).resolves.toBeUndefined();
  });

  it("lets the right password in after the wait, even after 11 failures (the admin's too)", async () => {
    await ensureAdmin("boss2@example.com", password);
    const t0 = Date.now();
    const attempt = (pass: string, now: number) =>
      signInWithPassword(new Request("http://localhost/admin/login"), {
        email: "boss2@example.com",
        password: pass,
        address: "203.0.113.8",
        now,
      });
    let now = t0;
    for (let i = 0; i < 11; i++) {
      expect(await attempt("wrong-password", now)).toEqual({
        outcome: "refused",
        status: 401,
        message: "Invalid email or password",
      });
      now += i < 4 ? 0 : 1000 * 2 ** (i - 4);
    }
    await expect(attempt(password, now - 1000)).rejects.toThrow(
      "Too many failed sign-ins. Please wait 1 second and try again.",
    );
    expect(await attempt(password, now)).toMatchObject({ outcome: "signed-in" });
    // A complete sign-in forgets the account's failures.
    expect(await attempt("wrong-password", now)).toMatchObject({ outcome: "refused", status: 401 });
  });

  it("takes attempts sent at once one by one, so a burst gets no more guesses than patience would", async () => {
    const t0 = Date.now();
    const who = { email: "burst@example.com", address: "203.0.113.9" };
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => claimSignInAttempt(who, t0)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
  });

  it("counts a right password without its code as neither a failure nor a sign-in", async () => {
    const who = { email: "half@example.com", address: "203.0.113.10" };
    const t0 = Date.now();
    for (let i = 0; i < 5; i++) await claimSignInAttempt(who, t0);
    await claimSignInAttempt(who, t0 + 1000);
    await forgiveSignInAttempt(who, { signedIn: false });
    // Still 5 failures: the next attempt waits 1 s after the last one, not 2 s.
    await expect(claimSignInAttempt(who, t0 + 2000)).resolves.toBeUndefined();
  });
});

describe("two-factor sign-in for admins", () => {
  const password = "admin-password-1";
  const address = "203.0.113.20";
  const request = (headers: Headers | HeadersInit = {}) => new Request("http://localhost/admin/login", { headers });

  async function signedInAdmin(email: string) {
    await ensureAdmin(email, password);
    const result = await signInWithPassword(request(), { email, password, address });
    if (result.outcome !== "signed-in") throw new Error(`expected a session, got ${result.outcome}`);
    return cookieHeaderFrom(result.headers);
  }

  async function adminCheck(cookies: Headers) {
    const context = new RouterContextProvider();
    context.set(userContext, await userFromSession(request(cookies)));
    try {
      return requireAdmin({ context });
    } catch (thrown) {
      return thrown as Response;
    }
  }

  /** Sets up an authenticator for the admin signed in with `cookies`; its URI, recovery codes and new cookies. */
  async function enrol(email: string, cookies: Headers) {
    const user = await userFromSession(request(cookies));
    if (!user) throw new Error("not signed in");
    const enrolment = await startEnrolment(request(cookies), { user, password, address });
    const headers = await confirmEnrolment(request(cookies), {
      user,
      code: await authenticatorCode(enrolment.totpURI),
      address,
    });
    return { ...enrolment, cookies: cookieHeaderFrom(headers), email };
  }

  it("sets up an authenticator with a QR code and 10 recovery codes, after the password", async () => {
    const cookies = await signedInAdmin("enrol@example.com");
    const user = await userFromSession(request(cookies));
    if (!user) throw new Error("not signed in");
    await expect(startEnrolment(request(cookies), { user, password: "not-it", address })).rejects.toThrow(
      "That password is not right.",
    );
    const enrolment = await startEnrolment(request(cookies), { user, password, address });
    expect(enrolment.totpURI).toMatch(/^otpauth:\/\/totp\/Cascade%20Industrial%20Supply:enrol%40example\.com\?secret=/);
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(enrolment.recoveryCodes).toHaveLength(10);
    // Not on until a code from the app confirms it.
    expect(await userFromSession(request(cookies))).toMatchObject({ twoFactorEnabled: false });
    await expect(confirmEnrolment(request(cookies), { user, code: "000000", address })).rejects.toThrow(
      "That code is not right.",
    );
    const headers = await confirmEnrolment(request(cookies), {
      user,
      code: await authenticatorCode(enrolment.totpURI),
      address,
    });
    expect(await userFromSession(request(cookieHeaderFrom(headers)))).toMatchObject({
      twoFactorEnabled: true,
      twoFactorVerified: true,
    });
  });

  it("asks for the code after the password, and serves admin pages only to a session opened with it", async () => {
    const before = await signedInAdmin("second@example.com");
    const other = await signedInAdmin("second@example.com"); // another browser, signed in earlier
    const admin = await enrol("second@example.com", before);
    expect(await adminCheck(admin.cookies)).toMatchObject({ email: "second@example.com" });
    const stale = await adminCheck(other);
    expect((stale as Response).status).toBe(401);

    const passwordOnly = await signInWithPassword(request(), { email: admin.email, password, address });
    expect(passwordOnly.outcome).toBe("needs-code");
    if (passwordOnly.outcome !== "needs-code") return;
    const pending = cookieHeaderFrom(passwordOnly.headers);
    expect(await userFromSession(request(pending))).toBeNull(); // no session before the code
    expect(await signInWithCode(request(pending), { code: "123456", address })).toMatchObject({
      outcome: "refused",
      message: "That code is not right. Check your authenticator app and try again.",
    });
    const done = await signInWithCode(request(pending), { code: await authenticatorCode(admin.totpURI), address });
    expect(done.outcome).toBe("signed-in");
    if (done.outcome !== "signed-in") return;
    expect(await adminCheck(cookieHeaderFrom(done.headers))).toMatchObject({ twoFactorVerified: true });
  });

  it("takes each recovery code once instead of the app's code", async () => {
    const admin = await enrol("lost-phone@example.com", await signedInAdmin("lost-phone@example.com"));
    const [code] = admin.recoveryCodes;
    const withRecoveryCode = async () => {
      const step = await signInWithPassword(request(), { email: admin.email, password, address });
      if (step.outcome !== "needs-code") throw new Error(step.outcome);
      return signInWithCode(request(cookieHeaderFrom(step.headers)), { code: code ?? "", address });
    };
    const first = await withRecoveryCode();
    expect(first.outcome).toBe("signed-in");
    if (first.outcome === "signed-in") expect(await adminCheck(cookieHeaderFrom(first.headers))).toHaveProperty("id");
    expect(await withRecoveryCode()).toMatchObject({ outcome: "refused" });
  });

  it("refuses the code step without a password step first", async () => {
    expect(await signInWithCode(request(), { code: "123456", address })).toMatchObject({
      outcome: "refused",
      status: 401,
      message: "Your sign-in has expired. Please enter your email and password again.",
    });
  });
});
