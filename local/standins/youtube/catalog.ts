// The YouTube stand-in's persisted catalog: a channel per Google account (created with sample
// uploads on first sight) and the videos on it, with the operations the API, the studio and
// the control API share.
import { Store } from "../framework.js";
import {
  nameFromEmail,
  newChannel,
  uploadsPlaylistId,
  videoIdFor,
  watchUrl,
  type Channel,
  type Privacy,
  type Video,
  youtubeTime,
  type YouTubeState,
} from "./data.js";

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PRIVACY: Privacy[] = ["public", "unlisted", "private"];

/** A new video as the studio form or the control API's JSON gives it. */
export interface NewVideoInput {
  email?: unknown;
  name?: unknown;
  title?: unknown;
  description?: unknown;
  durationSeconds?: unknown;
  privacyStatus?: unknown;
  publishedAt?: unknown;
}

export type Catalog = ReturnType<typeof youtubeCatalog>;

export function youtubeCatalog(dataDir: string, log: (message: string) => void) {
  const store = new Store<YouTubeState>(dataDir, "youtube", () => ({ channels: {}, videos: {} }));

  /** The account's channel, created with its sample uploads on first sight. */
  function channelOf(email: string, name?: string): Channel {
    const key = email.toLowerCase();
    const existing = store.data.channels[key];
    if (existing) return existing;
    const handles = new Set(Object.values(store.data.channels).map((c) => c.handle));
    const { channel, videos } = newChannel(key, name || nameFromEmail(key), handles);
    store.data.channels[key] = channel;
    for (const video of videos) store.data.videos[video.id] = video;
    store.changed();
    return channel;
  }

  const channelById = (id: string) => Object.values(store.data.channels).find((c) => c.id === id);

  /** A channel's uploads, newest first. */
  const uploads = (channel: Channel) =>
    Object.values(store.data.videos)
      .filter((v) => v.channelId === channel.id)
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id));

  function markConnected(channel: Channel) {
    if (channel.connectedAt) return;
    channel.connectedAt = new Date().toISOString();
    store.changed();
  }

  /** Adds a video to an account's channel; a message says what is wrong with the input. */
  function addVideo(input: NewVideoInput): { video: Video; channel: Channel } | string {
    const email = typeof input.email === "string" ? input.email.trim().toLowerCase() : "";
    if (!EMAIL.test(email)) return "email must be a Google account's email address.";
    const title = typeof input.title === "string" ? input.title.trim() : "";
    if (!title || title.length > 100) return "title is required (at most 100 characters).";
    const description = typeof input.description === "string" ? input.description : "";
    const durationSeconds = Number(input.durationSeconds);
    if (!Number.isInteger(durationSeconds) || durationSeconds < 1) {
      return "durationSeconds must be a whole number of seconds, at least 1.";
    }
    const privacyStatus = (input.privacyStatus ?? "public") as Privacy;
    if (!PRIVACY.includes(privacyStatus)) {
      return "privacyStatus must be public, unlisted or private.";
    }
    // No time given (the studio's default): the moment of the upload, to the second.
    const published = input.publishedAt ? new Date(String(input.publishedAt)) : new Date();
    if (Number.isNaN(published.getTime())) return "publishedAt must be a date and time.";
    const channel = channelOf(email, typeof input.name === "string" ? input.name : undefined);
    let id: string;
    do id = videoIdFor(email, `added-${++channel.added}`);
    while (store.data.videos[id]);
    const video: Video = {
      id,
      channelId: channel.id,
      title,
      description,
      durationSeconds,
      privacyStatus,
      publishedAt: youtubeTime(published),
      categoryId: "22",
      definition: "hd",
      caption: false,
      licensedContent: false,
    };
    store.data.videos[id] = video;
    store.changed();
    log(`youtube: ${email} uploaded ${id} "${title}" (${privacyStatus})`);
    return { video, channel };
  }

  /** The creator deletes a video: the API no longer knows it. */
  function deleteVideo(id: string): boolean {
    if (!store.data.videos[id]) return false;
    delete store.data.videos[id];
    store.changed();
    log(`youtube: video ${id} deleted`);
    return true;
  }

  /** Channels that connected to Bounties first, then by title. */
  const channels = () =>
    Object.values(store.data.channels).sort(
      (a, b) => Number(!!b.connectedAt) - Number(!!a.connectedAt) || a.title.localeCompare(b.title),
    );

  /** A channel as the control API reports it. */
  function describe(channel: Channel) {
    const videos = uploads(channel);
    return {
      email: channel.email,
      name: channel.name,
      channelId: channel.id,
      uploadsPlaylistId: uploadsPlaylistId(channel.id),
      title: channel.title,
      handle: channel.handle,
      connected: !!channel.connectedAt,
      videoIds: videos.map((v) => v.id),
      videos: videos.map((v) => ({
        id: v.id,
        url: watchUrl(v.id),
        title: v.title,
        privacyStatus: v.privacyStatus,
        durationSeconds: v.durationSeconds,
        publishedAt: v.publishedAt,
      })),
    };
  }

  return {
    channelOf,
    channelById,
    uploads,
    markConnected,
    addVideo,
    deleteVideo,
    channels,
    describe,
    video: (id: string): Video | undefined => store.data.videos[id],
  };
}
