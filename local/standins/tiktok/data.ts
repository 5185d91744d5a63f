// The TikTok stand-in's model: people (by username) and their videos, plus OAuth grants.
// Video ids are 19-digit numbers and short-link codes are shaped like TikTok's; both are derived
// from the username so they survive restarts, and sample videos are materialized once.
import { createHash } from "node:crypto";

export interface Person {
  username: string;
  displayName: string;
  email?: string;
  bio: string;
  /** Videos added through the studio or control API, numbering their deterministic ids. */
  added: number;
}

export interface TikTokVideo {
  id: string;
  username: string;
  title: string;
  description: string;
  durationSeconds: number;
  /** Milliseconds, unique per person, so list cursors (ms timestamps) never skip or repeat. */
  createTimeMs: number;
  private: boolean;
  /** vm.tiktok.com/{code}/ and www.tiktok.com/t/{code}/ lead here. */
  shortCode: string;
}

export interface Grant {
  clientKey: string;
  username: string;
  scopes: string[];
  redirectUri: string;
  codeChallenge?: string;
  expiresAt: number;
}

export interface TikTokState {
  people: Record<string, Person>;
  videos: Record<string, TikTokVideo>;
  codes: Record<string, Grant>;
  accessTokens: Record<string, Grant>;
  refreshTokens: Record<string, Grant>;
}

const DAY = 24 * 3600 * 1000;
const digest = (text: string) => createHash("sha256").update(text).digest();
/** A stable number in [0, n) for a text. */
export const pick = (text: string, n: number) => digest(text).readUInt32BE(0) % n;

export const USERNAME = /^[a-z0-9._]{2,24}$/;
export const canonicalUrl = (video: { username: string; id: string }) =>
  `https://www.tiktok.com/@${video.username}/video/${video.id}`;
export const shortUrl = (video: { shortCode: string }) =>
  `https://vm.tiktok.com/${video.shortCode}/`;

/** 19 digits starting with 7, like today's TikTok video ids. */
export const videoIdFor = (username: string, slot: string) =>
  `7${(BigInt(`0x${digest(`tiktok-video:${username}:${slot}`).toString("hex")}`) % 10n ** 18n)
    .toString()
    .padStart(18, "0")}`;

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const shortCodeFor = (videoId: string) =>
  `ZM${[...digest(`tiktok-short:${videoId}`).subarray(0, 7)].map((b) => ALPHANUMERIC[b % 62]).join("")}`;

/** Per-app user id (open_id) and per-developer id (union_id), stable for a username. */
export const openIdFor = (clientKey: string, username: string) =>
  `-000${digest(`tiktok-open:${clientKey}:${username}`).toString("base64url").slice(0, 32)}`;
export const unionIdFor = (username: string) => {
  const hex = digest(`tiktok-union:${username}`).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

export const SAMPLE_PEOPLE: Omit<Person, "added" | "bio">[] = [
  { username: "priya.makes", displayName: "Priya Raman", email: "priya.raman@example.com" },
  { username: "amara.okafor", displayName: "Amara Okafor", email: "amara.okafor@example.com" },
  { username: "kenji_walks", displayName: "Kenji Sato", email: "kenji.sato@example.com" },
];

const SAMPLE_TITLES: [string, string][] = [
  ["One tiny Japanese phrase from a street sign", "#japanese #learnontiktok #osaka"],
  ["Rating vending-machine snacks so you don't have to", "#snacks #review #tokyo"],
  ["60 seconds of flags you can't pronounce", "#history #flags #didyouknow"],
  ["Packing a week into one carry-on", "#packing #travel #carryon"],
  ["Gas-station coffee blind test, round 3", "#coffee #roadtrip #tastetest"],
  ["Street musician duet in one take", "#duet #music #streetmusic"],
  ["Asking strangers what they'd do with an extra hour", "#streetinterview #time"],
  ["The 3-ingredient dinner I make every week", "#cooking #easyrecipe #dinner"],
  ["Fixing a squeaky bike brake in a minute", "#bike #diy #lifehack"],
];

// Mostly short, one longer, one private; spread over recent months.
const SAMPLE_SLOTS = [
  { days: 2, seconds: [12, 30], private: false },
  { days: 9, seconds: [20, 60], private: false },
  { days: 23, seconds: [30, 90], private: false },
  { days: 47, seconds: [60, 180], private: false },
  { days: 88, seconds: [240, 600], private: false },
  { days: 5, seconds: [10, 45], private: true },
] as const;

/** A new person with their sample videos, created "now". */
export function newPerson(
  fields: { username: string; displayName: string; email?: string },
  now = Date.now(),
): { person: Person; videos: TikTokVideo[] } {
  const { username } = fields;
  const person: Person = {
    ...fields,
    bio: `${fields.displayName} on TikTok (a sample account of the local stand-in).`,
    added: 0,
  };
  const first = pick(username, SAMPLE_TITLES.length);
  const videos = SAMPLE_SLOTS.map((slot, i): TikTokVideo => {
    const [title, tags] = SAMPLE_TITLES[(first + i) % SAMPLE_TITLES.length]!;
    const [min, max] = slot.seconds;
    const id = videoIdFor(username, `sample-${i}`);
    return {
      id,
      username,
      title,
      description: `${title} ${tags}`,
      durationSeconds: min + pick(`${username}:${i}:length`, max - min),
      createTimeMs: now - slot.days * DAY - pick(`${username}:${i}:time`, 12 * 3600) * 1000,
      private: slot.private,
      shortCode: shortCodeFor(id),
    };
  });
  return { person, videos };
}
