// The YouTube stand-in's model: channels (one per Google account) and their uploads. Ids are
// derived from the account's email, shaped like YouTube's, so they survive restarts and even a
// wiped stand-in data folder; sample uploads are materialized once and then persisted.
import { createHash } from "node:crypto";

export type Privacy = "public" | "unlisted" | "private";

export interface Channel {
  id: string;
  email: string;
  name: string;
  title: string;
  /** "@handle", unique among channels. */
  handle: string;
  description: string;
  publishedAt: string;
  /** When a token for this account first listed its channel (mine=true): it "connected". */
  connectedAt?: string;
  /** Videos added through the studio or control API, numbering their deterministic ids. */
  added: number;
}

export interface Video {
  id: string;
  channelId: string;
  title: string;
  description: string;
  durationSeconds: number;
  privacyStatus: Privacy;
  /** As YouTube writes it, to the second (`youtubeTime`). */
  publishedAt: string;
  categoryId: string;
  definition: "hd" | "sd";
  caption: boolean;
  licensedContent: boolean;
}

export interface YouTubeState {
  /** By lower-cased email. */
  channels: Record<string, Channel>;
  /** By video id. */
  videos: Record<string, Video>;
}

const DAY = 24 * 3600 * 1000;

/**
 * A moment as YouTube writes it: ISO 8601 to the second, "2026-11-23T10:30:12Z" (the real API
 * has no milliseconds; the app compares publish times at this resolution).
 */
export const youtubeTime = (moment: Date | number) =>
  new Date(Math.floor(new Date(moment).getTime() / 1000) * 1000)
    .toISOString()
    .replace(".000Z", "Z");
const digest = (text: string) => createHash("sha256").update(text).digest();
/** A stable number in [0, n) for a text. */
export const pick = (text: string, n: number) => digest(text).readUInt32BE(0) % n;

// 16 bytes are 22 base64url characters, 8 bytes are 11: the lengths (and the restricted last
// character) of real channel and video ids.
export const channelIdFor = (email: string) =>
  `UC${digest(`youtube-channel:${email.toLowerCase()}`).subarray(0, 16).toString("base64url")}`;
export const uploadsPlaylistId = (channelId: string) => `UU${channelId.slice(2)}`;
export const channelIdOfUploads = (playlistId: string) =>
  /^UU[\w-]{22}$/.test(playlistId) ? `UC${playlistId.slice(2)}` : null;
export const videoIdFor = (email: string, slot: string) =>
  digest(`youtube-video:${email.toLowerCase()}:${slot}`).subarray(0, 8).toString("base64url");
export const watchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;

/** "jonas.weber@example.com" → "Jonas Weber", for accounts first seen by email only. */
export const nameFromEmail = (email: string) =>
  email
    .split("@")[0]!
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(" ") || email;

const SAMPLE_TITLES = [
  "I tried cooking only with a campfire for a week",
  "How undersea cables actually get repaired",
  "Building a tiny desk setup on a budget",
  "The honest review: three months with a cargo bike",
  "Every street food stall on one block, ranked",
  "What nobody tells you about night photography",
  "Restoring a rusty hand plane in 10 steps",
  "We rebuilt a 1980s arcade cabinet",
  "A day with the people who fix the city's bridges",
  "Learning to juggle in 30 days",
  "Why this tiny town has the best bakery in the country",
  "Speedrunning flat-pack furniture with no instructions",
];

// Durations span the product's tiers: under 3 min, between tiers, 5–25 min, 30+ min.
const SAMPLE_SLOTS: { days: number; seconds: [number, number]; privacy: Privacy }[] = [
  { days: 4, seconds: [35, 170], privacy: "public" },
  { days: 19, seconds: [190, 290], privacy: "public" },
  { days: 43, seconds: [6 * 60, 24 * 60], privacy: "public" },
  { days: 78, seconds: [31 * 60, 75 * 60], privacy: "public" },
  { days: 131, seconds: [45, 175], privacy: "public" },
  { days: 1, seconds: [8 * 60, 12 * 60], privacy: "private" },
];

/** A channel for a Google account first seen now, with its sample uploads. */
export function newChannel(
  email: string,
  name: string,
  takenHandles: Set<string>,
  now = Date.now(),
): { channel: Channel; videos: Video[] } {
  const id = channelIdFor(email);
  const base = (name.replace(/[^A-Za-z0-9]/g, "").toLowerCase() || "creator").slice(0, 24);
  let handle = `@${base}`;
  for (let n = 1; takenHandles.has(handle); n++)
    handle = `@${base}${pick(`${email}${n}`, 9000) + 1000}`;
  const channel: Channel = {
    id,
    email: email.toLowerCase(),
    name,
    title: `${name}'s channel`,
    handle,
    description: `Videos by ${name}. (A sample channel of the local YouTube stand-in.)`,
    publishedAt: youtubeTime(now - (700 + pick(`${email}:since`, 1400)) * DAY),
    added: 0,
  };
  const first = pick(email, SAMPLE_TITLES.length);
  const videos = SAMPLE_SLOTS.map((slot, i): Video => {
    const [min, max] = slot.seconds;
    const title = SAMPLE_TITLES[(first + i) % SAMPLE_TITLES.length]!;
    const jitter = pick(`${email}:${i}:hour`, 20) * 3600 * 1000;
    return {
      id: videoIdFor(email, `sample-${i}`),
      channelId: id,
      title: slot.privacy === "private" ? `${title} (draft)` : title,
      description: `${title}.\n\nSample upload on ${name}'s channel.`,
      durationSeconds: min + pick(`${email}:${i}:length`, max - min),
      privacyStatus: slot.privacy,
      publishedAt: youtubeTime(now - slot.days * DAY - jitter),
      categoryId: i % 2 ? "22" : "24",
      definition: "hd",
      caption: i === 2,
      licensedContent: i !== 4,
    };
  });
  return { channel, videos };
}

/** ISO 8601 durations as YouTube writes them: PT4M13S, PT1H2M, PT45S, P1DT2H. */
export function isoDuration(totalSeconds: number): string {
  const days = Math.floor(totalSeconds / 86400);
  const hours = Math.floor((totalSeconds % 86400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const time = `${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}${seconds ? `${seconds}S` : ""}`;
  if (days) return `P${days}D${time ? `T${time}` : ""}`;
  return `PT${time || "0S"}`;
}
