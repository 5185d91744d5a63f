// The platform OAuth routes of spec §7 on the running stack: starting a YouTube or TikTok
// authorization, and exchanging the code the provider sends back for the account's videos. The
// provider's consent page is the stand-in's, answered as a creator would answer it.
import { beforeAll, describe, expect, test } from "vitest";
import { call, expectError, expectOk, type Answer } from "./support/http.js";
import { signIn, type Person } from "./support/people.js";
import * as shape from "./support/shapes.js";
import { newIdea, newTikTokVideo, newYouTubeVideo, observe, uniqueWord } from "./support/world.js";

const PLATFORMS = [
  {
    name: "YouTube",
    start: "/server/youtube/oauth",
    exchange: "/server/youtubeaccesstoken",
    video: shape.youTubeVideo,
    callback: "/auth/callback/youtube/",
  },
  {
    name: "TikTok",
    start: "/server/oauth",
    exchange: "/server/tiktokaccesstoken",
    video: shape.tikTokVideo,
    callback: "/auth/callback/",
  },
] as const;

type Platform = (typeof PLATFORMS)[number];

/** Any idea, for `observe` (which reads one idea besides the person's own data). */
let someIdea: string;
beforeAll(async () => {
  someIdea = await newIdea(await signIn("Owner Oauth"));
});

/** Starts an authorization as the person; returns the provider's URL. */
async function start(platform: Platform, person: Person): Promise<URL> {
  const { url } = expectOk(
    await call("GET", `${platform.start}?returnToSettings=true`, { token: person.token }),
    200,
    shape.authorizationUrl,
  );
  return new URL(url);
}

/** Allows access on the stand-in's consent page; returns the code and state sent back. */
async function consent(platform: Platform, authorize: URL, person: Person, tiktokName: string) {
  const form: Record<string, string> =
    platform.name === "YouTube"
      ? { name: person.name, email: person.email }
      : { username: tiktokName, display_name: person.name };
  const decided = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: "POST",
    body: new URLSearchParams({ query: authorize.search, action: "allow", ...form }),
    redirect: "manual",
  });
  const back = new URL(decided.headers.get("location") ?? "");
  return {
    back,
    code: back.searchParams.get("code") ?? "",
    state: back.searchParams.get("state") ?? "",
  };
}

