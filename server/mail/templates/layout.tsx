// The store's mail as HTML: one layout (the store's name on top, its contact details below) around
// a mail's blocks. Styles are inline and tables do the layout, as mail clients need; every value is
// text React escapes, and the only hrefs are the ones a mail's function built (see compose.ts).
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import { itemQuantity, type MailBlock, type MailItem } from "./blocks";

export interface StoreContact {
  name: string;
  email: string;
  phone: string;
  hours: string;
  url: string;
}

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const ink = "#0f172a";
const muted = "#475569";
const navy = "#172554";
const amber = "#f59e0b";
const rule = "#e2e8f0";

const text: CSSProperties = { color: ink, fontSize: "15px", lineHeight: "22px", margin: "0 0 16px" };
const small: CSSProperties = { ...text, color: muted, fontSize: "13px", lineHeight: "20px", margin: "0" };
const link: CSSProperties = { color: "#1d4ed8", textDecoration: "underline" };

export function MailLayout({
  store,
  preview,
  children,
}: {
  store: StoreContact;
  preview: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: "#f1f5f9", fontFamily: font, margin: "0", padding: "16px 0" }}>
        <Container style={{ maxWidth: "600px", width: "100%", backgroundColor: "#ffffff", borderRadius: "8px" }}>
          <Section style={{ backgroundColor: navy, borderRadius: "8px 8px 0 0", padding: "18px 24px" }}>
            <Link href={store.url} style={{ color: "#ffffff", textDecoration: "none" }}>
              <span style={{ fontSize: "20px", fontWeight: 800, letterSpacing: "-0.01em" }}>Cascade</span>{" "}
              <span style={{ color: amber, fontSize: "12px", fontWeight: 700, letterSpacing: "0.12em" }}>
                INDUSTRIAL SUPPLY
              </span>
            </Link>
          </Section>
          <Section style={{ padding: "24px" }}>{children}</Section>
          <Section style={{ borderTop: `1px solid ${rule}`, padding: "20px 24px 24px" }}>
            <Text style={{ ...small, color: ink, fontWeight: 700 }}>{store.name}</Text>
            <Text style={small}>
              Need Help? Call{" "}
              <Link href={`tel:${store.phone.replace(/[^\d+]/g, "")}`} style={link}>
                {store.phone}
              </Link>{" "}
              or e-mail{" "}
              <Link href={`mailto:${store.email}`} style={link}>
                {store.email}
              </Link>
              , <span style={{ whiteSpace: "nowrap" }}>{store.hours}</span>.
            </Text>
            <Text style={small}>
              <Link href={store.url} style={link}>
                {store.url.replace(/^https?:\/\//, "")}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

function ItemRows({ items }: { items: MailItem[] }) {
  return (
    <Section style={{ margin: "0 0 16px" }}>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is drawn once and never reordered.
        <Row key={i} style={{ borderBottom: `1px solid ${rule}` }}>
          <Column style={{ padding: "10px 8px 10px 0", verticalAlign: "top" }}>
            <Text style={{ ...text, fontWeight: 600, margin: "0" }}>{item.name}</Text>
            <Text style={small}>
              {item.sku ? `SKU: ${item.sku} · ` : ""}
              {item.unitPrice ? `${itemQuantity(item)} x ${item.unitPrice}` : `Quantity: ${itemQuantity(item)}`}
            </Text>
            {item.pack ? <Text style={small}>{item.pack}</Text> : null}
            {item.note ? <Text style={{ ...small, color: "#92400e" }}>{item.note}</Text> : null}
          </Column>
          {item.total ? (
            <Column style={{ padding: "10px 0", textAlign: "right", verticalAlign: "top", whiteSpace: "nowrap" }}>
              <Text style={{ ...text, fontWeight: 600, margin: "0" }}>{item.total}</Text>
            </Column>
          ) : null}
        </Row>
      ))}
    </Section>
  );
}

function Block({ block }: { block: MailBlock }) {
  switch (block.type) {
    case "title":
      return (
        <Heading as="h1" style={{ color: ink, fontSize: "24px", lineHeight: "30px", margin: "0 0 12px" }}>
          {block.text}
        </Heading>
      );
    case "heading":
      return (
        <Heading as="h2" style={{ color: ink, fontSize: "17px", lineHeight: "24px", margin: "24px 0 8px" }}>
          {block.text}
        </Heading>
      );
    case "paragraph":
      return <Text style={text}>{block.text}</Text>;
    case "quote":
      return (
        <Text style={{ ...text, whiteSpace: "pre-line", borderLeft: `4px solid ${rule}`, paddingLeft: "12px" }}>
          {block.text}
        </Text>
      );
    case "lines":
      return (
        <Text style={text}>
          {block.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are drawn once, in their order.
            <span key={i}>
              {i > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </Text>
      );
    case "facts":
      return (
        <Section style={{ margin: "0 0 16px" }}>
          {block.facts.map((fact, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: facts are drawn once, in their order.
            <Text key={i} style={{ ...text, margin: "0 0 4px" }}>
              {typeof fact === "string" ? (
                fact
              ) : (
                <>
                  <span style={{ color: muted }}>{fact[0]}:</span> <strong>{fact[1]}</strong>
                </>
              )}
            </Text>
          ))}
        </Section>
      );
    case "items":
      return <ItemRows items={block.items} />;
    case "button":
      return (
        <Section style={{ margin: "8px 0 20px" }}>
          <Button
            href={block.href}
            style={{
              backgroundColor: navy,
              borderRadius: "6px",
              color: "#ffffff",
              fontSize: "15px",
              fontWeight: 600,
              padding: "12px 20px",
            }}
          >
            {block.label}
          </Button>
        </Section>
      );
    case "link":
      return (
        <Text style={text}>
          <Link href={block.href} style={link}>
            {block.label}
          </Link>
        </Text>
      );
  }
}

export function MailBody({ blocks }: { blocks: MailBlock[] }) {
  return blocks.map((block, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: blocks are drawn once, in their order.
    <Block key={i} block={block} />
  ));
}
