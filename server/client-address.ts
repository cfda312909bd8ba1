// Who the client is, by network address: decided once per request from the connection itself,
// for the per-address rate limits and the address recorded on a session. A header a client
// sends never decides it, unless the connection comes from a proxy the operator named.
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import { createMiddleware } from "hono/factory";

/** The header better-auth reads the address from (server/accounts/auth.ts); set here for every request. */
export const CLIENT_ADDRESS_HEADER = "x-store-client-address";

/** An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d; it is the same client as a.b.c.d. */
function plain(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * The socket's peer, unless that peer is one of `trustedProxies`: then the right-most
 * X-Forwarded-For entry that is not itself a trusted proxy (the entries to its left were
 * written by the client and prove nothing).
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trustedProxies: readonly string[],
): string {
  if (!peer) return "unknown";
  let address = plain(peer);
  const trusted = new Set(trustedProxies.map(plain));
  if (!trusted.has(address) || !forwardedFor) return address;
  const hops = forwardedFor.split(",").map((hop) => plain(hop.trim()));
  for (const hop of hops.reverse()) {
    // A proxy we trust wrote this entry; anything unreadable ends the chain at the last good one.
    if (isIP(hop) === 0) break;
    address = hop;
    if (!trusted.has(hop)) break;
  }
  return address;
}

/**
 * The address a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64.
 * One home or office network gets a /64 and may use any of its 2^64 addresses, so counting each
 * one apart let a client take a fresh budget with every call.
 */
export function limitedAddress(address: string): string {
  if (isIP(address) !== 6) return address;
  const [left = "", right] = address.toLowerCase().split("::");
  const head = left ? left.split(":") : [];
  const tail = right ? right.split(":") : [];
  const groups = right === undefined ? head : [...head, ...Array(8 - head.length - tail.length).fill("0"), ...tail];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export type ClientAddressEnv = { Variables: { clientAddress: string } };

/**
 * Sets `clientAddress` on the request, and the header better-auth reads, replacing whatever the
 * client sent under that name.
 */
export function clientAddressMiddleware(trustedProxies: readonly string[]) {
  return createMiddleware<ClientAddressEnv>(async (c, next) => {
    const address = clientAddress(getConnInfo(c).remote.address, c.req.header("x-forwarded-for"), trustedProxies);
    c.set("clientAddress", address);
    c.req.raw.headers.set(CLIENT_ADDRESS_HEADER, address);
    await next();
  });
}
