// YouTube stand-in (under /youtube): the parts of the YouTube Data API v3 the product uses —
// channels (mine=true), the uploads playlist's items and videos by id — answering with an API
// key (YOUTUBE_API_KEY) or a Google access token issued by the sign-in stand-in, as Google
// does. Every Google account has a channel with sample uploads; a studio page and a control
// API (/__control/youtube/) add videos, and the control API deletes them.
import { json, StandIn, type RouteRequest, type StandInContext } from "./framework.js";
import type { GoogleAccount } from "./signIn.js";
import { EMAIL, youtubeCatalog, type NewVideoInput } from "./youtube/catalog.js";
import { channelIdOfUploads, watchUrl, type Channel } from "./youtube/data.js";
import { avatarSvg, thumbnailJpeg, thumbnailSvg } from "./youtube/media.js";
import {
  CHANNEL_PARTS,
  channelResource,
  listResponse,
  PLAYLIST_ITEM_PARTS,
  playlistItemResource,
  VIDEO_PARTS,
  videoResource,
} from "./youtube/resources.js";
import { errors, parseParts } from "./youtube/errors.js";
import { studioPage } from "./youtube/studio.js";

export type YouTubeOptions = StandInContext & {
  dataDir: string;
  /** Who a Google access token belongs to (the sign-in stand-in issues them). */
  googleAccountFor: (accessToken: string) => GoogleAccount | null;
};

// Any of these grants read access to the account's channel, as with the real API.
const YOUTUBE_SCOPES = new Set(
  ["youtube", "youtube.readonly", "youtube.force-ssl", "youtubepartner"].map(
    (s) => `https://www.googleapis.com/auth/${s}`,
  ),
);

/** Who calls: a Google account (Bearer token) or just the project (API key). */
interface Caller {
  account: GoogleAccount | null;
}

// Page tokens are opaque to callers; ours carry the offset into the uploads list.
const pageToken = (offset: number) => `EAAa${Buffer.from(`PT:${offset}`).toString("base64url")}`;
const parsePageToken = (token: string) => {
  const match = /^PT:(\d+)$/.exec(Buffer.from(token.slice(4), "base64url").toString());
  return token.startsWith("EAAa") && match ? Number(match[1]) : null;
};

