import { type UNSAFE_DataWithResponseInit as DataWithResponseInit, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type Buyer, buyerContext, type SignedInUser, userContext } from "./context";
import { type ErrorKind, StoreError } from "./errors";
import {
  dispatchIntent,
  type FormIntent,
  handleForm,
  parsedFields,
  type RefusalBody,
  refusalAnswer,
  refusedPage,
  refusedTo,
} from "./form-intents";
import { takeToast } from "./toast";

beforeAll(() => {
  vi.stubEnv("AUTH_SECRET", "form-intents-unit-test-secret-0123456789");
  vi.stubEnv("ADMIN_REQUIRE_2FA", "false");
});
afterAll(() => vi.unstubAllEnvs());

const member: SignedInUser = {
  id: "user-1",
  email: "dana@example.com",
  name: "Dana Reyes",
  isAdmin: false,
  twoFactorEnabled: false,
  twoFactorVerified: false,
};
const buyer: Buyer = {
  userId: member.id,
  email: member.email,
  name: member.name,
  company: null,
  role: null,
  orderLimit: null,
  monthlyLimit: null,
  catalogue: null,
};
const admin: SignedInUser = {
  ...member,
  id: "admin-1",
  isAdmin: true,
  twoFactorEnabled: true,
  twoFactorVerified: true,
};

/** An action's arguments: a form posted to `path` by `who` (a visitor when null). */
function post(who: SignedInUser | null, fields: Record<string, string>, path = "/account/addresses") {
  const context = new RouterContextProvider();
  context.set(userContext, who);
  context.set(buyerContext, who && !who.isAdmin ? buyer : null);
  const request = new Request(`http://store.test${path}`, { method: "POST", body: new URLSearchParams(fields) });
  return { request, context, params: {} };
}

/** The status, payload and headers of an action's answer. */
function answer(result: unknown) {
  const answered = result as DataWithResponseInit<Record<string, unknown>>;
  if (answered?.type !== "DataWithResponseInit") throw new Error(`not a data() answer: ${String(result)}`);
  const headers = new Headers(answered.init?.headers);
  return { status: answered.init?.status ?? 200, payload: answered.data, headers };
}

/** The flash toast an answer sets, as the next page reads it (its id checked here, once for all). */
async function flashToast(headers: Headers) {
  const cookie = headers.get("Set-Cookie")?.split(";")[0];
  if (!cookie) return null;
  const { toast } = await takeToast(new Request("http://store.test/", { headers: { cookie } }));
  if (!toast) return null;
  const { id, ...shown } = toast;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return shown;
}

/** What a thrown guard answered: a redirect's location, or a Response's status. */
async function thrown(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, location: error.headers.get("Location"), text: await error.text() };
    throw error;
  }
  throw new Error("nothing was thrown");
}

const echo: FormIntent = { failure: "Failed", handle: async (who, formData) => ({ who, name: formData.get("name") }) };

