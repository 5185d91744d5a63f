/**
 * The origins of the platforms' official embed players (YouTube's privacy-enhanced IFrame player,
 * TikTok's embed player). The CSP's frame-src (vite.config.ts) allows only these.
 */
export const EMBED_ORIGINS = {
  YouTube: "https://www.youtube-nocookie.com",
  TikTok: "https://www.tiktok.com",
} as const;
