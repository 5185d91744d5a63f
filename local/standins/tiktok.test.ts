// The TikTok stand-in, driven over HTTP as the product will: Login Kit authorization with PKCE,
// the token endpoint, the Display API (user info, video list and query) and oEmbed.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort } from "../runtime/test/harness.js";
import { serveStandIns, Store } from "./framework.js";
import { createStandIns } from "./registry.js";

const env = {
  AUTH_GOOGLE_ID: "bounties-test.apps.googleusercontent.com",
  AUTH_GOOGLE_SECRET: "google-test-secret",
  YOUTUBE_API_KEY: "youtube-test-key",
  TIKTOK_CLIENT_KEY: "bounties-test-tiktok",
  TIKTOK_CLIENT_SECRET: "tiktok-test-secret",
  SITE_URL: "http://localhost:5999",
  CONVEX_SITE_URL: "http://127.0.0.1:5998",
  TIKTOK_REDIRECT_URIS: "http://localhost:5999/tiktok/callback",
};
const REDIRECT_URI = `${env.SITE_URL}/tiktok/callback`;
const ALL_FIELDS =
  "id,title,video_description,duration,cover_image_url,embed_link,create_time,share_url";

// The parts of the API's JSON these tests read.
interface VideoObject {
  id: string;
  create_time: number;
  duration: number;
  title: string;
  cover_image_url: string;
}
interface ApiBody {
  data: {
    videos: VideoObject[];
    cursor: number;
    has_more: boolean;
    user: Record<string, unknown>;
  };
  error: { code: string; message: string; log_id: string };
}
interface Account {
  username: string;
  videoIds: string[];
  videos: { id: string; url: string; shortUrl: string; private: boolean; createTime: number }[];
}

let server: Server;
let base: string;
const dataDir = mkdtempSync(path.join(tmpdir(), "standins-tiktok-"));

async function start(dir: string) {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const standIns = createStandIns({ baseUrl: base, env, log: () => undefined, dataDir: dir });
  server = await serveStandIns(standIns, { port, log: () => undefined });
}
const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));

beforeAll(() => start(dataDir));
afterAll(stop);

function authorizeUrl(scope = "user.info.basic,video.list", challenge?: string) {
  const url = new URL(`${base}/tiktok/www/v2/auth/authorize/`);
  url.search = new URLSearchParams({
    client_key: env.TIKTOK_CLIENT_KEY,
    scope,
    response_type: "code",
    redirect_uri: REDIRECT_URI,
    state: "state-7",
    ...(challenge ? { code_challenge: challenge, code_challenge_method: "S256" } : {}),
  }).toString();
  return url;
}

/** Submits the authorize page's form; returns where TikTok sends the browser back. */
async function decide(url: URL, fields: Record<string, string>) {
  const response = await fetch(`${base}/tiktok/www/v2/auth/authorize/`, {
    method: "POST",
    body: new URLSearchParams({ query: url.search, ...fields }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!);
}

const tokenRequest = (fields: Record<string, string>) =>
  fetch(`${base}/tiktok/open/v2/oauth/token/`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_key: env.TIKTOK_CLIENT_KEY,
      client_secret: env.TIKTOK_CLIENT_SECRET,
      ...fields,
    }),
  });

