// A real SMTP server for the Playwright run: the store sends its mail here, and tests read it
// back over HTTP (GET /messages?to=...). Run with Node's own TypeScript support.
import { createServer } from "node:http";
import { startSmtpReceiver } from "./smtp-receiver.ts";

const smtpPort = Number(process.env.SMTP_PORT ?? 2525);
const httpPort = Number(process.env.HTTP_PORT ?? 2526);
const receiver = await startSmtpReceiver(smtpPort);

createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.toLowerCase();
    const messages = receiver.received.filter((m) => !to || m.to.some((address) => address.toLowerCase() === to));
    const link = to ? receiver.linkFor(to) : undefined;
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ count: messages.length, link, messages }));
    return;
  }
  response.writeHead(url.pathname === "/healthz" ? 200 : 404).end();
}).listen(httpPort, "127.0.0.1");
