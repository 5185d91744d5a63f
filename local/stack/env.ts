// The local environment: every variable the functions and the web app read, with a local
// value. Secrets are generated once into a git-ignored file that you may edit (for example to
// use real Google or Stripe credentials); values derived from ports are computed at start.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { exportJWK, exportPKCS8, generateKeyPair } from "jose";
import type { StackPorts } from "./ports.js";

export interface EnvVarSpec {
  name: string;
  description: string;
  /** A value derived from the stack's ports (not stored in the file). */
  derived?: (ports: StackPorts) => string;
  /** A generated secret (stored in the file on first start). */
  generate?: () => Promise<string> | string;
}

function secret() {
  return randomBytes(24).toString("hex");
}

let keyPair: Promise<{ privateKey: string; jwks: string }> | null = null;
const jwtKeys = () =>
  (keyPair ??= (async () => {
    const keys = await generateKeyPair("RS256", { extractable: true });
    const privateKey = (await exportPKCS8(keys.privateKey)).trimEnd().replace(/\n/g, " ");
    const jwks = JSON.stringify({ keys: [{ use: "sig", ...(await exportJWK(keys.publicKey)) }] });
    return { privateKey, jwks };
  })());

/** Every environment variable of the product. The README documents the same list. */
export const ENV_VARS: EnvVarSpec[] = [
  {
    name: "SITE_URL",
    description: "Public URL of the web app (OAuth redirects, Stripe return URLs).",
    derived: (ports) => `http://localhost:${ports.web}`,
  },
  {
    name: "JWT_PRIVATE_KEY",
    description:
      "RS256 private key (PKCS#8, newlines as spaces) that signs session tokens (@convex-dev/auth).",
    generate: async () => (await jwtKeys()).privateKey,
  },
  {
    name: "JWKS",
    description:
      "Public key set matching JWT_PRIVATE_KEY, served at /.well-known/jwks.json (@convex-dev/auth).",
    generate: async () => (await jwtKeys()).jwks,
  },
  {
    name: "CONVEX_SITE_URL",
    description:
      "Set by Convex itself: the HTTP actions URL, issuer of session tokens (locally, for the stand-ins).",
    derived: (ports) => `http://127.0.0.1:${ports.convexSite}`,
  },
  {
    name: "AUTH_GOOGLE_ID",
    description: "Google OAuth client id (Google Cloud console → Credentials).",
    derived: () => "bounties-local.apps.googleusercontent.com",
  },
  {
    name: "AUTH_GOOGLE_SECRET",
    description: "Google OAuth client secret.",
    generate: secret,
  },
  {
    name: "AUTH_GOOGLE_ISSUER",
    description: "Google's OpenID issuer; unset in production (https://accounts.google.com).",
    derived: (ports) => `http://127.0.0.1:${ports.standIns}/google`,
  },
  {
    name: "AUTH_DISCORD_ID",
    description: "Discord OAuth2 application id (Discord developer portal).",
    derived: () => "100000000000000001",
  },
  {
    name: "AUTH_DISCORD_SECRET",
    description: "Discord OAuth2 client secret.",
    generate: secret,
  },
  {
    name: "AUTH_DISCORD_API_URL",
    description: "Discord API base; unset in production (https://discord.com/api).",
    derived: (ports) => `http://127.0.0.1:${ports.standIns}/discord/api`,
  },
  {
    name: "GOOGLE_OAUTH_AUTHORIZE_URL",
    description:
      "Google's OAuth authorization endpoint, for connecting a YouTube channel; unset in production (https://accounts.google.com/o/oauth2/v2/auth).",
    derived: (ports) => `http://127.0.0.1:${ports.standIns}/google/o/oauth2/v2/auth`,
  },
  {
    name: "GOOGLE_OAUTH_TOKEN_URL",
    description:
      "Google's OAuth token endpoint (YouTube connection, with AUTH_GOOGLE_ID/SECRET); unset in production (https://oauth2.googleapis.com/token).",
    derived: (ports) => `http://127.0.0.1:${ports.standIns}/google/token`,
  },
  {
    name: "YOUTUBE_API_KEY",
    description:
      "YouTube Data API v3 key (Google Cloud console → Credentials), for looking up videos.",
    generate: secret,
  },
  {
    name: "YOUTUBE_API_URL",
    description:
      "YouTube Data API base; unset in production (https://www.googleapis.com/youtube/v3).",
    derived: (ports) => `http://127.0.0.1:${ports.standIns}/youtube/v3`,
  },
  {
    name: "TIKTOK_CLIENT_KEY",
    description: "TikTok for Developers app client key (Login Kit and Display API).",
    derived: () => "bounties-local-tiktok",
  },
  {
    name: "TIKTOK_CLIENT_SECRET",
    description: "TikTok for Developers app client secret.",
    generate: secret,
  },
  {
    name: "TIKTOK_AUTH_URL",
    description:
      "TikTok Login Kit authorization page; unset in production (https://www.tiktok.com/v2/auth/authorize/).",
    derived: (ports) => `http://127.0.0.1:${ports.standIns}/tiktok/www/v2/auth/authorize/`,
  },
  {
    name: "TIKTOK_API_URL",
    description:
      "TikTok API base (OAuth tokens, Display API); unset in production (https://open.tiktokapis.com).",
    derived: (ports) => `http://127.0.0.1:${ports.standIns}/tiktok/open`,
  },
  {
    name: "TIKTOK_OEMBED_URL",
    description: "TikTok oEmbed endpoint; unset in production (https://www.tiktok.com/oembed).",
    derived: (ports) => `http://127.0.0.1:${ports.standIns}/tiktok/www/oembed`,
  },
  {
    name: "STRIPE_SECRET_KEY",
    description:
      "Stripe secret API key, sk_test_… or sk_live_… (Stripe dashboard → Developers → API keys).",
    generate: () => `sk_test_${randomBytes(24).toString("base64url")}`,
  },
  {
    name: "STRIPE_WEBHOOK_SECRET",
    description:
      "Signing secret (whsec_…) of the webhook endpoint <CONVEX_SITE_URL>/stripe/webhook (Stripe dashboard → Webhooks).",
    generate: () => `whsec_${randomBytes(24).toString("base64url")}`,
  },
  {
    name: "STRIPE_API_URL",
    description:
      "Stripe API base, parsed into the SDK's host/port/protocol; unset in production (https://api.stripe.com).",
    derived: (ports) => `http://127.0.0.1:${ports.standIns}`,
  },
  {
    name: "STRIPE_WEBHOOK_URL",
    description:
      "Where the Stripe stand-in delivers webhooks (local stack only; in production the endpoint is set in the Stripe dashboard).",
    derived: (ports) => `http://127.0.0.1:${ports.convexSite}/stripe/webhook`,
  },
  {
    name: "STRIPE_CONNECT_WEBHOOK_SECRET",
    description:
      'Signing secret (whsec_…) of the Connect webhook endpoint <CONVEX_SITE_URL>/stripe/connect-webhook (Stripe dashboard → Webhooks, "Listen to events on Connected accounts").',
    generate: () => `whsec_${randomBytes(24).toString("base64url")}`,
  },
  {
    name: "STRIPE_CONNECT_WEBHOOK_URL",
    description:
      "Where the Stripe stand-in delivers connected-account events such as account.updated (local stack only).",
    derived: (ports) => `http://127.0.0.1:${ports.convexSite}/stripe/connect-webhook`,
  },
  {
    name: "RESEND_API_KEY",
    description: "Resend API key (re_…) that sends the notification emails (Resend → API keys).",
    generate: () => `re_${randomBytes(18).toString("base64url")}`,
  },
  {
    name: "LOCAL_RUNTIME_HOST_MAP",
    description:
      "Where the local runtime sends functions' requests for a real service instead (from=to, comma-separated): the Resend component calls https://api.resend.com directly. Local stack only.",
    derived: (ports) => `https://api.resend.com=http://127.0.0.1:${ports.standIns}/resend`,
  },
  {
    name: "LOCAL_RUNTIME_OUTBOUND",
    description:
      'Set to "loopback-only", the local runtime refuses functions\' requests that would leave this machine; "any" lets them out (to try real services). Local stack only.',
    derived: () => "loopback-only",
  },
  {
    name: "EMAIL_FROM",
    description: "Sender of the notification emails, on a domain verified at Resend.",
    derived: () => "Bounties <notifications@bounties.local>",
  },
  {
    name: "EMAIL_LINK_SECRET",
    description: "Random secret that signs the emails' one-click unsubscribe links (HMAC-SHA256).",
    generate: secret,
  },
  {
    name: "PLATFORM_TOKEN_SECRET",
    description:
      "32 random bytes, base64: seals creators' YouTube/TikTok tokens stored in the database.",
    generate: () => randomBytes(32).toString("base64"),
  },
  {
    name: "SIGN_UP_LIMIT_PER_ADDRESS",
    description:
      "New accounts one client address may make per hour (also the burst); unset: 5. Locally every visitor is 127.0.0.1, so the stack allows many.",
    derived: () => "10000",
  },
  {
    name: "CLIENT_IP_HEADER",
    description:
      "Header your own proxies write the client's address into (X-Forwarded-For, CF-Connecting-IP…); unset (the default) trusts no header and uses the address Convex saw.",
  },
  {
    name: "CLIENT_IP_TRUSTED_HOPS",
    description:
      "How many of your proxies append to CLIENT_IP_HEADER (the client is that many entries from the right); default 1.",
  },
  {
    name: "CONVEX_LOCAL_ADMIN_KEY",
    description:
      "Admin key of the local Convex runtime (internal functions, moving its clock); local stack only.",
    generate: secret,
  },
  {
    name: "LOCAL_STAND_INS_URL",
    description: "Base URL of the local stand-ins for outside services (local stack only).",
    derived: (ports) => `http://127.0.0.1:${ports.standIns}`,
  },
];

