// Functions' outgoing requests in the local runtime: a real service's address goes to its
// stand-in, and in loopback-only mode nothing leaves the machine (no DNS lookup, no connection).
import dns from "node:dns";
import { createServer, type Server } from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import {
  isLoopback,
  mapUrl,
  outboundCounters,
  outboundFetch,
  parseHostMap,
  parseOutboundMode,
} from "./outbound.js";

let server: Server;
let local = "";
const seen: { method: string; url: string; body: string; key: string | undefined }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        body,
        key: req.headers["idempotency-key"] as string | undefined,
      });
      if (req.url === "/redirect-out") {
        res.writeHead(302, { Location: "https://example.com/elsewhere" });
        return res.end();
      }
      if (req.url === "/redirect-in") {
        res.writeHead(307, { Location: "/resend/emails/batch" });
        return res.end();
      }
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ data: [{ id: "e1" }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  local = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the host map", () => {
  test("parses from=to pairs and refuses anything else", () => {
    expect(parseHostMap("https://api.resend.com=http://127.0.0.1:3220/resend/")).toEqual([
      { from: "https://api.resend.com", to: "http://127.0.0.1:3220/resend" },
    ]);
    expect(parseHostMap("")).toEqual([]);
    expect(() => parseHostMap("https://api.resend.com")).toThrow(/must read/);
    expect(() => parseHostMap("ftp://a=http://b")).toThrow(/must read/);
    expect(() => parseOutboundMode("sometimes")).toThrow(/Unknown outbound mode/);
  });

  test("rewrites a URL under the longest matching prefix, keeping its path and query", () => {
    const rules = parseHostMap(
      "https://api.resend.com=http://127.0.0.1:1/resend,https://api.resend.com/emails=http://127.0.0.1:2/mail",
    );
    expect(mapUrl("https://api.resend.com/domains?x=1", rules)).toBe(
      "http://127.0.0.1:1/resend/domains?x=1",
    );
    expect(mapUrl("https://api.resend.com/emails/batch", rules)).toBe(
      "http://127.0.0.1:2/mail/batch",
    );
    // Only whole host (or path segment) prefixes match.
    expect(mapUrl("https://api.resend.com.evil.example/x", rules)).toBe(
      "https://api.resend.com.evil.example/x",
    );
  });

  test("loopback means this machine only", () => {
    for (const url of ["http://127.0.0.1:3220/x", "http://localhost:1", "http://[::1]:2/"])
      expect(isLoopback(url)).toBe(true);
    for (const url of ["https://api.resend.com", "http://10.0.0.1", "http://127.0.0.1.nip.io"])
      expect(isLoopback(url)).toBe(false);
  });

  test("sends a mapped request with its method, headers and body to the stand-in", async () => {
    const fetchMapped = outboundFetch(
      fetch,
      parseHostMap(`https://api.resend.com=${local}/resend`),
      "loopback-only",
    );
    const before = outboundCounters.mapped;
    const response = await fetchMapped(
      new Request("https://api.resend.com/emails/batch", {
        method: "POST",
        headers: { "Idempotency-Key": "k1", "Content-Type": "application/json" },
        body: JSON.stringify([{ to: "a@example.com" }]),
      }),
    );
    expect(await response.json()).toEqual({ data: [{ id: "e1" }] });
    expect(seen.at(-1)).toEqual({
      method: "POST",
      url: "/resend/emails/batch",
      body: '[{"to":"a@example.com"}]',
      key: "k1",
    });
    expect(outboundCounters.mapped).toBe(before + 1);
    // A redirect inside the machine is followed, with the body (307 keeps the method).
    await fetchMapped(`${local}/redirect-in`, { method: "POST", body: "again" });
    expect(seen.at(-1)).toMatchObject({
      method: "POST",
      url: "/resend/emails/batch",
      body: "again",
    });
  });

  test("loopback-only: an outside address fails as a network error, without a DNS lookup or a connection", async () => {
    const lookup = vi.spyOn(dns, "lookup");
    const connect = vi.spyOn(net.Socket.prototype, "connect");
    const strict = outboundFetch(fetch, [], "loopback-only");
    const before = outboundCounters.refused;
    await expect(strict("https://example.com/")).rejects.toThrow(TypeError);
    await expect(strict("https://api.resend.com/emails/batch", { method: "POST" })).rejects.toThrow(
      "fetch failed",
    );
    expect(lookup).not.toHaveBeenCalled();
    expect(connect).not.toHaveBeenCalled();
    // A redirect from the machine to outside is refused too.
    await expect(strict(`${local}/redirect-out`)).rejects.toThrow("fetch failed");
    expect(outboundCounters.refused).toBe(before + 3);
    lookup.mockRestore();
    connect.mockRestore();
  });
});
