// Bad input at the HTTP edge is the caller's error: a 4xx (or, for Convex Auth's provider
// callback, a redirect home), never a 5xx, and never a word about the configuration.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api } from "../_generated/api";
import type { Id } from "../_generated/dataModel";
import { as, createUser, newBackend, type Backend } from "../test.setup";
import { mockPlatforms } from "../test.platforms";

const DAY = 24 * 3600 * 1000;
beforeEach(() => {
  mockPlatforms();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

async function seed(t: Backend) {
  const ada = await createUser(t);
  for (const oneLiner of ["Foxes of Berlin", "Bridges of Lisbon", "Owls of Oslo"])
    await as(t, ada).mutation(api.ideas.create, {
      oneLiner,
      platform: "Any",
      durations: ["SHORT"],
      expiration: Date.now() + 5 * DAY,
      links: [],
    });
  return ada;
}

describe("the idea list's parameters", () => {
  test.each(["__proto__", "constructor", "toString", "hasOwnProperty", "nonsense"])(
    "?param=%s is a 400",
    async (param) => {
      const t = newBackend();
      const response = await t.fetch(`/server/api/proposals?param=${param}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: "Unknown sort: use Recent, Popular, Payout or Expiring Soon.",
      });
    },
  );

  test.each(["__proto__", "constructor", "/completed", "/nope"])(
    "?path=%s picks a list, never a 5xx",
    async (path) => {
      const t = newBackend();
      await seed(t);
      expect((await t.fetch(`/server/api/proposals?path=${path}`)).status).toBe(200);
    },
  );

  test.each(["garbage", "__proto__", "eyJhIjoxfQ", "0", "%00", "null"])(
    "an invalid pagination cursor (%s) is a 400",
    async (cursor) => {
      const t = newBackend();
      await seed(t);
      const response = await t.fetch(`/server/api/proposals?limit=1&cursor=${cursor}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Invalid cursor." });
    },
  );

  test("a real cursor still pages; odd limits are clamped", async () => {
    const t = newBackend();
    await seed(t);
    const first = await t.fetch("/server/api/proposals?limit=1.5");
    expect(first.status).toBe(200);
    expect(await first.json()).toHaveLength(1);
    const cursor = first.headers.get("X-Next-Cursor")!;
    const second = await t.fetch(
      `/server/api/proposals?limit=1&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(second.status).toBe(200);
    for (const limit of ["-3", "abc", "1e400", "__proto__"])
      expect((await t.fetch(`/server/api/proposals?limit=${limit}`)).status).toBe(200);
  });
});

describe("tokens that name no user", () => {
  const authenticated: [string, string, unknown?][] = [
    ["GET", "/server/api/check-user"],
    ["GET", "/server/api/profile/user"],
    ["GET", "/server/api/profile/proposals"],
    ["GET", "/server/api/profile/contributions"],
    ["GET", "/server/api/profile/submissions"],
    ["GET", "/server/api/profile/videos"],
    [
      "POST",
      "/server/api/proposals/submit",
      { oneLiner: "x", expiration: "", selectedDurations: [] },
    ],
    ["POST", "/server/api/proposals/vote", { proposalId: "x", vote: 1 }],
    ["POST", "/server/api/submissions/verify", { link: "https://youtu.be/abcdefghijk" }],
    [
      "POST",
      "/server/api/submissions/submit",
      { link: "https://youtu.be/abcdefghijk", proposalId: "x" },
    ],
    ["POST", "/server/api/submissions/abc/vote", { vote: 1 }],
    ["POST", "/server/api/contributions/cs_test_1/payout", { payoutMethod: "peoples_choice" }],
    ["GET", "/server/youtube/oauth"],
    ["GET", "/server/oauth"],
    ["POST", "/server/youtubeaccesstoken", { code: "c", state: "s" }],
    ["POST", "/server/tiktokaccesstoken", { code: "c", state: "s" }],
  ];

  test.each(["not-an-id", "__proto__", "", "users|x", "idea"])(
    "a subject of %j gets a 401 on every authenticated route",
    async (subject) => {
      const t = newBackend();
      const ada = await seed(t);
      // "idea": a real id, of another table.
      const ideaId = (
        await t.query(api.ideas.list, {
          view: "all",
          sort: "recent",
          paginationOpts: { numItems: 1, cursor: null },
        })
      ).page[0]!._id;
      const who = subject === "idea" ? ideaId : subject;
      const caller = t.withIdentity({ subject: `${who}|session`, issuer: "https://convex.test" });
      for (const [method, path, body] of authenticated) {
        const response = await caller.fetch(path, {
          method,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        expect([path, response.status]).toEqual([path, 401]);
      }
      // Routes that only read the caller treat it as a visitor.
      expect((await caller.fetch("/server/api/proposals")).status).toBe(200);
      expect((await caller.fetch(`/server/api/proposals/${ideaId}`)).status).toBe(200);
      // A deleted user's token is refused too.
      await t.run((ctx) => ctx.db.delete("users", ada as Id<"users">));
      expect((await as(t, ada).fetch("/server/api/check-user")).status).toBe(401);
    },
  );
});

describe("Convex Auth's routes", () => {
  const quiet = () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "error").mockImplementation(() => {});
  };
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test.each([
    "/api/auth/signin/discord?code=bogus-verifier",
    "/api/auth/signin/google?code=bogus-verifier",
    "/api/auth/signin/discord",
    "/api/auth/signin/nope?code=x",
    "/api/auth/signin/__proto__?code=x",
    "/api/auth/signin/",
  ])("sign-in %s is a 400 that names no provider", async (path) => {
    quiet();
    vi.stubEnv("AUTH_DISCORD_ID", "discord-client");
    vi.stubEnv("AUTH_DISCORD_SECRET", "discord-secret");
    const t = newBackend();
    const response = await t.fetch(path);
    expect(response.status).toBe(400);
    const text = (await response.text()).toLowerCase();
    expect(text).not.toMatch(/google|discord|provider/);
    expect(response.statusText.toLowerCase()).not.toMatch(/google|discord|provider/);
  });

  test.each([
    ["GET", "/api/auth/callback/nope?code=x&state=y"],
    ["GET", "/api/auth/callback/__proto__"],
    ["GET", "/api/auth/callback/discord?code=x&state=y"],
    ["POST", "/api/auth/callback/nope"],
  ])("callback %s %s redirects home", async (method, path) => {
    quiet();
    const t = newBackend();
    const response = await t.fetch(path, { method, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^https:\/\/app\.test\/?/);
  });
});