/** Connects a TikTok account the way the product does: authorize with PKCE, exchange the code. */
async function connect(username: string, scope?: string, extra: Record<string, string> = {}) {
  const verifier = randomBytes(40).toString("base64url");
  const url = authorizeUrl(scope, createHash("sha256").update(verifier).digest("base64url"));
  const back = await decide(url, { username, action: "allow", ...extra });
  const response = await tokenRequest({
    code: back.searchParams.get("code")!,
    grant_type: "authorization_code",
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    access_token: string;
    refresh_token: string;
    open_id: string;
    scope: string;
  };
}

async function call(method: "GET" | "POST", pathAndQuery: string, token: string, body?: object) {
  const response = await fetch(`${base}/tiktok/open${pathAndQuery}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as ApiBody };
}

async function listAll(token: string, maxCount = 2) {
  const videos: VideoObject[] = [];
  let cursor: number | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const { status, body } = await call("POST", `/v2/video/list/?fields=${ALL_FIELDS}`, token, {
      max_count: maxCount,
      ...(cursor ? { cursor } : {}),
    });
    expect(status).toBe(200);
    expect(body.error).toMatchObject({ code: "ok", message: "", log_id: expect.any(String) });
    expect(body.data.videos.length).toBeLessThanOrEqual(maxCount);
    videos.push(...body.data.videos);
    if (!body.data.has_more) return videos;
    cursor = body.data.cursor;
  }
  throw new Error("paging never ended");
}

const oembed = async (link: string) => {
  const response = await fetch(`${base}/tiktok/www/oembed?url=${encodeURIComponent(link)}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const accounts = async () =>
  ((await (await fetch(`${base}/__control/tiktok/accounts`)).json()) as { accounts: Account[] })
    .accounts;

describe("TikTok stand-in", () => {
  let priya: Awaited<ReturnType<typeof connect>>;

  test("the authorize page offers sample people, and refuses unknown apps and redirects", async () => {
    const page = await fetch(authorizeUrl());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Continue as Priya Raman (@priya.makes)");
    expect(html).toContain("Read your public videos on TikTok");

    const badClient = new URL(authorizeUrl());
    badClient.searchParams.set("client_key", "someone-else");
    expect((await fetch(badClient)).status).toBe(400);
    const badRedirect = new URL(authorizeUrl());
    badRedirect.searchParams.set("redirect_uri", "https://evil.example/callback");
    expect((await fetch(badRedirect)).status).toBe(400);
  });

  test("the redirect_uri must be a registered one exactly: look-alikes get a clear 400, never a redirect", async () => {
    for (const lookalike of [
      "http://localhost:5999@evil.example/tiktok/callback",
      "http://localhost:5999.evil.example/tiktok/callback",
      `${REDIRECT_URI}/../../evil`,
      `${REDIRECT_URI}?next=https://evil.example/`,
      `${REDIRECT_URI}x`,
      "not a url",
      "",
    ]) {
      const url = new URL(authorizeUrl());
      url.searchParams.set("redirect_uri", lookalike);
      const shown = await fetch(url, { redirect: "manual" });
      expect(shown.status, lookalike).toBe(400);
      expect(await shown.text()).toContain("redirect_uri");
      // Submitting the form with the look-alike gets no code back anywhere either.
      const submitted = await fetch(`${base}/tiktok/www/v2/auth/authorize/`, {
        method: "POST",
        body: new URLSearchParams({ query: url.search, username: "priya.makes", action: "allow" }),
        redirect: "manual",
      });
      expect(submitted.status, lookalike).toBe(400);
      expect(submitted.headers.get("location")).toBeNull();
    }
  });

  test("cancelling sends the browser back with access_denied and the state", async () => {
    const back = await decide(authorizeUrl(), { action: "deny" });
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("error_description")).toBeTruthy();
    expect(back.searchParams.get("state")).toBe("state-7");
    expect(back.searchParams.get("code")).toBeNull();
  });

  test("authorize, then exchange the code with PKCE for tokens", async () => {
    const verifier = randomBytes(40).toString("base64url");
    const url = authorizeUrl(
      "user.info.basic,video.list",
      createHash("sha256").update(verifier).digest("base64url"),
    );
    const back = await decide(url, { username: "priya.makes", action: "allow" });
    expect(back.searchParams.get("state")).toBe("state-7");
    expect(back.searchParams.get("scopes")).toBe("user.info.basic,video.list");
    const code = back.searchParams.get("code")!;
    const exchange = { code, grant_type: "authorization_code", redirect_uri: REDIRECT_URI };

    const wrongSecret = await tokenRequest({ ...exchange, client_secret: "nope" });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.headers.get("cache-control")).toBe("no-store");
    expect(await wrongSecret.json()).toMatchObject({ error: "invalid_client" });

    const response = await tokenRequest({ ...exchange, code_verifier: verifier });
    expect(response.status).toBe(200);
    // Tokens are never cached (RFC 6749 §5.1).
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("pragma")).toBe("no-cache");
    priya = (await response.json()) as typeof priya;
    expect(priya).toEqual({
      access_token: expect.stringMatching(/^act\./),
      expires_in: 86400,
      open_id: expect.any(String),
      refresh_expires_in: 31536000,
      refresh_token: expect.stringMatching(/^rft\./),
      scope: "user.info.basic,video.list",
      token_type: "Bearer",
    });

    const reused = await tokenRequest({ ...exchange, code_verifier: verifier });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      error: "invalid_grant",
      error_description: expect.any(String),
      log_id: expect.any(String),
    });

    const other = await decide(url, { username: "priya.makes", action: "allow" });
    const badVerifier = await tokenRequest({
      ...exchange,
      code: other.searchParams.get("code")!,
      code_verifier: "not-the-verifier",
    });
    expect(badVerifier.status).toBe(400);
    expect(await badVerifier.json()).toMatchObject({ error: "invalid_request" });
    // A refused exchange spends nothing: the code's own flow still redeems it, once.
    const otherCode = { ...exchange, code: other.searchParams.get("code")! };
    expect((await tokenRequest(otherCode)).status).toBe(400);
    expect((await tokenRequest({ ...otherCode, code_verifier: verifier })).status).toBe(200);
    expect((await tokenRequest({ ...otherCode, code_verifier: verifier })).status).toBe(400);
    // A code issued without a challenge takes no verifier (no PKCE downgrade, RFC 9700).
    const plain = await decide(authorizeUrl(), { username: "priya.makes", action: "allow" });
    const plainCode = { ...exchange, code: plain.searchParams.get("code")! };
    expect((await tokenRequest({ ...plainCode, code_verifier: verifier })).status).toBe(400);
    expect((await tokenRequest(plainCode)).status).toBe(200);

    const refreshed = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: priya.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const renewed = (await refreshed.json()) as typeof priya;
    expect(renewed.access_token).not.toBe(priya.access_token);
    expect(renewed.open_id).toBe(priya.open_id);
    expect((await call("GET", "/v2/user/info/?fields=open_id", renewed.access_token)).status).toBe(
      200,
    );
  });

  test("user info answers the requested fields; username needs user.info.profile", async () => {
    const { status, body } = await call(
      "GET",
      "/v2/user/info/?fields=open_id,union_id,avatar_url,display_name",
      priya.access_token,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        user: {
          open_id: priya.open_id,
          union_id: expect.any(String),
          avatar_url: `${base}/tiktok/avatars/priya.makes.svg`,
          display_name: "Priya Raman",
        },
      },
      error: { code: "ok", message: "", log_id: expect.any(String) },
    });

    const withUsername = "/v2/user/info/?fields=open_id,display_name,username";
    const refused = await call("GET", withUsername, priya.access_token);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ code: "scope_not_authorized" });
    const profile = await connect("priya.makes", "user.info.basic,user.info.profile,video.list");
    const allowed = await call("GET", withUsername, profile.access_token);
    expect(allowed.body.data.user).toEqual({
      open_id: priya.open_id,
      display_name: "Priya Raman",
      username: "priya.makes",
    });

    const badToken = await call("GET", "/v2/user/info/?fields=open_id", "act.nothing");
    expect(badToken.status).toBe(401);
    expect(badToken.body).toEqual({
      error: {
        code: "access_token_invalid",
        message: expect.any(String),
        log_id: expect.any(String),
      },
    });
  });

  test("the video list pages through public videos, newest first", async () => {
    const videos = await listAll(priya.access_token);
    expect(videos.length).toBeGreaterThanOrEqual(4);
    expect(videos.length).toBeLessThanOrEqual(6);
    const times = videos.map((v) => v.create_time as number);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(videos.map((v) => v.id)).size).toBe(videos.length);
    const first = videos[0]!;
    expect(first).toEqual({
      id: expect.stringMatching(/^\d{19}$/),
      title: expect.any(String),
      video_description: expect.any(String),
      duration: expect.any(Number),
      cover_image_url: `${base}/tiktok/covers/${first.id}.svg`,
      embed_link: `https://www.tiktok.com/player/v1/${first.id}`,
      create_time: expect.any(Number),
      share_url: `https://www.tiktok.com/@priya.makes/video/${first.id}`,
    });
    expect(videos.filter((v) => v.duration <= 180).length).toBeGreaterThanOrEqual(3);
    expect(videos.some((v) => v.duration > 180)).toBe(true);
    // The same list in one page.
    expect((await listAll(priya.access_token, 20)).map((v) => v.id)).toEqual(
      videos.map((v) => v.id),
    );
    // Private videos are not listed.
    const own = (await accounts()).find((a) => a.username === "priya.makes")!;
    const privateIds = own.videos.filter((v) => v.private).map((v) => v.id);
    expect(privateIds.length).toBeGreaterThan(0);
    expect(videos.map((v) => v.id)).not.toContain(privateIds[0]);

    const cover = await fetch(first.cover_image_url);
    expect(cover.headers.get("content-type")).toBe("image/svg+xml");

    const tooMany = await call("POST", "/v2/video/list/?fields=id", priya.access_token, {
      max_count: 21,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe("invalid_params");
  });

  test("video query returns only the caller's own public videos among the ids", async () => {
    const all = await accounts();
    const own = all.find((a) => a.username === "priya.makes")!;
    const someoneElse = all.find((a) => a.username === "amara.okafor")!;
    const ownPublic = own.videos.filter((v) => !v.private).map((v) => v.id);
    const ownPrivate = own.videos.find((v) => v.private)!.id;
    const { status, body } = await call(
      "POST",
      "/v2/video/query/?fields=id,title",
      priya.access_token,
      {
        filters: {
          video_ids: [
            ownPublic[0],
            ownPublic[1],
            someoneElse.videoIds[0],
            ownPrivate,
            "7000000000000000000",
          ],
        },
      },
    );
    expect(status).toBe(200);
    expect(body.error.code).toBe("ok");
    expect(body.data.videos.map((v) => v.id).sort()).toEqual([ownPublic[0], ownPublic[1]].sort());
    expect(Object.keys(body.data.videos[0]!).sort()).toEqual(["id", "title"]);

    const empty = await call("POST", "/v2/video/query/?fields=id", priya.access_token, {
      filters: { video_ids: [] },
    });
    expect(empty.status).toBe(400);
  });

  test("oEmbed describes public videos by canonical or short link, and refuses the rest", async () => {
    const own = (await accounts()).find((a) => a.username === "priya.makes")!;
    const video = own.videos.find((v) => !v.private)!;
    const canonical = await oembed(video.url);
    expect(canonical.status).toBe(200);
    expect(canonical.body).toEqual({
      version: "1.0",
      type: "video",
      title: expect.any(String),
      author_url: "https://www.tiktok.com/@priya.makes",
      author_name: "Priya Raman",
      author_unique_id: "priya.makes",
      width: "100%",
      height: "100%",
      html: expect.stringContaining(`data-video-id="${video.id}"`),
      thumbnail_url: `${base}/tiktok/covers/${video.id}.svg`,
      thumbnail_width: 720,
      thumbnail_height: 1280,
      provider_url: "https://www.tiktok.com",
      provider_name: "TikTok",
      embed_product_id: video.id,
      embed_type: "video",
    });
    expect(video.shortUrl).toMatch(/^https:\/\/vm\.tiktok\.com\/ZM[A-Za-z0-9]{7}\/$/);
    expect((await oembed(video.shortUrl)).body.embed_product_id).toBe(video.id);
    const code = /\/(ZM\w+)\/$/.exec(video.shortUrl)![1];
    expect((await oembed(`https://www.tiktok.com/t/${code}/`)).body.embed_product_id).toBe(
      video.id,
    );
    // As on TikTok, the @name in a link does not have to be right: the answer names the author.
    const misnamed = await oembed(`https://www.tiktok.com/@someone.else/video/${video.id}?lang=en`);
    expect(misnamed.body.author_unique_id).toBe("priya.makes");

    const unknown = await oembed("https://www.tiktok.com/@priya.makes/video/7000000000000000001");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 400, message: "Something went wrong" });
    const privateVideo = own.videos.find((v) => v.private)!;
    expect((await oembed(privateVideo.url)).status).toBe(400);
    expect((await oembed(privateVideo.shortUrl)).status).toBe(400);
    expect((await oembed("https://example.com/video/1")).status).toBe(400);
  });

  test("the control API posts videos that then appear everywhere", async () => {
    const post = (body: object) =>
      fetch(`${base}/__control/tiktok/videos`, { method: "POST", body: JSON.stringify(body) });
    const response = await post({
      username: "priya.makes",
      title: "Osaka street signs, part 2",
      description: "Two more phrases #japanese",
      durationSeconds: 47,
    });
    expect(response.status).toBe(200);
    const created = (await response.json()) as { id: string; url: string; shortUrl: string };
    expect(created.id).toMatch(/^\d{19}$/);
    expect(created.url).toBe(`https://www.tiktok.com/@priya.makes/video/${created.id}`);

    const [newest] = await listAll(priya.access_token, 1).then((v) => v.slice(0, 1));
    expect(newest).toMatchObject({
      id: created.id,
      title: "Osaka street signs, part 2",
      video_description: "Two more phrases #japanese",
      duration: 47,
    });
    const queried = await call("POST", "/v2/video/query/?fields=id", priya.access_token, {
      filters: { video_ids: [created.id] },
    });
    expect(queried.body.data.videos).toEqual([{ id: created.id }]);
    expect((await oembed(created.shortUrl)).body.title).toBe("Two more phrases #japanese");

    const hidden = (await (
      await post({
        username: "priya.makes",
        title: "Draft",
        durationSeconds: 20,
        private: true,
        createTime: 1_700_000_000,
      })
    ).json()) as { id: string; url: string };
    expect((await oembed(hidden.url)).status).toBe(400);
    expect((await listAll(priya.access_token, 20)).map((v) => v.id)).not.toContain(hidden.id);
    const own = (await accounts()).find((a) => a.username === "priya.makes")!;
    expect(own.videoIds).toContain(hidden.id);
    expect(own.videos.find((v) => v.id === hidden.id)).toMatchObject({
      private: true,
      createTime: 1_700_000_000,
    });

    expect(
      (await post({ username: "priya.makes", title: "x", durationSeconds: "long" })).status,
    ).toBe(400);
  });

  test("a typed-in person gets sample videos; refused scopes are not granted", async () => {
    const nova = await connect("nova.films", undefined, {
      display_name: "Nova Films",
      email: "nova@example.com",
    });
    const info = await call("GET", "/v2/user/info/?fields=display_name", nova.access_token);
    expect(info.body.data.user.display_name).toBe("Nova Films");
    expect((await listAll(nova.access_token)).length).toBeGreaterThanOrEqual(4);

    // The page's form marks that scopes were chosen; an unticked video.list is not granted.
    const back = await decide(authorizeUrl(), {
      username: "nova.films",
      choose_scopes: "1",
      action: "allow",
    });
    expect(back.searchParams.get("scopes")).toBe("user.info.basic");
    const tokens = (await (
      await tokenRequest({
        code: back.searchParams.get("code")!,
        grant_type: "authorization_code",
        redirect_uri: REDIRECT_URI,
      })
    ).json()) as { access_token: string; scope: string };
    expect(tokens.scope).toBe("user.info.basic");
    const list = await call("POST", "/v2/video/list/?fields=id", tokens.access_token, {});
    expect(list.status).toBe(401);
    expect(list.body.error.code).toBe("scope_not_authorized");
  });

  test("the studio page lists people and posts through its form", async () => {
    expect(await (await fetch(`${base}/tiktok/studio`)).text()).toContain("@kenji_walks");
    const posted = await fetch(`${base}/tiktok/studio`, {
      method: "POST",
      body: new URLSearchParams({
        username: "@kenji_walks",
        title: "Night walk through Dotonbori",
        description: "",
        durationSeconds: "58",
        createTime: "2025-03-01T21:15",
      }),
    });
    expect(posted.status).toBe(200);
    const id = /video\/(\d{19})/.exec(await posted.text())![1];
    const kenji = (await accounts()).find((a) => a.username === "kenji_walks")!;
    expect(kenji.videoIds).toContain(id);
  });

  test("the studio's Posted time defaults to the moment of posting and may have seconds", async () => {
    const studio = await (await fetch(`${base}/tiktok/studio`)).text();
    const field = /<input id="createTime"[^>]*>/.exec(studio)![0];
    expect(field).not.toContain("value=");
    expect(field).toContain('step="1"');
    const postAt = async (createTime: string) => {
      const html = await (
        await fetch(`${base}/tiktok/studio`, {
          method: "POST",
          body: new URLSearchParams({
            username: "kenji_walks",
            title: "Posted right after the idea",
            durationSeconds: "30",
            createTime,
          }),
        })
      ).text();
      const id = /video\/(\d{19})/.exec(html)![1];
      const kenji = (await accounts()).find((a) => a.username === "kenji_walks")!;
      return kenji.videos.find((v) => v.id === id)!.createTime;
    };
    const before = Math.floor(Date.now() / 1000);
    const now = await postAt("");
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now() / 1000);
    expect(await postAt("2025-03-01T21:15:45")).toBe(
      new Date(2025, 2, 1, 21, 15, 45).getTime() / 1000,
    );
  });

  test("state survives a restart", async () => {
    const before = await accounts();
    await stop();
    for (const store of Store.all) store.flush();
    Store.all.clear();
    await start(dataDir);
    expect(await accounts()).toEqual(before);
    const info = await call("GET", "/v2/user/info/?fields=open_id", priya.access_token);
    expect(info.body.data.user.open_id).toBe(priya.open_id);
  });
});
