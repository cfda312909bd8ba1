// The attack on the store's accounts, replayed over HTTP against the real server on the driver
// under test: better-auth's API behind one door, sign-in slowed instead of locked, sign-up and
// password reset that do not tell who has an account, and the client's address taken from the
// connection (or from a proxy the operator trusts), never from what the client says.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, session, user } from "../server/db/schema";
import { client, type StoreProcess, storeProcess } from "./store-process";

const admin = { email: "attack-admin@example.com", password: "attack-admin-password" };
let store: StoreProcess;

beforeAll(async () => {
  store = await storeProcess({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  await store.start();
}, 180_000);

afterAll(() => store.remove());

const signUpForm = (email: string) => ({
  intent: "sign-up",
  firstName: "Eve",
  lastName: "Prober",
  email,
  password: "hunter22",
  "shipping.line1": "1 Main St",
  "shipping.city": "Portland",
  "shipping.state": "OR",
  "shipping.zip": "97201",
  sameAsShipping: "on",
});

/**
 * The subjects of the mails written to the outbox for `to`, once `count` are there. Delivery is
 * the store's background loop: on a loaded two-core CI machine it has taken over 15 s.
 */
async function mailedTo(to: string, count: number): Promise<string[]> {
  const outbox = path.join(store.dataDir, "outbox");
  const deadline = Date.now() + 45_000;
  for (;;) {
    const files = readdirSync(outbox, { withFileTypes: true }).filter((f) => f.name.endsWith(`-${to}.eml`));
    const subjects = files.map((f) => readFileSync(path.join(outbox, f.name), "utf8").match(/^Subject: (.*)$/m)?.[1]);
    if (subjects.length >= count || Date.now() > deadline) return subjects.filter((s) => s !== undefined).sort();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("better-auth's API", () => {
  it("answers 404 on every path but the two links its e-mails carry", async () => {
    const attacker = client(store);
    const json = { "content-type": "application/json" };
    const body = JSON.stringify({ email: "direct@example.com", password: "hunter22", name: "Direct" });
    for (const pathname of [
      "/api/auth/sign-up/email",
      "/api/auth/sign-in/email",
      "/api/auth/request-password-reset",
      "/api/auth/send-verification-email",
      "/api/auth/reset-password",
      "/api/auth/two-factor/verify-totp",
      "/api/auth/two-factor/enable",
      "/api/auth/sign-out",
    ]) {
      const response = await fetch(`${store.base}${pathname}`, {
        method: "POST",
        body,
        headers: { ...json, origin: store.base },
      });
      expect(`${pathname} ${response.status}`).toBe(`${pathname} 404`);
    }
    for (const pathname of ["/api/auth/get-session", "/api/auth/list-sessions", "/api/auth/ok"]) {
      expect(`${pathname} ${(await attacker.get(pathname)).status}`).toBe(`${pathname} 404`);
    }
    // The links in the e-mails still lead where they should.
    const confirm = await attacker.get("/api/auth/verify-email?token=forged&callbackURL=%2Fauth%3Fconfirmed%3D1");
    expect(confirm.status).toBe(302);
    expect(new URL(confirm.headers.get("location") ?? "", store.base).pathname).toBe("/auth");
    const reset = await attacker.get("/api/auth/reset-password/forged?callbackURL=%2Fauth%2Freset-password");
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toContain("/auth/reset-password?error=INVALID_TOKEN");
  });
});

describe("finding out who has an account", () => {
  it("answers a sign-up for a taken address exactly as for a new one, and tells the owner by e-mail", async () => {
    const prober = client(store);
    const taken = await prober.post("/auth.data", signUpForm(admin.email));
    const fresh = await prober.post("/auth.data", signUpForm("fresh-prober@example.com"));
    expect(taken.status).toBe(fresh.status);
    expect(await taken.text()).toBe(await fresh.text());
    const [toOwner, toNewcomer] = await Promise.all([
      mailedTo(admin.email, 1),
      mailedTo("fresh-prober@example.com", 1),
    ]);
    expect(toOwner).toEqual(["Someone tried to create an account with your e-mail"]);
    expect(toNewcomer).toEqual(["Confirm your e-mail for Cascade Industrial Supply"]);
  }, 60_000);

  it("answers a reset request the same way, in the same time, whether or not the address has an account", async () => {
    const prober = client(store);
    const ask = async (email: string) => {
      const started = performance.now();
      const response = await prober.post("/auth/forgot-password.data", { email });
      return { status: response.status, body: await response.text(), ms: performance.now() - started };
    };
    const known = await ask(admin.email);
    const unknown = await ask("nobody-at-all@example.com");
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toBe(known.body);
    // Both are held to the same minimum (500 ms), which the slower path (a token and a mail) stays under.
    expect(known.ms).toBeGreaterThanOrEqual(500);
    expect(unknown.ms).toBeGreaterThanOrEqual(500);
  });
});

describe("the return address after signing in", () => {
  it("is a path of this store whatever the link says: never another host, never a 500", async () => {
    // What requireUser writes for a visitor sent to sign in: the page itself, even asked as .data.
    const visitor = client(store);
    const sent = await visitor.get("/account/quotes/Q-000001.data?_routes=routes%2Faccount.quote");
    expect(sent.status).toBe(202);
    expect(await sent.text()).toContain('"redirect","/auth?redirectTo=%2Faccount%2Fquotes%2FQ-000001"');
    const hostile = [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "https:evil.example",
      "%2F%2Fevil.example",
      "/\t/evil.example",
      "\\\\evil.example",
      " //evil.example",
      "javascript:alert(1)",
      // Past U+00FF, which a Location header cannot carry: Node refused it with a 500.
      "/\u3002evil.example",
      "/caf\u00e9",
    ];
    for (const redirectTo of hostile) {
      const buyer = await client(store).post("/auth", { intent: "sign-in", ...admin, redirectTo });
      expect(`${JSON.stringify(redirectTo)} ${buyer.status} ${buyer.headers.get("location")}`).toBe(
        `${JSON.stringify(redirectTo)} 302 /`,
      );
      const back = await client(store).post(`/admin/login?${new URLSearchParams({ redirectTo })}`, admin);
      expect(`${JSON.stringify(redirectTo)} ${back.status} ${back.headers.get("location")}`).toBe(
        `${JSON.stringify(redirectTo)} 302 /admin`,
      );
    }
    // Encoded slashes stay a path of this store.
    const encoded = await client(store).post("/auth", {
      intent: "sign-in",
      ...admin,
      redirectTo: "/%2F%2Fevil.example",
    });
    expect(encoded.headers.get("location")).toBe("/%2F%2Fevil.example");
  }, 120_000);
});

describe("failed sign-ins", () => {
  it("slow the admin's account down instead of locking it, say how long to wait, and let the password in after", async () => {
    const attacker = client(store);
    const wrong = { email: admin.email, password: "guessing-away" };
    for (let i = 0; i < 5; i++) expect((await attacker.post("/admin/login", wrong)).status).toBe(400);
    for (let i = 0; i < 6; i++) {
      const waited = await attacker.post("/admin/login", wrong);
      if (waited.status === 400) continue; // the wait had already passed: one more failure
      expect(waited.status).toBe(429);
      expect(Number(waited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(await waited.text()).toMatch(
        /Login failed: Too many failed sign-ins\. Please wait \d+ seconds? and try again\./,
      );
    }
    // The store's own sign-in form is the same door.
    const store429 = await attacker.post("/auth", { intent: "sign-in", ...wrong });
    expect(store429.status).toBe(429);
    const retryAfter = Number(store429.headers.get("retry-after"));
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The admin, from the same address, after the wait: in.
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    const owner = client(store);
    const signedIn = await owner.post("/admin/login", admin);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/admin");
    expect((await owner.get("/admin")).status).toBe(200);
  }, 120_000);
});

describe("the client's address", () => {
  const spoofed = { "x-store-client-address": "6.6.6.6", "x-forwarded-for": "7.7.7.7" };

  it("is the connection's, whatever a client claims in its headers", async () => {
    const visitor = client(store);
    expect((await visitor.post("/admin/login", admin, spoofed)).status).toBe(302);
    // 30 sign-ups an hour per address: changing the headers does not make a new address.
    let refused = 0;
    for (let i = 0; i < 31 && refused === 0; i++) {
      const headers = { "x-store-client-address": `6.6.6.${i}`, "x-forwarded-for": `7.7.7.${i}` };
      const response = await visitor.post("/auth.data", signUpForm(`spoofer${i}@example.com`), headers);
      if (response.status === 429) refused = i;
    }
    expect(refused).toBeGreaterThan(0);
  }, 60_000);

  it("comes from X-Forwarded-For only when TRUSTED_PROXY names the connection's peer", async () => {
    await store.stop();
    await store.start({ TRUSTED_PROXY: "127.0.0.1" });
    const behindProxy = client(store);
    // The address before the proxy's own entry, not the one the client wrote at the left.
    const forwarded = { "x-forwarded-for": "6.6.6.6, 198.51.100.23" };
    expect((await behindProxy.post("/admin/login", admin, forwarded)).status).toBe(302);
    // Its own sign-up budget, although 127.0.0.1 used up its own above.
    const response = await behindProxy.post("/auth.data", signUpForm("behind-proxy@example.com"), forwarded);
    expect(response.status).toBe(200);
  }, 60_000);

  it("is what the sessions record, and no door made a user without a profile", async () => {
    await store.stop();
    const handle = await store.openDatabase();
    try {
      const adminSessions = await handle.db
        .select({ ipAddress: session.ipAddress })
        .from(session)
        .innerJoin(user, eq(user.id, session.userId))
        .where(eq(user.email, admin.email));
      expect(new Set(adminSessions.map((s) => s.ipAddress))).toEqual(new Set(["127.0.0.1", "198.51.100.23"]));
      const users = await handle.db
        .select({ email: user.email, profile: profiles.id })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id));
      expect(users.filter((u) => !u.profile)).toEqual([]);
      expect(await handle.db.select().from(user).where(like(user.email, "direct@%"))).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
