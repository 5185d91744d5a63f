// The YouTube stand-in, driven over HTTP as the product will: Google OAuth (code + PKCE,
// offline access) through the sign-in stand-in, then the Data API with the token or an API key.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { decode } from "jpeg-js";
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
  GOOGLE_REDIRECT_URIS: "http://127.0.0.1:5998/youtube/callback",
  TIKTOK_REDIRECT_URIS: "http://localhost:5999/tiktok/callback",
};
const YOUTUBE_READONLY = "https://www.googleapis.com/auth/youtube.readonly";
const ada = { name: "Ada Lovelace", email: "ada@example.com" };
const grace = { name: "Grace Hopper", email: "grace@example.com" };

// The parts of the API's JSON these tests read (each resource holds only the requested parts).
interface Thumbnail {
  url: string;
  width: number;
  height: number;
}
interface Resource {
  kind: string;
  id: string;
  snippet: {
    title: string;
    publishedAt: string;
    position: number;
    resourceId: { videoId: string };
    thumbnails: Record<string, Thumbnail>;
  };
  contentDetails: {
    duration: string;
    videoId: string;
    videoPublishedAt: string;
    relatedPlaylists: { uploads: string; likes: string };
  };
  status: { privacyStatus: string };
  statistics?: unknown;
}
interface ApiBody {
  kind: string;
  items: Resource[];
  nextPageToken?: string;
  prevPageToken?: string;
  pageInfo: { totalResults: number; resultsPerPage: number };
  error: {
    code: number;
    status: string;
    message: string;
    errors: { reason: string; domain: string; message: string }[];
  };
}
interface ControlChannel {
  channelId: string;
  uploadsPlaylistId: string;
  title: string;
  connected: boolean;
  videoIds: string[];
  videos: { id: string; title: string; privacyStatus: string; url: string }[];
}
interface Created {
  id: string;
  url: string;
  channelId: string;
}
const controlChannel = async (email: string) =>
  (await (
    await fetch(`${base}/__control/youtube/channels?email=${email}`)
  ).json()) as ControlChannel;

let server: Server;
let base: string;
const dataDir = mkdtempSync(path.join(tmpdir(), "standins-youtube-"));

async function start(dir: string) {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const standIns = createStandIns({ baseUrl: base, env, log: () => undefined, dataDir: dir });
  server = await serveStandIns(standIns, { port, log: () => undefined });
}
const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));

beforeAll(() => start(dataDir));
afterAll(stop);

