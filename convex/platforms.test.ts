import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { api, internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, newBackend, type Backend } from "./test.setup";
import { ENV, mockPlatforms, type FakePlatforms } from "./test.platforms";

let fake: FakePlatforms;
beforeEach(() => {
  fake = mockPlatforms();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

async function start(
  t: Backend,
  userId: Id<"users">,
  platform: "YouTube" | "TikTok",
  returnToSettings = true,
) {
  const { url } = await as(t, userId).action(api.platforms.startConnection, {
    platform,
    returnToSettings,
  });
  return new URL(url);
}

describe("connecting YouTube", () => {
  test("the authorization URL asks Google for read-only YouTube access with a fresh state and our callback page", async () => {
    const t = newBackend();
    const url = await start(t, await createUser(t), "YouTube");
    expect(url.origin + url.pathname).toBe(ENV.GOOGLE_OAUTH_AUTHORIZE_URL);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "google-client",
      redirect_uri: "https://app.test/auth/callback/youtube/",
      response_type: "code",
      scope: "https://www.googleapis.com/auth/youtube.readonly",
      access_type: "offline",
    });
    expect(url.searchParams.get("state")!.length).toBeGreaterThanOrEqual(40);
  });

  test("finishing stores the channel and its videos, merged by id on every sync, and returnToSettings", async () => {
    const t = newBackend();
    const creator = await createUser(t);
    fake.youtube.push(
      { id: "video000001", channelId: "UCme", title: "First", seconds: 100, publishedAt: 1000 },
      { id: "video000002", channelId: "UCme", title: "", seconds: 100, publishedAt: 2000 },
      {
        id: "otherperson",
        channelId: "UCother",
        title: "Not mine",
        seconds: 100,
        publishedAt: 3000,
      },
    );
    const url = await start(t, creator, "YouTube", true);
    const code = fake.grant(url, { channelId: "UCme" });
    const result = await as(t, creator).action(api.platforms.finishConnection, {
      platform: "YouTube",
      code,
      state: url.searchParams.get("state")!,
    });
    expect(result).toEqual({ returnToSettings: true, videoCount: 2, accountName: "UCme title" });
    fake.youtube.push({
      id: "video000003",
      channelId: "UCme",
      title: "Third",
      seconds: 100,
      publishedAt: 4000,
    });
    await as(t, creator).action(api.platforms.sync, { platform: "YouTube" });
    await as(t, creator).action(api.platforms.sync, { platform: "YouTube" });
    const mine = (await as(t, creator).query(api.platforms.mine, {}))!;
    expect(mine.youtube).toMatchObject({ connected: true, accountName: "UCme title" });
    expect(mine.youtube.lastSync).toBeGreaterThan(0);
    expect(mine.tiktok).toEqual({ connected: false, lastSync: null, accountName: null });
    expect(mine.videos.map((v) => v.videoId)).toEqual([
      "video000003",
      "video000002",
      "video000001",
    ]);
  });

  test("a state from someone else, for another platform, reused, expired or made up is refused", async () => {
    const t = newBackend();
    const ada = await createUser(t);
    const mallory = await createUser(t);
    const finish = (who: Id<"users">, platform: "YouTube" | "TikTok", state: string) =>
      as(t, who)
        .action(api.platforms.finishConnection, { platform, code: "code", state })
        .then(
          () => "connected",
          (e: { data?: { message: string } }) => e.data?.message,
        );
    const refused = "This authorization request is invalid or has expired. Please try again.";
    const adas = await start(t, ada, "YouTube");
    fake.grant(adas, { channelId: "UCada" }, "code");
    const stolen = adas.searchParams.get("state")!;
    expect(await finish(mallory, "YouTube", stolen)).toBe(refused);
    expect((await as(t, mallory).query(api.platforms.mine, {}))!.youtube.connected).toBe(false);
    // Someone else's attempt leaves the owner's state usable, once.
    expect(await finish(ada, "YouTube", stolen)).toBe("connected");
    expect(await finish(ada, "YouTube", stolen)).toBe(refused);
    // The owner's own wrong attempts use the state up.
    const wrongPlatform = (await start(t, ada, "YouTube")).searchParams.get("state")!;
    expect(await finish(ada, "TikTok", wrongPlatform)).toBe(refused);
    expect(await finish(ada, "YouTube", wrongPlatform)).toBe(refused);
    const expired = (await start(t, ada, "YouTube")).searchParams.get("state")!;
    await t.run(async (ctx) => {
      const row = await ctx.db
        .query("oauthStates")
        .withIndex("by_state", (q) => q.eq("state", expired))
        .unique();
      await ctx.db.patch("oauthStates", row!._id, { expiresAt: Date.now() - 1 });
    });
    expect(await finish(ada, "YouTube", expired)).toBe(refused);
    expect(await finish(ada, "YouTube", "made-up")).toBe(refused);
    expect((await as(t, mallory).query(api.platforms.mine, {}))!.youtube.connected).toBe(false);
  });

  test("visitors cannot start or finish a connection", async () => {
    const t = newBackend();
    await expect(
      t.action(api.platforms.startConnection, { platform: "YouTube", returnToSettings: false }),
    ).rejects.toThrow("No user session found");
    await expect(
      t.action(api.platforms.finishConnection, { platform: "YouTube", code: "x", state: "y" }),
    ).rejects.toThrow("No user session found");
  });
});

