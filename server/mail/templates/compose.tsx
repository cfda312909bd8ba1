// Turns a mail's blocks into the message queueMail() takes: an HTML part in the store's layout and
// a plain-text part with the same facts, both ending with the store's contact details.
import { render } from "@react-email/components";
import { config } from "../../config";
import type { MailAttachment } from "../../db/schema";
import type { Mail } from "../mailer";
import { blocksText, type MailBlock } from "./blocks";
import { MailBody, MailLayout, type StoreContact } from "./layout";

export interface MailContent {
  to: string;
  subject: string;
  blocks: MailBlock[];
  /** The line a mail client shows beside the subject; the first paragraph when not given. */
  preview?: string;
  attachments?: MailAttachment[];
}

/** The store as its footer shows it (app/components/footer.tsx), from the same configuration. */
export function storeContact(): StoreContact {
  const { PUBLIC_URL, STORE_EMAIL, STORE_PHONE } = config();
  return {
    name: "Cascade Industrial Supply",
    email: STORE_EMAIL,
    phone: STORE_PHONE,
    hours: "Monday-Friday 8AM-6PM EST",
    url: PUBLIC_URL,
  };
}

/** A store link: PUBLIC_URL and a path of ours, never an address someone typed. */
export const storeUrl = (path: string) => `${config().PUBLIC_URL}${path}`;

/**
 * A link in a mail goes to the web: a mail's function builds it from storeUrl(), better-auth's
 * links (made from PUBLIC_URL) or a carrier's tracking page, so anything else is a bug to stop here.
 */
function checkLinks(blocks: MailBlock[]) {
  for (const block of blocks) {
    if ((block.type === "button" || block.type === "link") && !/^https?:\/\/[^\s"<>]+$/.test(block.href))
      throw new Error(`A mail link must be an http(s) URL, not ${JSON.stringify(block.href)}.`);
  }
}

export async function composeMail({ to, subject, blocks, preview, attachments }: MailContent): Promise<Mail> {
  checkLinks(blocks);
  const store = storeContact();
  const firstWords = blocks.find((block) => block.type === "paragraph")?.text ?? subject;
  const html = await render(
    <MailLayout store={store} preview={preview ?? firstWords}>
      <MailBody blocks={blocks} />
    </MailLayout>,
  );
  const footer = [
    "--",
    store.name,
    `Need Help? Call ${store.phone} or e-mail ${store.email}, ${store.hours}.`,
    store.url,
  ].join("\n");
  return {
    to,
    subject,
    text: `${blocksText(blocks)}\n\n${footer}\n`,
    html,
    ...(attachments ? { attachments } : {}),
  };
}