describe.each(PLATFORMS)("$name", (platform) => {
  let creator: Person;
  let tiktokName: string;
  beforeAll(async () => {
    creator = await signIn(`${platform.name} Creator`);
    tiktokName = `owls_${uniqueWord().slice(0, 12)}`;
  });

  test(`GET ${platform.start} gives the provider's authorization URL`, async () => {
    const authorize = await start(platform, creator);
    expect(authorize.searchParams.get("state")).toMatch(/.{16,}/);
    expect(authorize.searchParams.get("redirect_uri")).toMatch(new RegExp(`${platform.callback}$`));
  });

  test(`POST ${platform.exchange} connects the account and lists its videos`, async () => {
    // The account has a video before it is connected (a TikTok account is made on consent).
    if (platform.name === "YouTube") await newYouTubeVideo(creator, "Owls on the roof");
    const { code, state, back } = await consent(
      platform,
      await start(platform, creator),
      creator,
      tiktokName,
    );
    expect(back.pathname).toBe(platform.callback);
    if (platform.name === "TikTok") await newTikTokVideo(tiktokName, "Owls on the roof");
    const videos = expectOk(
      await call("POST", platform.exchange, { token: creator.token, body: { code, state } }),
      200,
      platform.video.array(),
    );
    if (platform.name === "YouTube")
      expect(videos.map((video) => video.title)).toContain("Owls on the roof");
    const profile = expectOk(
      await call("GET", "/server/api/profile/user", { token: creator.token }),
      200,
      shape.profileUser,
    );
    const key = platform.name === "YouTube" ? "youtube" : "tiktok";
    expect(profile.platforms[key].connected).toBe(true);
    expect(profile.platforms[key].last_sync).not.toBeNull();
    // The platform's tokens stay on the server (product rules, Accounts).
    for (const path of [
      "/server/api/check-user",
      "/server/api/profile/user",
      "/server/api/profile/videos",
    ])
      expect((await call("GET", path, { token: creator.token })).text).not.toMatch(/token/i);
  });

  test("a channel connected to one account is refused to another, with a clear message", async () => {
    const first = await signIn(`${platform.name} First Holder`);
    const second = await signIn(`${platform.name} Second Holder`);
    const account = `${tiktokName}_one`;
    const mine = await consent(platform, await start(platform, first), first, account);
    expectOk(
      await call("POST", platform.exchange, {
        token: first.token,
        body: { code: mine.code, state: mine.state },
      }),
      200,
      platform.video.array(),
    );
    // The second person answers the provider as the same Google identity / TikTok account.
    const again = await consent(platform, await start(platform, second), first, account);
    const before = await observe({ owner: second, ideaId: someIdea });
    expectError(
      await call("POST", platform.exchange, {
        token: second.token,
        body: { code: again.code, state: again.state },
      }),
      400,
      platform.name === "YouTube"
        ? "This YouTube channel is already connected to another Bounties account. Disconnect it there first, or connect a different channel."
        : "This TikTok account is already connected to another Bounties account. Disconnect it there first, or connect a different TikTok account.",
    );
    expect(await observe({ owner: second, ideaId: someIdea })).toEqual(before);
    const key = platform.name === "YouTube" ? "youtube" : "tiktok";
    const profile = (who: Person) =>
      call("GET", "/server/api/profile/user", { token: who.token }).then(
        (answer) => expectOk(answer, 200, shape.profileUser).platforms[key].connected,
      );
    expect(await profile(second)).toBe(false);
    expect(await profile(first)).toBe(true);
    // The holder connecting their own channel again is fine.
    const renewed = await consent(platform, await start(platform, first), first, account);
    expectOk(
      await call("POST", platform.exchange, {
        token: first.token,
        body: { code: renewed.code, state: renewed.state },
      }),
      200,
      platform.video.array(),
    );
  });

  test("another person's state is refused and stays usable by its owner", async () => {
    const thief = await signIn("Thief Theo");
    const owner = await signIn(`${platform.name} Owner`);
    const { code, state } = await consent(
      platform,
      await start(platform, owner),
      owner,
      `${tiktokName}_b`,
    );
    const before = await observe({ owner: thief, ideaId: someIdea });
    expectError(
      await call("POST", platform.exchange, { token: thief.token, body: { code, state } }),
      400,
    );
    expect(await observe({ owner: thief, ideaId: someIdea })).toEqual(before);
    expectOk(
      await call("POST", platform.exchange, { token: owner.token, body: { code, state } }),
      200,
      platform.video.array(),
    );
  });

  const refusals: { name: string; body: (state: string) => unknown; message?: string }[] = [
    { name: "a body that is not JSON", body: () => "code=x&state=y" },
    { name: "no state", body: () => ({ code: "x" }) },
    { name: "a numeric code", body: (state) => ({ code: 5, state }) },
    {
      name: "an empty code",
      body: (state) => ({ code: "", state }),
      message: "No authorization code received",
    },
    { name: "an unknown state", body: () => ({ code: "x", state: "not-a-state" }) },
  ];
  test.each(refusals)(
    "an exchange with $name is a 400 and connects nothing",
    async ({ body, message }) => {
      const person = await signIn("Exchange Eve");
      const authorize = await start(platform, person);
      const state = authorize.searchParams.get("state")!;
      const before = await observe({ owner: person, ideaId: someIdea });
      expectError(
        await call("POST", platform.exchange, { token: person.token, body: body(state) }),
        400,
        message,
      );
      expect(await observe({ owner: person, ideaId: someIdea })).toEqual(before);
    },
  );

  test("a state started for the other platform is refused", async () => {
    const other = PLATFORMS.find((p) => p !== platform)!;
    const authorize = await start(other, creator);
    expectError(
      await call("POST", platform.exchange, {
        token: creator.token,
        body: { code: "x", state: authorize.searchParams.get("state") },
      }),
      400,
    );
  });

  test("starting authorizations over and over is a 429 with Retry-After", async () => {
    const person = await signIn("Restless Rae");
    let answer: Answer | undefined;
    for (let i = 0; i < 15 && answer?.status !== 429; i++)
      answer = await call("GET", platform.start, { token: person.token });
    expectError(answer!, 429);
    expect(Number(answer!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
