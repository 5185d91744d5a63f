// One-click unsubscribe links: signed (HMAC-SHA256 with EMAIL_LINK_SECRET) for one person and
// one kind, so a link works signed out and unsubscribes that kind only. A kind is a
// notification's, or the weekly digest (model/community/digest.ts).
import type { NotificationKind } from "./notificationKinds";
import { NOTIFICATION_KINDS } from "./notificationKinds";

export const DIGEST_EMAIL_KIND = "weekly_digest";
/** Every list an email can be unsubscribed from. */
export type EmailKind = NotificationKind | typeof DIGEST_EMAIL_KIND;
const EMAIL_KINDS: readonly string[] = [...NOTIFICATION_KINDS, DIGEST_EMAIL_KIND];

export const UNSUBSCRIBE_PATH = "/email/unsubscribe";

function linkSecret(): string {
  const secret = process.env.EMAIL_LINK_SECRET;
  if (!secret) throw new Error("EMAIL_LINK_SECRET is not set");
  return secret;
}

function base64url(bytes: ArrayBuffer): string {
  let s = "";
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The link's signature: for one person and one kind, and for a poster's emails to backers, one
 * idea (`ideaId`), so a link stops only what it names.
 */
export async function signUnsubscribe(
  userId: string,
  kind: EmailKind,
  ideaId: string | null = null,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(linkSecret()),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign(
    "HMAC",
    key,
    new TextEncoder().encode(
      ideaId === null ? `unsubscribe:${userId}:${kind}` : `unsubscribe:${userId}:${kind}:${ideaId}`,
    ),
  );
  return base64url(mac);
}

export async function unsubscribeUrl(
  userId: string,
  kind: EmailKind,
  ideaId: string | null = null,
): Promise<string> {
  const base = process.env.CONVEX_SITE_URL ?? "";
  const params = new URLSearchParams({
    u: userId,
    k: kind,
    ...(ideaId !== null ? { i: ideaId } : {}),
    s: await signUnsubscribe(userId, kind, ideaId),
  });
  return `${base}${UNSUBSCRIBE_PATH}?${params.toString()}`;
}

/** The (person, kind[, idea]) a link unsubscribes, or null when its signature does not match. */
export async function verifyUnsubscribe(
  params: URLSearchParams,
): Promise<{ userId: string; kind: EmailKind; ideaId?: string } | null> {
  const userId = params.get("u");
  const kind = params.get("k") as EmailKind | null;
  const ideaId = params.get("i");
  const signature = params.get("s");
  if (!userId || !kind || !signature || !EMAIL_KINDS.includes(kind)) return null;
  const expected = await signUnsubscribe(userId, kind, ideaId);
  if (expected.length !== signature.length) return null;
  let diff = 0;
  for (let i = 0; i < expected.length; i++)
    diff |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  if (diff !== 0) return null;
  return ideaId === null ? { userId, kind } : { userId, kind, ideaId };
}