describe("dispatchIntent", () => {
  it("runs the intent's handler with the signed-in buyer, the form and the request's arguments", async () => {
    const handle = vi.fn(async () => "done");
    const args = post(member, { intent: "save", name: "Main St" });
    expect(await dispatchIntent(args, { save: { handle } })).toBe("done");
    const [who, formData, given] = handle.mock.calls[0] as unknown as [Buyer, FormData, typeof args];
    expect(who).toBe(buyer);
    expect(formData.get("name")).toBe("Main St");
    expect(given.request).toBe(args.request);
  });

  it("sends a guest to sign in, before reading the form (even one that is not a form)", async () => {
    const handle = vi.fn(async () => "done");
    const args = post(null, {});
    const json = new Request("http://store.test/account/addresses?tab=2", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    const refused = await thrown(() => dispatchIntent({ ...args, request: json }, { save: { handle } }));
    expect(refused).toMatchObject({ status: 302, location: "/auth?redirectTo=%2Faccount%2Faddresses%3Ftab%3D2" });
    expect(handle).not.toHaveBeenCalled();
  });

  it.each([
    ["an intent no form sends", "drop-tables"],
    ["a name every object has", "constructor"],
    ["no intent at all", undefined],
  ])("answers %s with 400 and the same toast", async (_, intent) => {
    const handle = vi.fn(async () => "done");
    const result = answer(await dispatchIntent(post(member, intent ? { intent } : {}), { save: { handle } }));
    expect(result.status).toBe(400);
    expect(result.payload).toEqual({ ok: false, message: "That action is not known." });
    expect(await flashToast(result.headers)).toEqual({ type: "error", title: "That action is not known." });
    expect(handle).not.toHaveBeenCalled();
  });

  it("lets an admin post an admin page, and no one else", async () => {
    const intents = { save: { handle: async (who: SignedInUser) => who.id } };
    expect(await dispatchIntent(post(admin, { intent: "save" }), intents, { as: "admin" })).toBe("admin-1");
    expect(await thrown(() => dispatchIntent(post(null, { intent: "save" }), intents, { as: "admin" }))).toMatchObject({
      status: 401,
      text: "Sign in as an admin to continue.",
    });
    expect(
      await thrown(() => dispatchIntent(post(member, { intent: "save" }), intents, { as: "admin" })),
    ).toMatchObject({ status: 403 });
    const unverified = { ...admin, twoFactorVerified: false };
    expect(
      await thrown(() => dispatchIntent(post(unverified, { intent: "save" }), intents, { as: "admin" })),
    ).toMatchObject({ status: 401, text: "Sign in again with your two-factor code to continue." });
  });

  it("sends an admin without a second factor to enrol, except on the enrolment page", async () => {
    vi.stubEnv("ADMIN_REQUIRE_2FA", "true");
    vi.resetModules();
    const fresh = await import("./form-intents");
    const contexts = await import("./context");
    const unenrolled = { ...admin, twoFactorEnabled: false, twoFactorVerified: false };
    const args = () => {
      const given = post(unenrolled, { intent: "start" });
      const context = new RouterContextProvider();
      context.set(contexts.userContext, unenrolled);
      return { ...given, context };
    };
    const intents = { start: { handle: async (who: SignedInUser) => who.id } };
    try {
      expect(await thrown(() => fresh.dispatchIntent(args(), intents, { as: "admin" }))).toMatchObject({
        status: 302,
        location: "/admin/two-factor",
      });
      expect(await fresh.dispatchIntent(args(), intents, { as: "admin", enrolling: true })).toBe("admin-1");
    } finally {
      vi.stubEnv("ADMIN_REQUIRE_2FA", "false");
      vi.resetModules();
    }
  });

  it("shows a refusal as the page says for every form that does not say, and the unknown intent too", async () => {
    const refuse = (message: string) => async () => {
      throw new StoreError("Conflict", message);
    };
    const intents: Record<string, FormIntent> = {
      plain: { handle: refuse("Taken.") },
      own: { failure: "The group was not saved", handle: refuse("Taken again.") },
    };
    const page = { refusal: { toast: "inline", failure: "Nothing was changed" } } as const;
    const plain = answer(await dispatchIntent(post(member, { intent: "plain" }), intents, page));
    expect(plain.payload.toast).toEqual({ type: "error", title: "Nothing was changed", description: "Taken." });
    const own = answer(await dispatchIntent(post(member, { intent: "own" }), intents, page));
    expect(own.payload.toast).toEqual({ type: "error", title: "The group was not saved", description: "Taken again." });
    const unknown = answer(await dispatchIntent(post(member, { intent: "drop" }), intents, page));
    expect(unknown).toMatchObject({ status: 400, payload: { message: "That action is not known." } });
    expect(unknown.payload.toast).toEqual({
      type: "error",
      title: "Nothing was changed",
      description: "That action is not known.",
    });
  });

  it("lets anyone post an open page: the handler gets the buyer, or null for a guest", async () => {
    const intents = { place: { handle: async (who: Buyer | null) => who } };
    expect(await dispatchIntent(post(null, { intent: "place" }), intents, { as: "visitor" })).toBeNull();
    expect(await dispatchIntent(post(member, { intent: "place" }), intents, { as: "visitor" })).toBe(buyer);
  });
});

describe("handleForm", () => {
  it("runs a page's one form without an intent field", async () => {
    expect(await handleForm(post(member, { name: "Main St" }), echo)).toEqual({ who: buyer, name: "Main St" });
    expect(await handleForm(post(null, { name: "x" }), { handle: async (who) => who }, { as: "visitor" })).toBeNull();
  });

  it("answers the form's refusal as dispatchIntent does", async () => {
    const refused: FormIntent = {
      failure: "The review was not saved",
      handle: async () => {
        throw new StoreError("Forbidden", "Only buyers of this product may review it.");
      },
    };
    const result = answer(await handleForm(post(member, {}), refused));
    expect(result.status).toBe(403);
    expect(await flashToast(result.headers)).toEqual({
      type: "error",
      title: "The review was not saved",
      description: "Only buyers of this product may review it.",
    });
  });
});

describe("a refusal's answer (refusalAnswer)", () => {
  const kinds: [ErrorKind, number][] = [
    ["Invalid", 400],
    ["Unauthorized", 401],
    ["Forbidden", 403],
    ["NotFound", 404],
    ["Conflict", 409],
    ["TooManyRequests", 429],
    ["Unavailable", 503],
  ];

  it.each(kinds)(
    "answers %s with %i, the message, and the page's failure toast with the message under it",
    async (kind, status) => {
      const intents = {
        save: {
          failure: "Failed to save the address",
          handle: async () => {
            throw new StoreError(kind, `refused: ${kind}`);
          },
        },
      };
      const result = answer(await dispatchIntent(post(member, { intent: "save" }), intents));
      expect(result.status).toBe(status);
      expect(result.payload).toEqual({ ok: false, message: `refused: ${kind}` });
      expect(await flashToast(result.headers)).toEqual({
        type: "error",
        title: "Failed to save the address",
        description: `refused: ${kind}`,
      });
    },
  );

  it("titles the toast with the message when the page names no failure", async () => {
    const result = answer(await refusalAnswer(new StoreError("Conflict", "This quote has already been ordered."), {}));
    expect(await flashToast(result.headers)).toEqual({ type: "error", title: "This quote has already been ordered." });
  });

  it("says when to ask again (Retry-After) for a refusal that knows", async () => {
    const busy = new StoreError("TooManyRequests", "Too many attempts.", { retryAfterSeconds: 60 });
    const result = answer(await refusalAnswer(busy, { failure: "Error signing in", toast: "inline" }));
    expect(result.status).toBe(429);
    expect(result.headers.get("Retry-After")).toBe("60");
  });

  it("puts the toast in the answer itself for a page whose form stays, and sets no cookie", async () => {
    const result = answer(await refusalAnswer(new StoreError("Conflict", "Out of stock."), { toast: "inline" }));
    expect(result.payload).toEqual({
      ok: false,
      message: "Out of stock.",
      toast: { type: "error", title: "Out of stock." },
    });
    expect(result.headers.get("Set-Cookie")).toBeNull();
  });

  const schema = z.object({ email: z.string(), password: z.string() });
  const form = () => {
    const formData = new FormData();
    formData.set("email", "dana@example.com");
    formData.set("password", "wrong");
    return formData;
  };

  it("gives Conform's reply the message as the form's error", async () => {
    const result = answer(
      await refusalAnswer(
        new StoreError("Forbidden", "Admins cannot delete themselves."),
        { schema, toast: "none" },
        form(),
      ),
    );
    expect(result.status).toBe(403);
    expect(result.payload.reply).toMatchObject({ error: { "": ["Admins cannot delete themselves."] } });
    expect(result.payload).not.toHaveProperty("toast");
    expect(result.headers.get("Set-Cookie")).toBeNull();
  });

  it("gives it as a field's error for the kinds the page names, and the form's for others", async () => {
    const refusal = { schema, toast: "none", field: "password", fieldKinds: ["Unauthorized"] } as const;
    const wrong = answer(await refusalAnswer(new StoreError("Unauthorized", "Wrong password."), refusal, form()));
    expect(wrong.status).toBe(401);
    expect(wrong.payload.reply).toMatchObject({ error: { password: ["Wrong password."] } });
    const other = answer(await refusalAnswer(new StoreError("Conflict", "Orders are open."), refusal, form()));
    expect(other.payload.reply).toMatchObject({ error: { "": ["Orders are open."] } });
  });

  it("keeps what else the page's answer carries, and words the title from the message when asked", async () => {
    const formData = new FormData();
    formData.set("id", "group-7");
    const refusal = {
      failure: (message: string) => `Login failed: ${message}`,
      about: (form: FormData, error: StoreError) => ({ target: form.get("id"), kind: error.kind }),
    };
    const result = answer(await refusalAnswer(new StoreError("Invalid", "Too short."), refusal, formData));
    expect(result.payload).toEqual({ target: "group-7", kind: "Invalid", ok: false, message: "Too short." });
    expect(await flashToast(result.headers)).toEqual({ type: "error", title: "Login failed: Too short." });
  });

  it("tells a refusal that names its field beside that field, with no toast", async () => {
    const late = new StoreError("Invalid", "That certificate has already expired.", { field: "expiresOn" });
    const formData = new FormData();
    formData.set("expiresOn", "2020-01-31");
    const schema = z.object({ expiresOn: z.string() });
    const result = answer(await refusalAnswer(late, { failure: "Not uploaded", schema }, formData));
    expect(result.status).toBe(400);
    expect(result.payload.reply).toMatchObject({ error: { expiresOn: ["That certificate has already expired."] } });
    expect(result.headers.get("Set-Cookie")).toBeNull();
    // A page without the form's schema has no field to show it beside: the toast tells it.
    const toasted = answer(await refusalAnswer(late, { failure: "Not uploaded" }, formData));
    expect(await flashToast(toasted.headers)).toEqual({
      type: "error",
      title: "Not uploaded",
      description: "That certificate has already expired.",
    });
  });

  it("lets a resource answer with its own state, from the refusal's message, status and headers", async () => {
    const answered: [RefusalBody, { status: number; headers: Headers }][] = [];
    const resource = {
      toast: "none",
      answer: async (body: RefusalBody, init: { status: number; headers: Headers }) => {
        answered.push([body, init]);
        return { cart: { count: 2 }, message: body.message, status: init.status };
      },
    } as const;
    const busy = new StoreError("TooManyRequests", "Too many changes at once.", { retryAfterSeconds: 30 });
    expect(await refusalAnswer(busy, resource)).toEqual({
      cart: { count: 2 },
      message: "Too many changes at once.",
      status: 429,
    });
    const [[body, init]] = answered as [[RefusalBody, { status: number; headers: Headers }]];
    expect(body).toEqual({ ok: false, message: "Too many changes at once." });
    expect(init.headers.get("Retry-After")).toBe("30");
    expect(init.headers.get("Set-Cookie")).toBeNull();
    // The same for the handlers' refusals and an intent no form sends, through dispatchIntent.
    const intents = {
      add: {
        handle: async () => {
          throw new StoreError("NotFound", "That item is no longer in your cart.");
        },
      },
    };
    const options = { as: "visitor", refusal: resource } as const;
    expect(await dispatchIntent(post(null, { intent: "add" }), intents, options)).toMatchObject({ status: 404 });
    expect(await dispatchIntent(post(null, { intent: "drop" }), intents, options)).toEqual({
      cart: { count: 2 },
      message: "That action is not known.",
      status: 400,
    });
    await expect(refusalAnswer(new TypeError("a bug"), resource)).rejects.toThrow("a bug");
  });

  it("throws anything but a StoreError on, to the error boundary (a 500 without details)", async () => {
    const bug = new TypeError("cannot read properties of undefined");
    await expect(refusalAnswer(bug, { failure: "Failed" })).rejects.toBe(bug);
    const intents = {
      save: {
        failure: "Failed",
        handle: async () => {
          throw bug;
        },
      },
    };
    await expect(dispatchIntent(post(member, { intent: "save" }), intents)).rejects.toBe(bug);
  });
});

describe("a fetcher's fields (parsedFields)", () => {
  const schema = z.object({ productId: z.uuid("That product is no longer available."), quantity: z.string() });

  it("reads the fields as the schema does", () => {
    const productId = "00000000-0000-4000-8000-000000000000";
    expect(parsedFields({ productId, quantity: "2" }, schema)).toEqual({ productId, quantity: "2" });
  });

  it("refuses fields that do not parse (Invalid) with the first problem's message", () => {
    expect(() => parsedFields({ productId: "x", quantity: 2 }, schema)).toThrow(
      expect.objectContaining({ kind: "Invalid", message: "That product is no longer available." }),
    );
  });
});

describe("a loader's refusal sent elsewhere (refusedTo)", () => {
  it("sends the visitor to the page named, told the refusal's message there", async () => {
    const sentBack = refusedTo((error) => (error.kind === "NotFound" ? "/account/quotes" : "/account/quotes/Q-000001"));
    for (const [kind, location] of [
      ["NotFound", "/account/quotes"],
      ["Conflict", "/account/quotes/Q-000001"],
    ] as const) {
      const refused = await thrown(() => sentBack(new StoreError(kind, "This quote has expired.")));
      expect(refused).toMatchObject({ status: 302, location });
    }
    const told = await refusedTo("/")(new StoreError("Forbidden", "Not yours.")).catch((error: Response) => error);
    expect(await flashToast(told.headers)).toEqual({ type: "error", title: "Not yours." });
  });

  it("throws anything else on", async () => {
    const bug = new RangeError("out of range");
    await expect(refusedTo("/")(bug)).rejects.toBe(bug);
  });
});

describe("a loader's refusal (refusedPage)", () => {
  it("becomes the error page with the refusal's status and message", () => {
    let thrownPage: unknown;
    try {
      refusedPage(new StoreError("Forbidden", "Only your company admin can manage members."));
    } catch (error) {
      thrownPage = error;
    }
    expect(answer(thrownPage)).toMatchObject({
      status: 403,
      payload: "Only your company admin can manage members.",
    });
  });

  it("throws anything else on", () => {
    const bug = new RangeError("out of range");
    expect(() => refusedPage(bug)).toThrow(bug);
  });
});
