// Google and Discord sign-in. Endpoints default to the real services; the local stack points
// them at its sign-in stand-in through the environment (see README "Environment variables").
import Discord from "@auth/core/providers/discord";
import Google from "@auth/core/providers/google";

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
  return Google({
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
}

export function discordProvider() {
  const api = (process.env.AUTH_DISCORD_API_URL ?? "https://discord.com/api").replace(/\/$/, "");
  // Spelled out in full rather than passed as options: Convex Auth deep-merges options into
  // the defaults, which cannot replace Discord's string `userinfo` with an object.
  return {
    ...Discord({}),
    authorization: { url: `${api}/oauth2/authorize`, params: { scope: "identify email" } },
    token: `${api}/oauth2/token`,
    userinfo: {
      url: `${api}/users/@me`,
      // A plain request, so a local http:// stand-in works the same way as discord.com.
      async request({ tokens }: { tokens: { access_token?: string } }) {
        const response = await fetch(`${api}/users/@me`, {
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
