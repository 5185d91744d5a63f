// Google and Discord sign-in. Endpoints default to the real services; the local stack points
// them at its sign-in stand-in through the environment (see README "Environment variables").
// Both use PKCE (S256) and state, as RFC 9700 asks: a callback is accepted only in the browser
// that started its sign-in, with that sign-in's state, and its code is exchanged only with that
// sign-in's verifier. Every call to the provider ends within the outbound deadline.
import { customFetch } from "@auth/core";
import Discord from "@auth/core/providers/discord";
import Google from "@auth/core/providers/google";
import { fetchWithin } from "./security/outbound";

/** The checks of every sign-in provider (Convex Auth's default is PKCE alone). */
export const SIGN_IN_CHECKS: ("pkce" | "state")[] = ["pkce", "state"];

/** The provider calls of Convex Auth (discovery, token, user info), each with a deadline. */
const withDeadline = { [customFetch]: (...args: Parameters<typeof fetch>) => fetchWithin(...args) };

/** What our user records need from any provider's profile. */
export interface ProviderProfile {
  id: string;
  fullName?: string;
  name?: string;
  email?: string;
  emailVerified?: boolean;
  image?: string;
}

export function googleProvider() {
  // The symbol goes on the provider itself: Convex Auth's merge of `options` skips symbols.
  const google = Google({
    checks: SIGN_IN_CHECKS,
    issuer: process.env.AUTH_GOOGLE_ISSUER ?? "https://accounts.google.com",
    profile: (claims: Record<string, unknown>): ProviderProfile & Record<string, unknown> => ({
      id: String(claims.sub),
      fullName: asString(claims.name),
      name: asString(claims.given_name),
      email: asString(claims.email),
      emailVerified: claims.email_verified === true,
      image: asString(claims.picture),
    }),
  });
  return { ...google, ...withDeadline };
}

export function discordProvider() {
  const api = (process.env.AUTH_DISCORD_API_URL ?? "https://discord.com/api").replace(/\/$/, "");
  // Spelled out in full rather than passed as options: Convex Auth deep-merges options into
  // the defaults, which cannot replace Discord's string `userinfo` with an object.
  return {
    ...Discord({}),
    ...withDeadline,
    checks: SIGN_IN_CHECKS,
    authorization: { url: `${api}/oauth2/authorize`, params: { scope: "identify email" } },
    token: `${api}/oauth2/token`,
    userinfo: {
      url: `${api}/users/@me`,
      // A plain request, so a local http:// stand-in works the same way as discord.com.
      async request({ tokens }: { tokens: { access_token?: string } }) {
        const response = await fetchWithin(`${api}/users/@me`, {
          headers: { Authorization: `Bearer ${tokens.access_token}` },
        });
        if (!response.ok) throw new Error(`Discord user request failed: ${response.status}`);
        return (await response.json()) as Record<string, unknown>;
      },
    },
    profile: (user: Record<string, unknown>): ProviderProfile & Record<string, unknown> => {
      const id = String(user.id);
      const avatar = asString(user.avatar);
      return {
        id,
        fullName: asString(user.global_name),
        name: asString(user.username),
        email: asString(user.email),
        emailVerified: user.verified === true,
        image: avatar ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.png` : undefined,
      };
    },
  };
}

function asString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}
