// A local stand-in for Stripe's API, for tests only: it speaks the protocol the stripe SDK sends
// (form-encoded bodies with bracketed keys, Bearer keys, Idempotency-Key replays, Stripe's JSON
// objects and error envelope), for the three calls the store makes.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

interface Intent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  receipt_email: string | null;
  metadata: Record<string, string>;
  last_payment_error: { message: string; code: string; type: string } | null;
}

interface Refund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
}

export interface FakeStripe {
  host: string;
  port: number;
  protocol: "http";
  /** Every request: method, path, idempotency key and decoded form fields. */
  requests: { method: string; path: string; idempotencyKey?: string; form: Record<string, string> }[];
  intents: Map<string, Intent>;
  refunds: Refund[];
  /** What Stripe does when the buyer's card goes through, or is declined. */
  succeed(id: string): void;
  decline(id: string, message: string): void;
  /** Stripe unreachable: every request hangs unanswered ("silent") or gets Stripe's 500 ("error"); "none" ends it. */
  outage(kind: "silent" | "error" | "none"): void;
  close(): Promise<void>;
}

const token = () => randomBytes(8).toString("hex");

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${token()}`, ...headers });
  response.end(JSON.stringify(body));
}

const errorBody = (code: string | undefined, message: string, param?: string) => ({
  error: { type: "invalid_request_error", code, message, param },
});

const stripeError = (response: ServerResponse, status: number, code: string, message: string) =>
  send(response, status, errorBody(code, message));

/** Stripe's checks on a new PaymentIntent's amount and currency, or undefined when they pass. */
function invalidIntent(form: Record<string, string>) {
  if (form.amount === undefined) return errorBody("parameter_missing", "Missing required param: amount.", "amount");
  if (!/^\d+$/.test(form.amount))
    return errorBody("parameter_invalid_integer", `Invalid integer: ${form.amount}`, "amount");
  if (!form.currency) return errorBody("parameter_missing", "Missing required param: currency.", "currency");
  if (form.currency === "usd" && Number(form.amount) < 50)
    return errorBody("amount_too_small", "Amount must be at least $0.50 usd", "amount");
  return undefined;
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, Intent>();
  const refunds: Refund[] = [];
  const replays = new Map<string, { request: string; status: number; body: unknown }>();
  const requests: FakeStripe["requests"] = [];
  let outage: "silent" | "error" | "none" = "none";

  const server = createServer(async (request, response) => {
    const form = await readForm(request);
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
    requests.push({ method: request.method ?? "", path, idempotencyKey, form });
    if (outage === "silent") return; // the client gives up on its own timeout
    if (outage === "error")
      return send(response, 500, { error: { type: "api_error", message: "An unknown error occurred." } });
    if (!request.headers.authorization?.startsWith("Bearer sk_"))
      return stripeError(response, 401, "api_key_invalid", "Invalid API Key provided.");

    // Stripe replays a key's first answer, and refuses the key on a request that differs from the first.
    const fingerprint = `${request.method} ${path} ${new URLSearchParams(form)}`;
    const replay = idempotencyKey ? replays.get(idempotencyKey) : undefined;
    if (replay && replay.request !== fingerprint)
      return send(response, 400, {
        error: {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        },
      });
    if (replay) return send(response, replay.status, replay.body, { "Idempotent-Replayed": "true" });
    const answer = (status: number, body: unknown) => {
      if (idempotencyKey) replays.set(idempotencyKey, { request: fingerprint, status, body });
      send(response, status, body);
    };

    if (request.method === "POST" && path === "/v1/payment_intents") {
      // A request refused by validation is not saved against its idempotency key.
      const invalid = invalidIntent(form);
      if (invalid) return send(response, 400, invalid);
      const id = `pi_${token()}`;
      const intent: Intent = {
        id,
        object: "payment_intent",
        amount: Number(form.amount),
        currency: form.currency ?? "",
        status: "requires_payment_method",
        client_secret: `${id}_secret_${token()}`,
        receipt_email: form.receipt_email ?? null,
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([key]) => key.startsWith("metadata["))
            .map(([key, value]) => [key.slice("metadata[".length, -1), value]),
        ),
        last_payment_error: null,
      };
      intents.set(id, intent);
      return answer(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (request.method === "GET" && retrieve) {
      const intent = intents.get(retrieve[1] ?? "");
      if (!intent) return stripeError(response, 404, "resource_missing", `No such payment_intent: '${retrieve[1]}'`);
      return send(response, 200, intent);
    }
    if (request.method === "POST" && path === "/v1/refunds") {
      const intent = intents.get(form.payment_intent ?? "");
      if (!intent)
        return stripeError(response, 404, "resource_missing", `No such payment_intent: '${form.payment_intent}'`);
      // As Stripe: refunds in parts up to the charge, the whole of what is left without an amount.
      const left =
        intent.amount -
        refunds.filter((refund) => refund.payment_intent === intent.id).reduce((sum, refund) => sum + refund.amount, 0);
      if (left === 0) return answer(400, errorBody("charge_already_refunded", "Charge has already been refunded."));
      if (intent.status !== "succeeded")
        return answer(400, errorBody(undefined, "This PaymentIntent does not have a successful charge to refund."));
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (amount > left)
        return answer(
          400,
          errorBody(
            "amount_too_large",
            `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
          ),
        );
      const refund: Refund = {
        id: `re_${token()}`,
        object: "refund",
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: "succeeded",
      };
      refunds.push(refund);
      return answer(200, refund);
    }
    stripeError(response, 404, "resource_missing", `Unrecognized request URL (${request.method}: ${path}).`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: "127.0.0.1",
    port,
    protocol: "http",
    requests,
    intents,
    refunds,
    succeed(id) {
      const intent = intents.get(id);
      if (intent) Object.assign(intent, { status: "succeeded", last_payment_error: null });
    },
    decline(id, message) {
      const intent = intents.get(id);
      if (intent)
        Object.assign(intent, {
          status: "requires_payment_method",
          last_payment_error: { message, code: "card_declined", type: "card_error" },
        });
    },
    outage(kind) {
      outage = kind;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