describe("a leaked authorization code (PKCE, RFC 9700)", () => {
  /** Finishes a round trip, answering "connected" or the refusal's message. */
  const finish = (
    t: Backend,
    who: Id<"users">,
    args: { platform: "YouTube" | "TikTok"; code: string; state: string },
  ) =>
    as(t, who)
      .action(api.platforms.finishConnection, args)
      .then(
        () => "connected",
        (e: { data?: { message: string } }) => e.data?.message ?? String(e),
      );

  for (const [platform, account] of [
    ["YouTube", { channelId: "UCvictim" }],
    ["TikTok", { openId: "open-victim", username: "victim" }],
  ] as const) {
    test(`${platform}: replayed with the attacker's own state and verifier, it connects nothing and stays the victim's`, async () => {
      const t = newBackend();
      const victim = await createUser(t);
      const attacker = await createUser(t);
      // The victim starts connecting and approves at the provider; the code leaks on its way
      // back (history, a referrer, a proxy log).
      const victimsRequest = await start(t, victim, platform);
      const leaked = fake.grant(victimsRequest, account);
      // The attacker starts a round trip of their own and finishes it with the stolen code.
      const attackersState = (await start(t, attacker, platform)).searchParams.get("state")!;
      expect(await finish(t, attacker, { platform, code: leaked, state: attackersState })).toBe(
        "Invalid response from server",
      );
      const key = platform === "YouTube" ? "youtube" : "tiktok";
      expect((await as(t, attacker).query(api.platforms.mine, {}))![key].connected).toBe(false);
      expect(await t.run((ctx) => ctx.db.query("platformConnections").take(10))).toEqual([]);
      // With the victim's state as well, the attacker is refused before any exchange.
      const victimsState = victimsRequest.searchParams.get("state")!;
      expect(await finish(t, attacker, { platform, code: leaked, state: victimsState })).toBe(
        "This authorization request is invalid or has expired. Please try again.",
      );
      // Nothing was spent: the victim's own round trip still finishes with that code.
      expect(await finish(t, victim, { platform, code: leaked, state: victimsState })).toBe(
        "connected",
      );
      expect((await as(t, victim).query(api.platforms.mine, {}))![key]).toMatchObject({
        connected: true,
      });
      // What made the code the victim's: their request's S256 challenge.
      expect(victimsRequest.searchParams.get("code_challenge_method")).toBe("S256");
      expect(victimsRequest.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    });
  }

  test("the exchange sends the verifier of the state that asked for the code", async () => {
    const t = newBackend();
    const creator = await createUser(t);
    const url = await start(t, creator, "YouTube");
    await finish(t, creator, {
      platform: "YouTube",
      code: fake.grant(url, { channelId: "UCme" }),
      state: url.searchParams.get("state")!,
    });
    const exchange = fake.requests.find((r) => r.url === ENV.GOOGLE_OAUTH_TOKEN_URL)!;
    const verifier = new URLSearchParams(String(exchange.init!.body)).get("code_verifier")!;
    const digest = new Uint8Array(
      await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)),
    );
    const challenge = btoa(String.fromCharCode(...digest))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(challenge).toBe(url.searchParams.get("code_challenge"));
  });
});

