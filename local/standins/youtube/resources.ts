// YouTube Data API v3 resource shapes (channel, video, playlistItem, list responses), built
// from the stand-in's model. Only the requested parts are included, as the real API does.
import { createHash } from "node:crypto";
import { json } from "../framework.js";
import { isoDuration, pick, uploadsPlaylistId, type Channel, type Video } from "./data.js";

/** An etag shaped like YouTube's (27 base64url characters), changing with the content. */
export const etag = (value: unknown) =>
  createHash("sha1").update(JSON.stringify(value)).digest("base64url").slice(0, 27);

const VIDEO_SIZES = {
  default: [120, 90],
  medium: [320, 180],
  high: [480, 360],
  standard: [640, 480],
  maxres: [1280, 720],
} as const;

/** Thumbnails pointing at the stand-in's generated cards (JPEG, as YouTube's), in its sizes. */
export function videoThumbnails(baseUrl: string, videoId: string) {
  return Object.fromEntries(
    Object.entries(VIDEO_SIZES).map(([size, [width, height]]) => [
      size,
      { url: `${baseUrl}/youtube/thumbnails/${videoId}.jpg?size=${size}`, width, height },
    ]),
  );
}

function channelThumbnails(baseUrl: string, channelId: string) {
  const sizes = { default: 88, medium: 240, high: 800 };
  return Object.fromEntries(
    Object.entries(sizes).map(([size, px]) => [
      size,
      { url: `${baseUrl}/youtube/avatars/${channelId}.svg?size=${size}`, width: px, height: px },
    ]),
  );
}

/** Adds the requested parts (in the order YouTube writes them) to a resource's kind/etag/id. */
function withParts(
  kind: string,
  id: string,
  parts: Set<string>,
  builders: Record<string, () => unknown>,
) {
  const resource: Record<string, unknown> = { kind, etag: "", id };
  for (const [part, build] of Object.entries(builders))
    if (parts.has(part)) resource[part] = build();
  resource.etag = etag(resource);
  return resource;
}

export const CHANNEL_PARTS = [
  "id",
  "snippet",
  "contentDetails",
  "statistics",
  "status",
  "brandingSettings",
  "topicDetails",
  "localizations",
  "auditDetails",
  "contentOwnerDetails",
];

export function channelResource(
  baseUrl: string,
  channel: Channel,
  publicVideoCount: number,
  parts: Set<string>,
) {
  return withParts("youtube#channel", channel.id, parts, {
    snippet: () => ({
      title: channel.title,
      description: channel.description,
      customUrl: channel.handle,
      publishedAt: channel.publishedAt,
      thumbnails: channelThumbnails(baseUrl, channel.id),
      localized: { title: channel.title, description: channel.description },
    }),
    contentDetails: () => ({
      relatedPlaylists: { likes: "", uploads: uploadsPlaylistId(channel.id) },
    }),
    statistics: () => ({
      viewCount: String(1000 + pick(`${channel.id}:views`, 500000)),
      subscriberCount: String(10 + pick(`${channel.id}:subs`, 20000)),
      hiddenSubscriberCount: false,
      videoCount: String(publicVideoCount),
    }),
    status: () => ({
      privacyStatus: "public",
      isLinked: true,
      longUploadsStatus: "longUploadsUnspecified",
      madeForKids: false,
    }),
  });
}

export const VIDEO_PARTS = [
  "id",
  "snippet",
  "contentDetails",
  "status",
  "statistics",
  "player",
  "fileDetails",
  "liveStreamingDetails",
  "localizations",
  "processingDetails",
  "recordingDetails",
  "suggestions",
  "topicDetails",
  "paidProductPlacementDetails",
];

export function videoResource(baseUrl: string, video: Video, channel: Channel, parts: Set<string>) {
  return withParts("youtube#video", video.id, parts, {
    snippet: () => ({
      publishedAt: video.publishedAt,
      channelId: video.channelId,
      title: video.title,
      description: video.description,
      thumbnails: videoThumbnails(baseUrl, video.id),
      channelTitle: channel.title,
      categoryId: video.categoryId,
      liveBroadcastContent: "none",
      localized: { title: video.title, description: video.description },
    }),
    contentDetails: () => ({
      duration: isoDuration(video.durationSeconds),
      dimension: "2d",
      definition: video.definition,
      caption: String(video.caption),
      licensedContent: video.licensedContent,
      contentRating: {},
      projection: "rectangular",
    }),
    status: () => ({
      uploadStatus: "processed",
      privacyStatus: video.privacyStatus,
      license: "youtube",
      embeddable: true,
      publicStatsViewable: true,
      madeForKids: false,
    }),
    statistics: () => ({
      viewCount: String(pick(`${video.id}:views`, 90000) + 100),
      likeCount: String(pick(`${video.id}:likes`, 4000)),
      favoriteCount: "0",
      commentCount: String(pick(`${video.id}:comments`, 300)),
    }),
    player: () => ({
      embedHtml: `<iframe width="480" height="270" src="//www.youtube.com/embed/${video.id}" frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>`,
    }),
  });
}

export const PLAYLIST_ITEM_PARTS = ["id", "snippet", "contentDetails", "status"];

export function playlistItemResource(
  baseUrl: string,
  video: Video,
  channel: Channel,
  position: number,
  parts: Set<string>,
) {
  const playlistId = uploadsPlaylistId(channel.id);
  const id = Buffer.from(`${playlistId}.${video.id}`).toString("base64");
  return withParts("youtube#playlistItem", id, parts, {
    snippet: () => ({
      publishedAt: video.publishedAt,
      channelId: channel.id,
      title: video.title,
      description: video.description,
      thumbnails: videoThumbnails(baseUrl, video.id),
      channelTitle: channel.title,
      playlistId,
      position,
      resourceId: { kind: "youtube#video", videoId: video.id },
      videoOwnerChannelTitle: channel.title,
      videoOwnerChannelId: channel.id,
    }),
    contentDetails: () => ({ videoId: video.id, videoPublishedAt: video.publishedAt }),
    status: () => ({ privacyStatus: video.privacyStatus }),
  });
}

/** A list response: kind, etag, paging tokens, pageInfo, items. */
export function listResponse(
  kind: string,
  items: unknown[],
  page: { totalResults?: number; resultsPerPage?: number; next?: string; prev?: string } = {},
) {
  const body: Record<string, unknown> = { kind, etag: "" };
  if (page.next) body.nextPageToken = page.next;
  if (page.prev) body.prevPageToken = page.prev;
  body.pageInfo = {
    totalResults: page.totalResults ?? items.length,
    resultsPerPage: page.resultsPerPage ?? items.length,
  };
  body.items = items;
  body.etag = etag(body);
  return json(body);
}
