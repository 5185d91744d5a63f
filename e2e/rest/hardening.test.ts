// Production-facing protections on the running stack: the HTML pages HTTP actions serve carry
// security headers (and the share page's image and links still work under its policy), and
// payout onboarding and refresh are rate limited before they reach Stripe.
import { ConvexError } from "convex/values";
import { makeFunctionReference } from "convex/server";
import { beforeAll, describe, expect, test } from "vitest";
import { clientFor } from "../../local/stack/signInClient.js";
import { call, stack } from "./support/http.js";
import { signIn } from "./support/people.js";
import { newIdea } from "./support/world.js";

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) found.set(name, values);
  }
  return found;
}

/** What every HTML page an HTTP action serves must carry. */
function expectHardenedPage(headers: Headers) {
  expect(headers.get("content-type")).toMatch(/^text\/html/);
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  const csp = directives(headers.get("content-security-policy"));
  // Nothing runs: no script source at all, and nothing but the page itself may frame it.
  expect(csp.get("default-src")).toEqual(["'none'"]);
  expect(csp.has("script-src")).toBe(false);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'none'"]);
  return csp;
}

describe("security headers on the HTML pages of HTTP actions", () => {
  let ideaId: string;
  beforeAll(async () => {
    ideaId = await newIdea(await signIn("Share Sharon"));
  });

  test("the share page: hardened, and its image and links still work under its policy", async () => {
    const page = await call("GET", `/share/${ideaId}`);
    expect(page.status).toBe(200);
    const csp = expectHardenedPage(page.headers);
    // Its styles are inline attributes; its image, when shown, comes from its own origin.
    expect(csp.get("style-src")).toContain("'unsafe-inline'");
    expect(csp.get("img-src")).toContain("'self'");
    // The preview image the page announces is served (same origin as the page), as an image.
    const image = new URL(
      /<meta property="og:image" content="([^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, "&"),
    );
    const served = await call("GET", `${image.pathname}${image.search}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    // Its links (to the idea page, and the refresh to it) are plain navigations, which a
    // policy of fetch directives leaves alone; nothing restricts where they go.
    expect(page.text).toContain(`/expanded-proposal/${ideaId}"`);
    expect(page.text).toMatch(/<meta http-equiv="refresh" content="0; url=[^"]+">/);
    for (const name of csp.keys()) expect(name).not.toMatch(/^navigate-to$/);
  });

  test("the share page of a missing idea and the unsubscribe page are hardened too", async () => {
    const missing = await call("GET", "/share/not-an-idea");
    expect(missing.status).toBe(404);
    expectHardenedPage(missing.headers);
    const unsubscribe = await call("GET", "/email/unsubscribe?u=nobody&k=product&s=forged");
    expect(unsubscribe.status).toBe(400);
    expectHardenedPage(unsubscribe.headers);
    expect(unsubscribe.text).toContain("This unsubscribe link is not valid.");
  });
});

describe("rate limits on payout onboarding", () => {
  const fn = {
    start: makeFunctionReference<"action", Record<string, never>, { url: string }>(
      "payouts:startOnboarding",
    ),
    refresh: makeFunctionReference<"action", Record<string, never>, { ready: boolean } | null>(
      "payouts:refreshAccount",
    ),
  };
  /** The Stripe stand-in's Connect accounts. */
  const accounts = async () => {
    const state = (await (await fetch(`${stack().standInsUrl}/__control/stripe/state`)).json()) as {
      accounts: { id: string; metadata: Record<string, string> }[];
    };
    return state.accounts;
  };
  const refusal = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (e) {
      return e instanceof ConvexError ? (e.data as { kind?: string; message?: string }) : null;
    }
    return null;
  };

  test("starting onboarding again and again is refused after 5; refreshing after 10", async () => {
    const creator = await signIn("Payout Paula");
    const client = clientFor(stack().convexUrl, creator.token);
    const before = (await accounts()).length;
    for (let i = 0; i < 5; i++) expect((await client.action(fn.start, {})).url).toMatch(/^http/);
    // One Connect account for the person, however many times they start.
    expect((await accounts()).length).toBe(before + 1);
    const refused = await refusal(() => client.action(fn.start, {}));
    expect(refused).toMatchObject({
      kind: "RateLimited",
      message: expect.stringMatching(/^Too many requests — please try again in \d+ seconds?\.$/),
    });
    for (let i = 0; i < 10; i++)
      expect(await client.action(fn.refresh, {})).toEqual({ ready: false });
    expect(await refusal(() => client.action(fn.refresh, {}))).toMatchObject({
      kind: "RateLimited",
    });
    // Another person has buckets of their own.
    const other = clientFor(stack().convexUrl, (await signIn("Payout Pia")).token);
    expect((await other.action(fn.start, {})).url).toMatch(/^http/);
  });
});
