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
  refunded: boolean;
}

export interface FakeStripe {
  host: string;
  port: number;
  protocol: "http";
  /** Every request: method, path, idempotency key and decoded form fields. */
  requests: { method: string; path: string; idempotencyKey?: string; form: Record<string, string> }[];
  intents: Map<string, Intent>;
  /** What Stripe does when the buyer's card goes through, or is declined. */
  succeed(id: string): void;
  decline(id: string, message: string): void;
  close(): Promise<void>;
}

const token = () => randomBytes(8).toString("hex");

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${token()}` });
  response.end(JSON.stringify(body));
}

const stripeError = (response: ServerResponse, status: number, code: string, message: string) =>
  send(response, status, { error: { type: "invalid_request_error", code, message } });

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  let body = "";
  for await (const chunk of request) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, Intent>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const requests: FakeStripe["requests"] = [];

  const server = createServer(async (request, response) => {
    const form = await readForm(request);
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
    requests.push({ method: request.method ?? "", path, idempotencyKey, form });
    if (!request.headers.authorization?.startsWith("Bearer sk_"))
      return stripeError(response, 401, "api_key_invalid", "Invalid API Key provided.");

    const replay = idempotencyKey ? replays.get(`${path} ${idempotencyKey}`) : undefined;
    if (replay) return send(response, replay.status, replay.body);
    const answer = (status: number, body: unknown) => {
      if (idempotencyKey) replays.set(`${path} ${idempotencyKey}`, { status, body });
      send(response, status, body);
    };

    if (request.method === "POST" && path === "/v1/payment_intents") {
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
        refunded: false,
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
      if (intent.refunded)
        return answer(400, {
          error: {
            type: "invalid_request_error",
            code: "charge_already_refunded",
            message: "Charge has already been refunded.",
          },
        });
      intent.refunded = true;
      return answer(200, { id: `re_${token()}`, object: "refund", amount: intent.amount, payment_intent: intent.id });
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