/** Connects a YouTube channel the way the product does: Google OAuth code flow with PKCE. */
async function connect(person: { name: string; email: string }, scope = YOUTUBE_READONLY) {
  const verifier = randomBytes(32).toString("base64url");
  const redirectUri = `${env.CONVEX_SITE_URL}/youtube/callback`;
  const authorize = new URL(`${base}/google/o/oauth2/v2/auth`);
  authorize.search = new URLSearchParams({
    client_id: env.AUTH_GOOGLE_ID,
    redirect_uri: redirectUri,
    response_type: "code",
    scope,
    access_type: "offline",
    prompt: "consent",
    state: "state-1",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  const signInPage = await fetch(authorize);
  expect(signInPage.status).toBe(200);
  const decided = await fetch(`${base}/google/o/oauth2/v2/auth`, {
    method: "POST",
    body: new URLSearchParams({ query: authorize.search, ...person, action: "allow" }),
    redirect: "manual",
  });
  expect(decided.status).toBe(302);
  const back = new URL(decided.headers.get("location")!);
  expect(back.searchParams.get("state")).toBe("state-1");
  const token = await fetch(`${base}/google/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: back.searchParams.get("code")!,
      redirect_uri: redirectUri,
      client_id: env.AUTH_GOOGLE_ID,
      client_secret: env.AUTH_GOOGLE_SECRET,
      code_verifier: verifier,
    }),
  });
  expect(token.status).toBe(200);
  // Tokens are never cached (RFC 6749 §5.1).
  expect(token.headers.get("cache-control")).toBe("no-store");
  expect(token.headers.get("pragma")).toBe("no-cache");
  return (await token.json()) as { access_token: string; refresh_token: string; scope: string };
}

async function api(pathAndQuery: string, auth: { token?: string; key?: string } = {}) {
  const url = new URL(`${base}/youtube/v3/${pathAndQuery}`);
  if (auth.key) url.searchParams.set("key", auth.key);
  const response = await fetch(url, {
    headers: auth.token ? { Authorization: `Bearer ${auth.token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as ApiBody };
}
const key = { key: env.YOUTUBE_API_KEY };

const seconds = (iso: string) => {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(iso)!;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
};

async function uploadsOf(playlistId: string, auth: { token?: string; key?: string }) {
  const items: Resource[] = [];
  let pageToken = "";
  for (let pages = 0; pages < 10; pages++) {
    const { status, body } = await api(
      `playlistItems?part=snippet,contentDetails&playlistId=${playlistId}&maxResults=2${pageToken ? `&pageToken=${pageToken}` : ""}`,
      auth,
    );
    expect(status).toBe(200);
    expect(body.kind).toBe("youtube#playlistItemListResponse");
    items.push(...body.items);
    if (!body.nextPageToken) return items;
    pageToken = body.nextPageToken;
  }
  throw new Error("paging never ended");
}

test("Google's authorize page takes only a registered redirect_uri, exactly: look-alikes get a clear 400", async () => {
  const registered = `${env.CONVEX_SITE_URL}/youtube/callback`;
  for (const lookalike of [
    "http://127.0.0.1:5998@evil.example/youtube/callback",
    "http://127.0.0.1:5998.evil.example/youtube/callback",
    `${registered}/`,
    `${registered}?then=https://evil.example/`,
    "http://127.0.0.1:5998/",
    "not a url",
  ]) {
    const authorize = new URL(`${base}/google/o/oauth2/v2/auth`);
    authorize.search = new URLSearchParams({
      client_id: env.AUTH_GOOGLE_ID,
      redirect_uri: lookalike,
      response_type: "code",
      scope: YOUTUBE_READONLY,
      state: "s",
    }).toString();
    const shown = await fetch(authorize, { redirect: "manual" });
    expect(shown.status, lookalike).toBe(400);
    expect(await shown.text()).toContain("redirect_uri_mismatch");
    const decided = await fetch(`${base}/google/o/oauth2/v2/auth`, {
      method: "POST",
      body: new URLSearchParams({ query: authorize.search, ...ada, action: "allow" }),
      redirect: "manual",
    });
    expect(decided.status, lookalike).toBe(400);
    expect(decided.headers.get("location")).toBeNull();
  }
  // A failed exchange is not cached either.
  const refused = await fetch(`${base}/google/token`, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: "no-such-code",
      redirect_uri: registered,
      client_id: env.AUTH_GOOGLE_ID,
      client_secret: env.AUTH_GOOGLE_SECRET,
    }),
  });
  expect(refused.status).toBe(400);
  expect(refused.headers.get("cache-control")).toBe("no-store");
});