describe("tokens", () => {
  test("are stored sealed, never returned to a client, and refreshed when expired", async () => {
    const t = newBackend();
    const creator = await createUser(t);
    fake.tiktok.push({
      id: "7300000000000000001",
      username: "maker",
      openId: "open-1",
      title: "Hi",
      seconds: 30,
      createTime: 1000,
    });
    const url = await start(t, creator, "TikTok");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    const code = fake.grant(url, { openId: "open-1", username: "maker" });
    await as(t, creator).action(api.platforms.finishConnection, {
      platform: "TikTok",
      code,
      state: url.searchParams.get("state")!,
    });
    // The code exchange sent the PKCE verifier.
    const exchange = fake.requests.find((r) => r.url.endsWith("/v2/oauth/token/"))!;
    expect(
      new URLSearchParams(String(exchange.init!.body)).get("code_verifier")!.length,
    ).toBeGreaterThanOrEqual(43);

    const stored = (await t.query(internal.platforms.connection, {
      userId: creator,
      platform: "TikTok",
    }))!;
    expect(stored.accessToken).toMatch(/^v1\./);
    expect(stored.accessToken).not.toContain("t-token");
    const everythingPublic = JSON.stringify([
      await as(t, creator).query(api.platforms.mine, {}),
      await as(t, creator).query(api.users.current, {}),
      await (await as(t, creator).fetch("/server/api/profile/videos")).json(),
      await (await as(t, creator).fetch("/server/api/check-user")).json(),
    ]);
    expect(everythingPublic).not.toMatch(/t-token|t-refresh|v1\./);

    await t.run((ctx) =>
      ctx.db.patch("platformConnections", stored._id, { expiresAt: Date.now() - 1000 }),
    );
    await as(t, creator).action(api.platforms.sync, { platform: "TikTok" });
    expect(
      fake.requests.some(
        (r) =>
          r.url.endsWith("/v2/oauth/token/") &&
          String(r.init?.body).includes("grant_type=refresh_token"),
      ),
    ).toBe(true);
    const refreshed = (await t.query(internal.platforms.connection, {
      userId: creator,
      platform: "TikTok",
    }))!;
    expect(refreshed.expiresAt).toBeGreaterThan(Date.now());
  });

  test("disconnecting deletes the tokens and the video list", async () => {
    const t = newBackend();
    const creator = await createUser(t);
    fake.youtube.push({
      id: "video000001",
      channelId: "UCme",
      title: "First",
      seconds: 100,
      publishedAt: 1000,
    });
    const url = await start(t, creator, "YouTube");
    const code = fake.grant(url, { channelId: "UCme" });
    await as(t, creator).action(api.platforms.finishConnection, {
      platform: "YouTube",
      code,
      state: url.searchParams.get("state")!,
    });
    await as(t, creator).mutation(api.platforms.disconnect, { platform: "YouTube" });
    expect(
      await t.query(internal.platforms.connection, { userId: creator, platform: "YouTube" }),
    ).toBeNull();
    expect((await as(t, creator).query(api.platforms.mine, {}))!.videos).toEqual([]);
  });
});
