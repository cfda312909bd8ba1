// A real SMTP server on loopback that keeps what it receives, for tests that follow an e-mail.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export async function startSmtpReceiver(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    /** The first link in the newest message to `to`, decoded from quoted-printable. */
    linkFor(to: string): string | undefined {
      const mail = received.filter((m) => m.to.includes(to)).at(-1);
      const text = mail?.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      return text?.match(/https?:\/\/[^\s"<>]+/)?.[0];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
