import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  CLIENT_ADDRESS_HEADER,
  type ClientAddressEnv,
  clientAddress,
  clientAddressMiddleware,
  limitedAddress,
} from "./client-address";

describe("clientAddress", () => {
  it.each([
    ["the socket's peer when no proxy is trusted", "203.0.113.9", "198.51.100.1", [], "203.0.113.9"],
    [
      "the peer when X-Forwarded-For comes from an untrusted peer",
      "203.0.113.9",
      "10.0.0.1",
      ["127.0.0.1"],
      "203.0.113.9",
    ],
    ["the entry a trusted proxy appended", "127.0.0.1", "198.51.100.1", ["127.0.0.1"], "198.51.100.1"],
    [
      "the right-most entry, not the one a client wrote at the left",
      "127.0.0.1",
      "6.6.6.6, 198.51.100.1",
      ["127.0.0.1"],
      "198.51.100.1",
    ],
    [
      "the right-most entry that is not itself a trusted proxy",
      "10.0.0.2",
      "6.6.6.6, 198.51.100.1, 10.0.0.3",
      ["10.0.0.2", "10.0.0.3"],
      "198.51.100.1",
    ],
    ["the proxy itself when it sends no header", "127.0.0.1", undefined, ["127.0.0.1"], "127.0.0.1"],
    [
      "the last readable hop when an entry is garbage",
      "127.0.0.1",
      "<script>, 10.0.0.3",
      ["127.0.0.1", "10.0.0.3"],
      "10.0.0.3",
    ],
    ["an IPv4 peer on a dual-stack socket, plainly", "::ffff:127.0.0.1", "198.51.100.1", ["127.0.0.1"], "198.51.100.1"],
    ["IPv6 clients", "::1", "2001:db8::7", ["::1"], "2001:db8::7"],
  ])("is %s", (_, peer, forwardedFor, trusted, expected) => {
    expect(clientAddress(peer, forwardedFor, trusted)).toBe(expected);
  });
});

describe("clientAddressMiddleware", () => {
  const app = (trusted: string[]) =>
    new Hono<ClientAddressEnv>()
      .use(clientAddressMiddleware(trusted))
      .get("/any/page", (c) =>
        c.json({ context: c.get("clientAddress"), header: c.req.header(CLIENT_ADDRESS_HEADER) }),
      );
  const ask = async (trusted: string[], peer: string, headers: Record<string, string>) => {
    const response = await app(trusted).request(
      "/any/page",
      { headers },
      { incoming: { socket: { remoteAddress: peer } } },
    );
    return response.json();
  };

  it("overwrites the address header a client sends, on every path", async () => {
    const spoofed = { [CLIENT_ADDRESS_HEADER]: "6.6.6.6", "x-forwarded-for": "7.7.7.7" };
    expect(await ask([], "203.0.113.9", spoofed)).toEqual({ context: "203.0.113.9", header: "203.0.113.9" });
  });

  it("believes X-Forwarded-For only from a trusted proxy", async () => {
    const forwarded = { "x-forwarded-for": "198.51.100.1" };
    expect(await ask(["127.0.0.1"], "127.0.0.1", forwarded)).toEqual({
      context: "198.51.100.1",
      header: "198.51.100.1",
    });
  });
});

describe("limitedAddress", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["2001:db8:aa:bb:1:2:3:4", "2001:db8:aa:bb::/64"],
    ["2001:0DB8:00aa:00bb:ffff::1", "2001:db8:aa:bb::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:0:0:ffff:ffff:ffff:ffff", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["unknown", "unknown"],
  ])("counts %s as %s", (address, expected) => {
    expect(limitedAddress(address)).toBe(expected);
  });
});