function quote(value: string): string {
  return /^[\w@%+=:,./~-]*$/.test(value) ? value : `'${value.replace(/'/g, "")}'`;
}

/**
 * Loads the env file, adding any generated secret it lacks (new variables from newer code
 * reach old files), and returns the full environment for the stack's ports.
 */
export async function loadStackEnv(
  file: string,
  ports: StackPorts,
): Promise<Record<string, string>> {
  const stored = existsSync(file)
    ? (parseEnv(readFileSync(file, "utf8")) as Record<string, string>)
    : {};
  const missing = ENV_VARS.filter((spec) => spec.generate && stored[spec.name] === undefined);
  if (missing.length > 0 || !existsSync(file)) {
    for (const spec of missing) stored[spec.name] = await spec.generate!();
    const lines = [
      "# Local environment of the Bounties stack, generated by `npm start`. Not committed.",
      '# Edit values here to use real services; see README.md "Environment variables".',
      "# Derived values (URLs of the local stack) can be overridden by adding them here too.",
      ...Object.entries(stored).map(([name, value]) => `${name}=${quote(value)}`),
      "",
    ];
    writeFileSync(file, lines.join("\n"), { mode: 0o600 });
  }
  const env: Record<string, string> = {};
  for (const spec of ENV_VARS) if (spec.derived) env[spec.name] = spec.derived(ports);
  return { ...env, ...stored };
}
