// The HTTP API beside the socket (ConvexHttpClient) and the HTTP actions of `http.ts`.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, startIssuer, startRuntime, type RuntimeProcess } from "./harness.js";

let runtime: RuntimeProcess;
let issuer: Awaited<ReturnType<typeof startIssuer>>;
let cleanup: () => void;

beforeAll(async () => {
  issuer = await startIssuer();
  const copy = fixtureCopy();
  cleanup = copy.cleanup;
  runtime = await startRuntime({
    ...copy,
    env: { TEST_ISSUER: issuer.url, CONVEX_LOCAL_ADMIN_KEY: "admin-secret" },
  });
});

afterAll(async () => {
  await runtime?.stop();
  await issuer?.close();
  cleanup?.();
});

describe("HTTP API", () => {
  test("queries, mutations and actions through ConvexHttpClient", async () => {
    const http = new ConvexHttpClient(runtime.url);
    await http.mutation(api.messages.send, { body: "over http" });
    expect(await http.action(api.messages.sendFromAction, { body: "action over http" })).toBe(
      "sent",
    );
    expect(await http.query(api.messages.list, {})).toEqual(
      expect.arrayContaining(["over http", "action over http"]),
    );
  });

  test("a function error is status 560 with the error data", async () => {
    const response = await fetch(`${runtime.url}/api/mutation`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        path: "messages:fail",
        args: [{ body: "x" }],
        format: "convex_encoded_json",
      }),
    });
    expect(response.status).toBe(560);
    const body = (await response.json()) as {
      status: string;
      errorData: unknown;
      errorMessage: string;
    };
    expect(body.status).toBe("error");
    expect(body.errorData).toEqual({ code: "refused", body: "x" });
    const http = new ConvexHttpClient(runtime.url);
    await expect(http.mutation(api.messages.fail, { body: "y" })).rejects.toMatchObject({
      data: { code: "refused", body: "y" },
    });
  });

  test("answers CORS preflights from the web app's origin", async () => {
    const response = await fetch(`${runtime.url}/api/action`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type,convex-client",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain(
      "authorization",
    );
    const post = await fetch(`${runtime.url}/api/query`, {
      method: "POST",
      headers: { Origin: "http://localhost:5173", "Content-Type": "application/json" },
      body: JSON.stringify({ path: "messages:list", args: [{}] }),
    });
    expect(post.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
  });

  test("a query may be asked by GET, as Convex serves it: no preflight for a browser", async () => {
    const get = (query: string) => fetch(`${runtime.url}/api/query?${query}`);
    const answer = await get(
      new URLSearchParams({ path: "messages:list", args: "{}", format: "json" }).toString(),
    );
    expect(answer.status).toBe(200);
    const byPost = await fetch(`${runtime.url}/api/query`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: "messages:list", args: {}, format: "json" }),
    });
    const asked = (await answer.json()) as { status: string; value: unknown };
    expect(asked.status).toBe("success");
    expect(asked.value).toEqual(((await byPost.json()) as { value: unknown }).value);
    // Its arguments are JSON; anything else is a 400, and other kinds are not asked by GET.
    expect((await get("path=messages:list&args=%7Bnot")).status).toBe(400);
    expect((await get("args=%7B%7D")).status).toBe(400);
    expect((await fetch(`${runtime.url}/api/mutation?path=messages:send&args=%7B%7D`)).status).toBe(
      405,
    );
  });

  test("a bearer token is verified; an invalid one is refused", async () => {
    const http = new ConvexHttpClient(runtime.url);
    http.setAuth(await issuer.sign({ sub: "http-user", email: "h@example.com" }));
    expect(await http.query(api.messages.whoami, {})).toEqual({
      subject: "http-user",
      email: "h@example.com",
    });
    http.setAuth(await issuer.signWithOtherKey({ sub: "forged" }));
    await expect(http.query(api.messages.whoami, {})).rejects.toThrow(/verify/i);
  });

  test("internal functions cannot be called by clients", async () => {
    const http = new ConvexHttpClient(runtime.url);
    await expect(http.query(api.messages.secret, {})).rejects.toThrow(
      /Could not find public function/,
    );
    await expect(http.mutation(api.messages.insertInternal, { body: "sneaky" })).rejects.toThrow(
      /Could not find public function/,
    );
    expect(await http.query(api.messages.list, {})).not.toContain("sneaky");
  });

  test("the admin key (like a deploy key) may call internal functions; a wrong key may not", async () => {
    const call = (key: string) =>
      fetch(`${runtime.url}/api/query`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Convex ${key}` },
        body: JSON.stringify({ path: "messages:secret", args: [{}] }),
      });
    expect(await (await call("admin-secret")).json()).toMatchObject({
      status: "success",
      value: "internal only",
    });
    expect((await call("guess")).status).toBe(401);
  });

  test("malformed requests get a 400 and change nothing", async () => {
    const response = await fetch(`${runtime.url}/api/mutation`, {
      method: "POST",
      body: "{not json",
    });
    expect(response.status).toBe(400);
    const noPath = await fetch(`${runtime.url}/api/mutation`, {
      method: "POST",
      body: JSON.stringify({ args: [{}] }),
    });
    expect(noPath.status).toBe(400);
  });
});

describe("HTTP actions", () => {
  test("headers, body and cookies reach the action; status and every Set-Cookie come back", async () => {
    const response = await fetch(`${runtime.siteUrl}/echo?x=1`, {
      method: "POST",
      headers: { "X-Test": "hello", Cookie: "session=abc" },
      body: "raw body",
    });
    expect(response.status).toBe(201);
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    const echoed = (await response.json()) as Record<string, unknown>;
    expect(echoed).toMatchObject({
      url: `${runtime.siteUrl}/echo?x=1`,
      body: "raw body",
      header: "hello",
      cookie: "session=abc",
      identity: null,
    });
  });

  test("ctx.meta.getRequestMetadata() names the socket's peer, never a header the client wrote", async () => {
    const forged = { "X-Forwarded-For": "203.0.113.66", "X-Real-IP": "203.0.113.67" };
    const overHttp = await fetch(`${runtime.siteUrl}/client`, {
      headers: { ...forged, "User-Agent": "probe/1.0" },
    });
    expect(await overHttp.json()).toEqual({
      ip: "127.0.0.1",
      userAgent: "probe/1.0",
      // A function an HTTP action runs shares its request (as on Convex).
      nestedIp: "127.0.0.1",
      sameRequest: true,
    });
    const overApi = await fetch(`${runtime.url}/api/mutation`, {
      method: "POST",
      headers: { ...forged, "Content-Type": "application/json" },
      body: JSON.stringify({ path: "clients:whoAmI", args: [{}], format: "convex_encoded_json" }),
    });
    expect(((await overApi.json()) as { value: { ip: string } }).value.ip).toBe("127.0.0.1");
    const client = new ConvexHttpClient(runtime.url);
    expect(await client.action(api.clients.whoAmIFromAction, {})).toMatchObject({
      ip: "127.0.0.1",
    });
    const socket = new ConvexClient(runtime.url);
    try {
      expect(await socket.mutation(api.clients.whoAmI, {})).toMatchObject({ ip: "127.0.0.1" });
    } finally {
      await socket.close();
    }
  });

  test("redirects are passed through, not followed", async () => {
    const response = await fetch(`${runtime.siteUrl}/redirect`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://example.com/next");
  });

  test("Authorization: Bearer becomes the caller's identity; a bad token makes getUserIdentity throw", async () => {
    const token = await issuer.sign({ sub: "site-user" });
    const good = await fetch(`${runtime.siteUrl}/echo`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await good.json()) as { identity: { subject: string } }).identity.subject).toBe(
      "site-user",
    );
    const bad = await fetch(`${runtime.siteUrl}/echo`, {
      method: "POST",
      headers: { Authorization: "Bearer nonsense" },
    });
    expect(bad.status).toBe(201);
    expect(((await bad.json()) as { identity: unknown }).identity).toBe("error");
  });

  test("prefix routes run mutations; unknown paths are 404", async () => {
    const response = await fetch(`${runtime.siteUrl}/messages/from-http-action`, {
      method: "POST",
    });
    expect(await response.text()).toBe("ok");
    const http = new ConvexHttpClient(runtime.url);
    expect(await http.query(api.messages.list, {})).toContain("from-http-action");
    expect((await fetch(`${runtime.siteUrl}/nowhere`)).status).toBe(404);
  });
});

describe("logs", () => {
  test("each execution is logged with its path, duration and outcome, followed by its console output", async () => {
    const http = new ConvexHttpClient(runtime.url);
    await http.query(api.messages.chatty, {});
    await http.query(api.messages.crash, {}).catch(() => null);
    const output = runtime.output();
    expect(output).toMatch(
      /Q messages:chatty \d+\.\dms ok\n {4}\[LOG\] 'hello from a query' 42\n {4}\[ERROR\] 'something odd'/,
    );
    expect(output).toMatch(/Q messages:crash \d+\.\dms failed: Error: boom/);
  });
});
