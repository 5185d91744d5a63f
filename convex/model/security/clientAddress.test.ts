// Which client a request comes from: only the trusted proxies' entries count, addresses are
// parsed strictly, and IPv6 clients are keyed by their /64.
import { describe, expect, test } from "vitest";
import { addressFromHeader, addressKey, trustedProxy } from "./clientAddress";

const request = (headers: Record<string, string>) => new Request("https://x.test/", { headers });

describe("the client's key", () => {
  test("IPv4 as is; IPv4-mapped IPv6 as IPv4; IPv6 cut to its /64 whatever its spelling", () => {
    expect(addressKey("203.0.113.7")).toBe("ip:203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("ip:203.0.113.7");
    expect(addressKey("2001:db8:a:b:1:2:3:4")).toBe("ip6:2001:db8:a:b");
    expect(addressKey("2001:0DB8:000a:b::9")).toBe("ip6:2001:db8:a:b");
    expect(addressKey("2001:db8::1")).toBe("ip6:2001:db8:0:0");
    expect(addressKey("::1")).toBe("ip6:0:0:0:0");
  });

  test("anything that is not an address is nobody", () => {
    for (const bad of [
      "",
      "unknown",
      "300.1.1.1",
      "1.2.3",
      "evil.example",
      "1::2::3",
      "a".repeat(60),
    ])
      expect(addressKey(bad)).toBeNull();
    expect(addressKey(null)).toBeNull();
  });
});

describe("the trusted proxy header", () => {
  test("is off unless CLIENT_IP_HEADER names one; hops default to 1 and must be sane", () => {
    expect(trustedProxy({})).toBeNull();
    expect(trustedProxy({ CLIENT_IP_HEADER: " " })).toBeNull();
    expect(trustedProxy({ CLIENT_IP_HEADER: "CF-Connecting-IP" })).toEqual({
      header: "CF-Connecting-IP",
      hops: 1,
    });
    expect(() =>
      trustedProxy({ CLIENT_IP_HEADER: "X-Forwarded-For", CLIENT_IP_TRUSTED_HOPS: "0" }),
    ).toThrow(/CLIENT_IP_TRUSTED_HOPS/);
  });

  test("names the entry the outermost trusted proxy wrote, ignoring what the client wrote left of it", () => {
    const xff = { header: "X-Forwarded-For", hops: 1 };
    expect(addressFromHeader(request({ "X-Forwarded-For": "1.1.1.1, 203.0.113.7" }), xff)).toBe(
      "203.0.113.7",
    );
    const two = { header: "X-Forwarded-For", hops: 2 };
    expect(
      addressFromHeader(request({ "X-Forwarded-For": "1.1.1.1,203.0.113.7, 10.0.0.2" }), two),
    ).toBe("203.0.113.7");
    expect(addressFromHeader(request({ "X-Forwarded-For": "10.0.0.2" }), two)).toBeNull();
    expect(addressFromHeader(request({}), xff)).toBeNull();
    expect(addressFromHeader(request({ "X-Forwarded-For": "[2001:db8::5]:443" }), xff)).toBe(
      "2001:db8::5",
    );
    expect(addressFromHeader(request({ "X-Forwarded-For": "203.0.113.7:5123" }), xff)).toBe(
      "203.0.113.7",
    );
    expect(addressFromHeader(request({ "X-Forwarded-For": "not-an-ip" }), xff)).toBeNull();
  });
});