export function youtubeStandIn(ctx: YouTubeOptions): StandIn {
  const catalog = youtubeCatalog(ctx.dataDir, ctx.log);
  const { channelById, uploads } = catalog;
  const apiKey = ctx.env.YOUTUBE_API_KEY;

  const isOwner = (channel: Channel, caller: Caller) =>
    caller.account?.email.toLowerCase() === channel.email;

  function authenticate({ request, url }: RouteRequest): Caller | Response {
    const key = url.searchParams.get("key");
    if (key !== null && (!apiKey || key !== apiKey)) return errors.keyInvalid();
    const header = request.headers.get("authorization");
    const token = header
      ? (/^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? "")
      : url.searchParams.get("access_token");
    if (token !== null) {
      const account = token ? ctx.googleAccountFor(token) : null;
      if (!account) return errors.badToken();
      if (!account.scope.split(/\s+/).some((scope) => YOUTUBE_SCOPES.has(scope))) {
        return errors.insufficientScope();
      }
      return { account };
    }
    return key === null ? errors.keyMissing() : { account: null };
  }

  function listChannels(req: RouteRequest): Response {
    const caller = authenticate(req);
    if (caller instanceof Response) return caller;
    const parts = parseParts(req.url, CHANNEL_PARTS);
    if (parts instanceof Response) return parts;
    const params = req.url.searchParams;
    let channels: Channel[];
    if (params.get("mine") === "true") {
      if (!caller.account) return errors.loginRequired();
      const channel = catalog.channelOf(caller.account.email, caller.account.name);
      catalog.markConnected(channel);
      channels = [channel];
    } else if (params.get("id")) {
      channels = params
        .get("id")!
        .split(",")
        .map((id) => channelById(id.trim()))
        .filter((c): c is Channel => !!c);
    } else if (params.get("forHandle")) {
      const handle = `@${params.get("forHandle")!.replace(/^@/, "")}`.toLowerCase();
      channels = catalog.channels().filter((c) => c.handle === handle);
    } else {
      return errors.noFilter(
        "forUsername, managedByMe, categoryId, mine, mySubscribers, id, idParam, forHandle",
      );
    }
    const items = channels.map((channel) =>
      channelResource(
        ctx.baseUrl,
        channel,
        uploads(channel).filter((v) => v.privacyStatus === "public").length,
        parts,
      ),
    );
    return listResponse("youtube#channelListResponse", items, { resultsPerPage: 5 });
  }

  function listPlaylistItems(req: RouteRequest): Response {
    const caller = authenticate(req);
    if (caller instanceof Response) return caller;
    const parts = parseParts(req.url, PLAYLIST_ITEM_PARTS);
    if (parts instanceof Response) return parts;
    const params = req.url.searchParams;
    const playlistId = params.get("playlistId");
    if (!playlistId) return errors.noFilter("id, playlistId");
    const channelId = channelIdOfUploads(playlistId);
    const channel = channelId ? channelById(channelId) : undefined;
    if (!channel) return errors.playlistNotFound();
    const maxParam = params.get("maxResults");
    const max = maxParam === null ? 5 : Number(maxParam);
    if (!Number.isInteger(max) || max < 0 || max > 50) {
      return errors.invalidValue(
        "maxResults",
        `Invalid value '${maxParam}'. Values must be within the range: [0, 50]`,
      );
    }
    const tokenParam = params.get("pageToken");
    const offset = tokenParam ? parsePageToken(tokenParam) : 0;
    if (offset === null) return errors.invalidPageToken();
    // Anyone sees public uploads; the owner's token also sees unlisted and private ones.
    const videos = uploads(channel).filter(
      (v) => v.privacyStatus === "public" || isOwner(channel, caller),
    );
    const items = videos
      .slice(offset, offset + max)
      .map((video, i) => playlistItemResource(ctx.baseUrl, video, channel, offset + i, parts));
    return listResponse("youtube#playlistItemListResponse", items, {
      totalResults: videos.length,
      resultsPerPage: max,
      next: max > 0 && offset + max < videos.length ? pageToken(offset + max) : undefined,
      prev: offset > 0 ? pageToken(Math.max(0, offset - max)) : undefined,
    });
  }

  function listVideos(req: RouteRequest): Response {
    const caller = authenticate(req);
    if (caller instanceof Response) return caller;
    const parts = parseParts(req.url, VIDEO_PARTS);
    if (parts instanceof Response) return parts;
    const ids = req.url.searchParams.get("id");
    if (!ids) return errors.noFilter("chart, id, myRating");
    // Unknown ids, and private videos for anyone but their owner, are simply absent.
    const items = [...new Set(ids.split(",").map((id) => id.trim()))].flatMap((id) => {
      const video = catalog.video(id);
      const channel = video && channelById(video.channelId);
      if (!video || !channel) return [];
      if (video.privacyStatus === "private" && !isOwner(channel, caller)) return [];
      return [videoResource(ctx.baseUrl, video, channel, parts)];
    });
    return listResponse("youtube#videoListResponse", items);
  }

  return new StandIn(
    "youtube",
    "YouTube Data API v3 (/youtube/v3) and a studio to add videos (/youtube/studio)",
  )
    .route("GET", "/youtube/v3/channels", listChannels)
    .route("GET", "/youtube/v3/playlistItems", listPlaylistItems)
    .route("GET", "/youtube/v3/videos", listVideos)
    .route("GET", "/youtube/thumbnails/:file", ({ params }) => {
      const file = params.file!;
      const video = catalog.video(file.replace(/\.(svg|jpg)$/, ""));
      const channel = video ? channelById(video.channelId)?.title : "";
      return file.endsWith(".jpg")
        ? thumbnailJpeg(video ?? null, channel)
        : thumbnailSvg(video ?? null, channel);
    })
    .route("GET", "/youtube/avatars/:file", ({ params }) => {
      const channel = channelById(params.file!.replace(/\.svg$/, ""));
      return avatarSvg(channel?.id ?? "none", channel?.title ?? "?");
    })
    .route("GET", "/youtube/studio", () => studioPage(catalog.channels(), uploads))
    .route("POST", "/youtube/studio", ({ form }) => {
      const result = catalog.addVideo(Object.fromEntries(form()));
      if (typeof result === "string") {
        return studioPage(catalog.channels(), uploads, { ok: false, text: result }, 400);
      }
      const { video, channel } = result;
      return studioPage(catalog.channels(), uploads, {
        ok: true,
        text: `Uploaded "${video.title}" to ${channel.title}:`,
        link: watchUrl(video.id),
      });
    })
    .route("POST", "/__control/youtube/videos", (req) => {
      let input: NewVideoInput;
      try {
        input = req.json<NewVideoInput>() ?? {};
      } catch {
        return json({ error: { message: "The body must be JSON." } }, 400);
      }
      const result = catalog.addVideo(input);
      if (typeof result === "string") return json({ error: { message: result } }, 400);
      return json({
        id: result.video.id,
        url: watchUrl(result.video.id),
        channelId: result.channel.id,
      });
    })
    .route("DELETE", "/__control/youtube/videos/:id", ({ params }) =>
      catalog.deleteVideo(params.id!)
        ? json({ id: params.id, deleted: true })
        : json({ error: { message: `No such video: ${params.id}` } }, 404),
    )
    .route("GET", "/__control/youtube/channels", ({ url }) => {
      const email = url.searchParams.get("email");
      if (email === null) return json({ channels: catalog.channels().map(catalog.describe) });
      if (!EMAIL.test(email)) {
        return json({ error: { message: `Not an email address: ${email}` } }, 400);
      }
      return json(catalog.describe(catalog.channelOf(email)));
    });
}
