// Verifies client JWTs against the providers of the app's `auth.config.ts`, the way Convex
// does: OIDC discovery for `{domain, applicationID}` providers, a JWKS for `customJwt` ones,
// then signature, issuer, audience and expiry; the claims become the user identity.
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from "jose";
import type { Identity } from "./engine/execution.js";

interface OidcProvider {
  domain: string;
  applicationID: string;
}
interface CustomJwtProvider {
  type: "customJwt";
  issuer: string;
  jwks: string;
  algorithm: string;
  applicationID?: string;
}
type Provider = OidcProvider | CustomJwtProvider;

export class AuthError extends Error {}

const CLAIM_TO_ATTRIBUTE: Record<string, string> = {
  name: "name",
  given_name: "givenName",
  family_name: "familyName",
  nickname: "nickname",
  preferred_username: "preferredUsername",
  profile: "profileUrl",
  picture: "pictureUrl",
  email: "email",
  email_verified: "emailVerified",
  gender: "gender",
  birthdate: "birthday",
  zoneinfo: "timezone",
  locale: "language",
  phone_number: "phoneNumber",
  phone_number_verified: "phoneNumberVerified",
  address: "address",
  updated_at: "updatedAt",
};
const REGISTERED_CLAIMS = new Set(["iss", "sub", "aud", "exp", "nbf", "iat", "jti"]);

const trimSlash = (url: string) => url.replace(/\/+$/, "");

export class TokenVerifier {
  private keySets = new Map<string, Promise<JWTVerifyGetKey>>();

  constructor(private providers: Provider[]) {}

  static fromAuthConfig(config: { providers?: unknown[] } | null): TokenVerifier {
    return new TokenVerifier((config?.providers ?? []) as Provider[]);
  }

  async verify(token: string): Promise<Identity> {
    if (this.providers.length === 0) {
      throw new AuthError("No auth providers are configured (convex/auth.config.ts).");
    }
    let unverified: JWTPayload;
    try {
      unverified = JSON.parse(
        Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"),
      ) as JWTPayload;
    } catch {
      throw new AuthError("Could not parse JWT payload.");
    }
    const issuer = trimSlash(String(unverified.iss ?? ""));
    const provider = this.providers.find((p) =>
      "type" in p && p.type === "customJwt"
        ? trimSlash(p.issuer) === issuer
        : trimSlash((p as OidcProvider).domain) === issuer,
    );
    if (!provider) {
      throw new AuthError(
        `No auth provider found matching the given token (issuer ${unverified.iss ?? "missing"}).`,
      );
    }
    const audience = "type" in provider ? provider.applicationID : provider.applicationID;
    let payload: JWTPayload;
    try {
      const verified = await jwtVerify(token, await this.keySet(provider), {
        issuer: [issuer, `${issuer}/`],
        ...(audience ? { audience } : {}),
        ...("type" in provider ? { algorithms: [provider.algorithm] } : {}),
      });
      payload = verified.payload;
    } catch (e) {
      throw new AuthError(`Could not verify token claim: ${(e as Error).message}`);
    }
    if (!payload.sub) throw new AuthError("Token has no subject (sub).");
    const identity: Identity = {
      subject: payload.sub,
      issuer: String(payload.iss),
      tokenIdentifier: `${String(payload.iss)}|${payload.sub}`,
    };
    for (const [claim, value] of Object.entries(payload)) {
      if (REGISTERED_CLAIMS.has(claim) || value === undefined) continue;
      identity[CLAIM_TO_ATTRIBUTE[claim] ?? claim] = value;
    }
    return identity;
  }

  /** Seconds until the token expires, or null when it has no expiry. */
  static expiresInMs(token: string): number | null {
    try {
      const payload = JSON.parse(
        Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"),
      ) as JWTPayload;
      return typeof payload.exp === "number" ? payload.exp * 1000 - Date.now() : null;
    } catch {
      return null;
    }
  }

  private keySet(provider: Provider): Promise<JWTVerifyGetKey> {
    const key = JSON.stringify(provider);
    let keySet = this.keySets.get(key);
    if (!keySet) {
      keySet = this.loadKeySet(provider);
      keySet.catch(() => this.keySets.delete(key));
      this.keySets.set(key, keySet);
    }
    return keySet;
  }

  private async loadKeySet(provider: Provider): Promise<JWTVerifyGetKey> {
    if ("type" in provider && provider.type === "customJwt") {
      if (provider.jwks.startsWith("data:")) {
        const json = decodeURIComponent(provider.jwks.slice(provider.jwks.indexOf(",") + 1));
        return createLocalJWKSet(JSON.parse(json) as Parameters<typeof createLocalJWKSet>[0]);
      }
      return createRemoteJWKSet(new URL(provider.jwks));
    }
    const domain = trimSlash((provider as OidcProvider).domain);
    const response = await fetch(`${domain}/.well-known/openid-configuration`);
    if (!response.ok) {
      throw new AuthError(`OIDC discovery failed for ${domain}: HTTP ${response.status}`);
    }
    const discovery = (await response.json()) as { jwks_uri?: string };
    if (!discovery.jwks_uri) throw new AuthError(`OIDC discovery for ${domain} has no jwks_uri`);
    return createRemoteJWKSet(new URL(discovery.jwks_uri));
  }
}
