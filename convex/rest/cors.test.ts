import { describe, expect, test } from "vitest";
import { newBackend } from "../test.setup";

const origin = process.env.SITE_URL ?? "http://localhost:5173";

describe("REST: CORS", () => {
  test("preflights allow the web app's origin, its headers and the methods declared for the path", async () => {
    const t = newBackend();
    const preflight = (path: string) =>
      t.fetch(path, { method: "OPTIONS", headers: { Origin: origin } });
    const submit = await preflight("/server/api/proposals/submit");
    expect(submit.status).toBe(204);
    expect(Object.fromEntries(submit.headers)).toMatchObject({
      "access-control-allow-origin": origin,
      "access-control-allow-methods": "POST",
      "access-control-allow-headers": "Content-Type, Authorization",
      "access-control-allow-credentials": "true",
      "access-control-max-age": "86400",
      vary: "Origin",
    });
    const methods = async (path: string) =>
      (await preflight(path)).headers.get("access-control-allow-methods");
    expect(await methods("/server/api/proposals")).toBe("GET");
    expect(await methods("/server/api/proposals/vote")).toBe("POST");
    expect(await methods("/server/api/proposals/abc")).toBe("GET");
    expect(await methods("/server/api/proposals/abc/bounty")).toBe("GET");
    expect(await methods("/server/api/submissions/abc/vote")).toBe("POST");
    expect(await methods("/server/api/contributions/cs_1/record")).toBe("POST");
    expect(await methods("/server/tiktokaccesstoken")).toBe("POST");
    expect((await preflight("/server/api/nothing")).status).toBe(404);
  });

  test("responses, errors included, carry the CORS headers for the web app's origin only", async () => {
    const t = newBackend();
    const stats = await t.fetch("/server/api/stats", { headers: { Origin: origin } });
    expect(stats.status).toBe(200);
    expect(stats.headers.get("access-control-allow-origin")).toBe(origin);
    expect(stats.headers.get("access-control-allow-credentials")).toBe("true");
    expect(stats.headers.get("access-control-expose-headers")).toBe("Content-Range, Accept-Ranges");
    expect(stats.headers.get("content-type")).toBe("application/json");

    const unauthorized = await t.fetch("/server/api/check-user", { headers: { Origin: origin } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("access-control-allow-origin")).toBe(origin);
    expect(await unauthorized.json()).toEqual({ error: "Unauthorized" });

    const foreign = await t.fetch("/server/api/stats", {
      headers: { Origin: "https://elsewhere.example" },
    });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(foreign.headers.get("vary")).toBe("Origin");
  });

  test("Stripe's webhooks stay outside the REST app: no CORS", async () => {
    const t = newBackend();
    const webhook = await t.fetch("/stripe/webhook", {
      method: "POST",
      headers: { Origin: origin },
      body: "{}",
    });
    expect(webhook.status).toBe(400);
    expect(webhook.headers.get("access-control-allow-origin")).toBeNull();
  });
});