describe("YouTube stand-in", () => {
  let adaToken: string;
  let channelId: string;
  let uploads: string;

  test("a creator connects with Google OAuth and lists their own channel (mine=true)", async () => {
    const tokens = await connect(ada);
    expect(tokens.refresh_token).toBeTruthy();
    adaToken = tokens.access_token;
    const { status, body } = await api("channels?part=snippet,contentDetails&mine=true", {
      token: adaToken,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      kind: "youtube#channelListResponse",
      etag: expect.any(String),
      pageInfo: { totalResults: 1 },
    });
    const channel = body.items[0]!;
    expect(channel).toMatchObject({
      kind: "youtube#channel",
      id: expect.stringMatching(/^UC[\w-]{22}$/),
      snippet: {
        title: "Ada Lovelace's channel",
        customUrl: expect.stringMatching(/^@/),
        publishedAt: expect.any(String),
        thumbnails: { default: { url: expect.stringContaining(base), width: 88, height: 88 } },
        localized: { title: "Ada Lovelace's channel" },
      },
    });
    expect(channel.statistics).toBeUndefined(); // only the requested parts
    channelId = channel.id;
    uploads = channel.contentDetails.relatedPlaylists.uploads;
    expect(uploads).toBe(`UU${channelId.slice(2)}`);
    expect(channel.contentDetails.relatedPlaylists.likes).toBe("");

    // Ids derive from the account: connecting again gives the same channel.
    const again = await api("channels?part=id&mine=true", {
      token: (await connect(ada)).access_token,
    });
    expect(again.body.items[0]!.id).toBe(channelId);
    const control = await controlChannel(ada.email);
    expect(control).toMatchObject({ channelId, uploadsPlaylistId: uploads, connected: true });
  });

  test("a Google code is spent only by the verifier of the request it was issued to", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const redirectUri = `${env.CONVEX_SITE_URL}/youtube/callback`;
    const authorize = new URLSearchParams({
      client_id: env.AUTH_GOOGLE_ID,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: YOUTUBE_READONLY,
      state: "state-2",
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
    });
    const decided = await fetch(`${base}/google/o/oauth2/v2/auth`, {
      method: "POST",
      body: new URLSearchParams({
        query: `?${authorize}`,
        name: "Vic Tim",
        email: "vic@example.com",
        action: "allow",
      }),
      redirect: "manual",
    });
    const code = new URL(decided.headers.get("location")!).searchParams.get("code")!;
    const exchange = (codeVerifier?: string) =>
      fetch(`${base}/google/token`, {
        method: "POST",
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
          client_id: env.AUTH_GOOGLE_ID,
          client_secret: env.AUTH_GOOGLE_SECRET,
          ...(codeVerifier === undefined ? {} : { code_verifier: codeVerifier }),
        }),
      });
    // Someone else's verifier, a decoy, none: refused, and the code is not used up.
    for (const wrong of [randomBytes(32).toString("base64url"), "decoy", undefined]) {
      const refused = await exchange(wrong);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: "invalid_grant" });
    }
    expect((await exchange(verifier)).status).toBe(200);
    expect((await exchange(verifier)).status).toBe(400);
  });

  test("uploads are listed newest first, paginated; private ones only to the owner", async () => {
    const publicItems = await uploadsOf(uploads, key);
    expect(publicItems.length).toBeGreaterThanOrEqual(4);
    expect(publicItems.length).toBeLessThanOrEqual(6);
    expect(publicItems.map((item) => item.snippet.position)).toEqual(publicItems.map((_, i) => i));
    const dates = publicItems.map((item) => item.contentDetails.videoPublishedAt as string);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(publicItems[0]).toMatchObject({
      kind: "youtube#playlistItem",
      snippet: {
        channelId,
        playlistId: uploads,
        channelTitle: "Ada Lovelace's channel",
        resourceId: { kind: "youtube#video", videoId: expect.stringMatching(/^[\w-]{11}$/) },
        videoOwnerChannelId: channelId,
        videoOwnerChannelTitle: "Ada Lovelace's channel",
        thumbnails: { medium: { width: 320, height: 180 } },
      },
      contentDetails: { videoId: publicItems[0]!.snippet.resourceId.videoId },
    });

    const ownItems = await uploadsOf(uploads, { token: adaToken });
    expect(ownItems.length).toBe(publicItems.length + 1);

    const second = await api(
      `playlistItems?part=id&playlistId=${uploads}&maxResults=2&pageToken=${(await api(`playlistItems?part=id&playlistId=${uploads}&maxResults=2`, key)).body.nextPageToken}`,
      key,
    );
    expect(second.body.prevPageToken).toBeTruthy();
    expect(second.body.pageInfo).toEqual({
      totalResults: publicItems.length,
      resultsPerPage: 2,
    });
  });

  test("videos by id: with a key or a token; unknown ids absent; private only to the owner", async () => {
    const control = await controlChannel(ada.email);
    const privateVideo = control.videos.find((v) => v.privacyStatus === "private")!;
    const publicIds = control.videos.filter((v) => v.privacyStatus === "public").map((v) => v.id);
    const ids = [...publicIds, privateVideo.id, "xxxxxxxxxxx"].join(",");
    const parts = "part=snippet,contentDetails,status";

    const byKey = await api(`videos?${parts}&id=${ids}`, key);
    expect(byKey.status).toBe(200);
    expect(byKey.body.kind).toBe("youtube#videoListResponse");
    expect(byKey.body.items.map((v) => v.id)).toEqual(publicIds);
    expect(byKey.body.pageInfo.totalResults).toBe(publicIds.length);
    const video = byKey.body.items[0]!;
    expect(video).toMatchObject({
      kind: "youtube#video",
      snippet: {
        channelId,
        channelTitle: "Ada Lovelace's channel",
        categoryId: expect.any(String),
        liveBroadcastContent: "none",
        thumbnails: {
          high: { url: expect.stringContaining(`/youtube/thumbnails/${video.id}.jpg`) },
        },
      },
      contentDetails: {
        duration: expect.stringMatching(/^PT/),
        dimension: "2d",
        definition: "hd",
        projection: "rectangular",
      },
      status: { uploadStatus: "processed", privacyStatus: "public", embeddable: true },
    });
    // The samples cover the product's duration tiers.
    const lengths = byKey.body.items.map((v) => seconds(v.contentDetails.duration));
    expect(lengths.some((s: number) => s < 180)).toBe(true);
    expect(lengths.some((s: number) => s >= 180 && s < 300)).toBe(true);
    expect(lengths.some((s: number) => s >= 300 && s <= 1500)).toBe(true);
    expect(lengths.some((s: number) => s >= 1800)).toBe(true);

    const byOwner = await api(`videos?${parts}&id=${ids}`, { token: adaToken });
    expect(byOwner.body.items.map((v) => v.id)).toContain(privateVideo.id);
    expect(byOwner.body.items.find((v) => v.id === privateVideo.id)!.status.privacyStatus).toBe(
      "private",
    );
    const byOther = await api(`videos?${parts}&id=${ids}`, {
      token: (await connect(grace)).access_token,
    });
    expect(byOther.body.items.map((v) => v.id)).toEqual(publicIds);

    const thumbnail = await fetch(video.snippet.thumbnails.high!.url);
    expect(thumbnail.headers.get("content-type")).toBe("image/jpeg");
    const jpeg = new Uint8Array(await thumbnail.arrayBuffer());
    expect([...jpeg.slice(0, 2)]).toEqual([0xff, 0xd8]);
    // A 480×270 card with the title drawn in white over its colors (the stand-in draws it
    // itself): light pixels where the title is, none in the band below it.
    const image = decode(jpeg, { useTArray: true });
    expect([image.width, image.height]).toEqual([480, 270]);
    const light = (fromRow: number, toRow: number) => {
      let count = 0;
      for (let y = fromRow; y < toRow; y++)
        for (let x = 0; x < image.width; x++) {
          const i = (y * image.width + x) * 4;
          if (Math.min(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!) > 200) count++;
        }
      return count;
    };
    expect(light(60, 110)).toBeGreaterThan(300);
    expect(light(200, 228)).toBe(0);
    // A cover stored before keeps working, as an SVG.
    const svg = await fetch(video.snippet.thumbnails.high!.url.replace(".jpg", ".svg"));
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
  });

  test("errors come in Google's shape", async () => {
    const errorOf = (body: ApiBody) => ({
      code: body.error.code,
      reason: body.error.errors[0]!.reason,
      status: body.error.status,
    });
    const badKey = await api("videos?part=snippet&id=abc", { key: "wrong" });
    expect(badKey.status).toBe(400);
    expect(errorOf(badKey.body)).toEqual({
      code: 400,
      reason: "keyInvalid",
      status: "INVALID_ARGUMENT",
    });
    expect(badKey.body.error.message).toEqual(expect.any(String));
    expect(badKey.body.error.errors[0]).toMatchObject({
      domain: expect.any(String),
      message: expect.any(String),
    });

    const noCredentials = await api("videos?part=snippet&id=abc");
    expect(noCredentials.status).toBe(403);

    const badToken = await api("channels?part=snippet&mine=true", { token: "not-a-token" });
    expect(badToken.status).toBe(401);
    expect(errorOf(badToken.body)).toMatchObject({ code: 401, reason: "authError" });

    const signInOnly = await connect(ada, "openid email profile");
    const noScope = await api("channels?part=snippet&mine=true", {
      token: signInOnly.access_token,
    });
    expect(noScope.status).toBe(403);
    expect(errorOf(noScope.body)).toMatchObject({ reason: "insufficientPermissions" });

    const mineWithKey = await api("channels?part=snippet&mine=true", key);
    expect(mineWithKey.status).toBe(401);
    expect((await api("videos?id=abc", key)).body.error.errors[0]!.reason).toBe("required");
    expect((await api("videos?part=snippet,bogus&id=abc", key)).body.error.errors[0]!.reason).toBe(
      "unknownPart",
    );
    const missingPlaylist = await api(
      `playlistItems?part=snippet&playlistId=UU${"A".repeat(22)}`,
      key,
    );
    expect(missingPlaylist.status).toBe(404);
    expect(missingPlaylist.body.error.errors[0]!.reason).toBe("playlistNotFound");
  });

  test("an offline (refresh) token keeps working after the access token is replaced", async () => {
    const { refresh_token } = await connect(ada);
    const refreshed = await fetch(`${base}/google/token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token,
        client_id: env.AUTH_GOOGLE_ID,
        client_secret: env.AUTH_GOOGLE_SECRET,
      }),
    });
    const { access_token } = (await refreshed.json()) as { access_token: string };
    const { status, body } = await api("channels?part=id&mine=true", { token: access_token });
    expect(status).toBe(200);
    expect(body.items[0]!.id).toBe(channelId);
  });

  test("the control API adds a video that the API then returns", async () => {
    const add = (body: object) =>
      fetch(`${base}/__control/youtube/videos`, { method: "POST", body: JSON.stringify(body) });
    const created = await add({
      email: ada.email,
      title: "Sourdough at 3,000 meters",
      description: "For the bounty.",
      durationSeconds: 754,
    });
    expect(created.status).toBe(200);
    const { id, url, channelId: owner } = (await created.json()) as Created;
    expect(id).toMatch(/^[\w-]{11}$/);
    expect(url).toBe(`https://www.youtube.com/watch?v=${id}`);
    expect(owner).toBe(channelId);

    const found = await api(`videos?part=snippet,contentDetails,status&id=${id}`, key);
    expect(found.body.items[0]).toMatchObject({
      id,
      snippet: { title: "Sourdough at 3,000 meters", description: "For the bounty.", channelId },
      contentDetails: { duration: "PT12M34S" },
      status: { privacyStatus: "public" },
    });
    // Published now: first in the uploads.
    const first = await api(
      `playlistItems?part=contentDetails&playlistId=${uploads}&maxResults=1`,
      key,
    );
    expect(first.body.items[0]!.contentDetails.videoId).toBe(id);

    const unlisted = (await (
      await add({
        email: ada.email,
        title: "Unlisted cut",
        durationSeconds: 61,
        privacyStatus: "unlisted",
      })
    ).json()) as Created;
    expect(
      (await api(`videos?part=status&id=${unlisted.id}`, key)).body.items[0]!.status.privacyStatus,
    ).toBe("unlisted");
    const publicList = await uploadsOf(uploads, key);
    expect(publicList.map((item) => item.contentDetails.videoId)).not.toContain(unlisted.id);

    // A new account gets its channel on first use, with sample uploads.
    const newcomer = (await (
      await add({
        email: "jonas.weber@example.com",
        title: "Arcade cabinet",
        durationSeconds: 2400,
      })
    ).json()) as Created;
    const jonas = await controlChannel("jonas.weber@example.com");
    expect(jonas).toMatchObject({
      channelId: newcomer.channelId,
      title: "Jonas Weber's channel",
      connected: false,
    });
    expect(jonas.videoIds[0]).toBe(newcomer.id);
    expect(jonas.videoIds.length).toBeGreaterThanOrEqual(6);

    const invalid = await add({ email: ada.email, title: "", durationSeconds: 0 });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: { message: expect.any(String) } });
  });

  test("the studio page lists connected channels and uploads through its form", async () => {
    const studio = await (await fetch(`${base}/youtube/studio`)).text();
    expect(studio).toContain("Ada Lovelace&#39;s channel");
    expect(studio).toContain("connected");
    const posted = await fetch(`${base}/youtube/studio`, {
      method: "POST",
      body: new URLSearchParams({
        email: grace.email,
        title: "Compilers, explained",
        description: "",
        durationSeconds: "1900",
        privacyStatus: "public",
        publishedAt: "2025-01-15T10:30",
      }),
    });
    expect(posted.status).toBe(200);
    const html = await posted.text();
    const id = /watch\?v=([\w-]{11})/.exec(html)![1]!;
    const found = await api(`videos?part=snippet,contentDetails&id=${id}`, key);
    expect(found.body.items[0]!.snippet.title).toBe("Compilers, explained");
    expect(found.body.items[0]!.contentDetails.duration).toBe("PT31M40S");
  });

  test("publish times are to the second, like YouTube's; the studio's default is the upload's moment", async () => {
    const SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
    const studio = await (await fetch(`${base}/youtube/studio`)).text();
    // No minute-resolution default drawn with the page: empty means "when uploaded".
    const field = /<input id="publishedAt"[^>]*>/.exec(studio)![0];
    expect(field).not.toContain("value=");
    expect(field).toContain('step="1"');
    const upload = async (publishedAt?: string) => {
      const html = await (
        await fetch(`${base}/youtube/studio`, {
          method: "POST",
          body: new URLSearchParams({
            email: grace.email,
            title: "Same minute as the idea",
            durationSeconds: "60",
            privacyStatus: "public",
            publishedAt: publishedAt ?? "",
          }),
        })
      ).text();
      const id = /watch\?v=([\w-]{11})/.exec(html)![1]!;
      const item = (await api(`videos?part=snippet,contentDetails&id=${id}`, key)).body.items[0]!;
      return item.snippet.publishedAt;
    };
    const before = Math.floor(Date.now() / 1000) * 1000;
    const now = await upload();
    const after = Date.now();
    expect(now).toMatch(SECONDS);
    expect(Date.parse(now)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(now)).toBeLessThanOrEqual(after);
    // A chosen time keeps its seconds (datetime-local in the server's zone).
    const chosen = await upload("2025-01-15T10:30:45");
    expect(chosen).toBe(new Date(2025, 0, 15, 10, 30, 45).toISOString().replace(".000Z", "Z"));
    // Sample uploads and the playlist's dates too.
    const items = await uploadsOf(uploads, key);
    for (const item of items) expect(item.contentDetails.videoPublishedAt).toMatch(SECONDS);
  });

  test("state survives a restart, and ids survive even a fresh data folder", async () => {
    const before = await controlChannel(ada.email);
    await stop();
    for (const store of Store.all) store.flush();
    Store.all.clear();
    await start(dataDir);
    const after = await controlChannel(ada.email);
    expect(after.videoIds).toEqual(before.videoIds);
    expect(after.connected).toBe(true);
    // Google tokens issued before the restart still work.
    expect((await api("channels?part=id&mine=true", { token: adaToken })).body.items[0]!.id).toBe(
      channelId,
    );

    await stop();
    Store.all.clear();
    await start(mkdtempSync(path.join(tmpdir(), "standins-youtube-fresh-")));
    const fresh = await controlChannel(ada.email);
    expect(fresh.channelId).toBe(channelId);
    const samples = before.videos.filter(
      (v) => !v.title.includes("Sourdough") && v.title !== "Unlisted cut",
    );
    expect(fresh.videoIds).toEqual(samples.map((v) => v.id));
  });
});
