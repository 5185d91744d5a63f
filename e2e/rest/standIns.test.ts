// The stack's stand-ins answer as the real providers do where an app can get it wrong: an
// authorization request's redirect_uri must be one the app registered, exactly (no look-alike
// gets a redirect with a code, and none a 5xx), and token responses are never cached.
import { describe, expect, test } from "vitest";
import { registeredRedirectUris } from "../../local/stack/stack.js";
import { stack } from "./support/http.js";

const LOOKALIKES = (registered: string) => {
  const url = new URL(registered);
  return [
    `${url.protocol}//${url.host}@evil.example${url.pathname}`,
    `${url.protocol}//${url.host}.evil.example${url.pathname}`,
    `${url.protocol}//${url.hostname}:${url.port}@evil.example/`,
    `${registered}evil`,
    `${registered}?next=https://evil.example/`,
    "https://evil.example/callback",
    "not a url",
  ];
};

interface Provider {
  name: string;
  authorize: string;
  params: Record<string, string>;
  registered: string;
  form: Record<string, string>;
}

const providers = (): Provider[] => {
  const env = stack().env;
  const registered = registeredRedirectUris(env);
  return [
    {
      name: "Google",
      authorize: "/google/o/oauth2/v2/auth",
      params: { client_id: env.AUTH_GOOGLE_ID!, response_type: "code", scope: "openid email" },
      registered: registered.GOOGLE_REDIRECT_URIS!.split(" ")[0]!,
      form: { name: "Ada Lovelace", email: "ada@example.com", action: "allow" },
    },
    {
      name: "TikTok",
      authorize: "/tiktok/www/v2/auth/authorize/",
      params: {
        client_key: env.TIKTOK_CLIENT_KEY!,
        response_type: "code",
        scope: "user.info.basic,video.list",
      },
      registered: registered.TIKTOK_REDIRECT_URIS!,
      form: { username: "priya.makes", action: "allow" },
    },
  ];
};

describe("redirect_uri: exactly a registered one", () => {
  test.each(["Google", "TikTok"])(
    "%s: look-alikes get a clear 400 and no redirect; the registered URI is served",
    async (name) => {
      const provider = providers().find((p) => p.name === name)!;
      const base = `${stack().standInsUrl}${provider.authorize}`;
      const query = (redirectUri: string) =>
        new URLSearchParams({ ...provider.params, redirect_uri: redirectUri, state: "s" });
      const ok = await fetch(`${base}?${query(provider.registered)}`, { redirect: "manual" });
      expect(ok.status).toBe(200);
      for (const lookalike of LOOKALIKES(provider.registered)) {
        const shown = await fetch(`${base}?${query(lookalike)}`, { redirect: "manual" });
        expect(shown.status, lookalike).toBe(400);
        expect(await shown.text(), lookalike).toContain("redirect_uri");
        const decided = await fetch(base, {
          method: "POST",
          body: new URLSearchParams({ query: `?${query(lookalike)}`, ...provider.form }),
          redirect: "manual",
        });
        expect(decided.status, lookalike).toBe(400);
        expect(decided.headers.get("location"), lookalike).toBeNull();
      }
    },
  );
});

test("token endpoints answer Cache-Control: no-store", async () => {
  for (const path of [
    "/google/token",
    "/discord/api/oauth2/token",
    "/tiktok/open/v2/oauth/token/",
  ]) {
    const answer = await fetch(`${stack().standInsUrl}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code: "none" }),
    });
    expect(answer.status, path).toBeGreaterThanOrEqual(400);
    expect(answer.status, path).toBeLessThan(500);
    expect(answer.headers.get("cache-control"), path).toBe("no-store");
  }
});
