// TikTok Login Kit v2: the authorize page on www.tiktok.com (pick or type a TikTok person, choose
// which scopes to grant, or cancel), the token endpoint on open.tiktokapis.com (authorization
// code with optional PKCE, refresh tokens) and token revocation.
import { createHash, randomBytes, randomInt } from "node:crypto";
import {
  escapeHtml,
  json,
  page,
  redirect,
  redirectUriProblem,
  registeredRedirectUris,
  tokenJson,
  type RouteRequest,
  type StandInContext,
  type Store,
} from "../framework.js";
import { openIdFor, USERNAME, type Grant, type Person, type TikTokState } from "./data.js";
import { oauthError } from "./resources.js";

const CODE_TTL_MS = 10 * 60 * 1000;
const ACCESS_TTL_S = 86400;
const REFRESH_TTL_S = 31536000;
const SCOPES = [
  "user.info.basic",
  "user.info.profile",
  "user.info.stats",
  "video.list",
  "video.upload",
  "video.publish",
];
const SCOPE_LABELS: Record<string, string> = {
  "user.info.basic": "Read your profile info (avatar, display name)",
  "user.info.profile": "Read your profile details (username, bio, verified)",
  "user.info.stats": "Read your follower and like counts",
  "video.list": "Read your public videos on TikTok",
};

// Real codes and tokens carry "*", "!" and "." — callers must URL-decode and re-encode them.
const newCode = () => `${randomBytes(48).toString("base64url")}*0!${randomInt(1000, 9999)}`;
const newToken = (prefix: "act" | "rft") =>
  `${prefix}.${randomBytes(16).toString("hex")}${randomBytes(24).toString("base64url")}!${randomInt(1000, 9999)}`;

export interface TikTokOAuth {
  authorizePage(url: URL): Response;
  decide(req: RouteRequest): Response;
  token(req: RouteRequest): Response;
  revoke(req: RouteRequest): Response;
  /** The grant behind a request's Bearer token, or null. */
  grantFor(req: RouteRequest): Grant | null;
}

export function tiktokOAuth(
  ctx: StandInContext,
  store: Store<TikTokState>,
  personFor: (fields: { username: string; displayName?: string; email?: string }) => Person,
): TikTokOAuth {
  const clientKey = ctx.env.TIKTOK_CLIENT_KEY;
  const clientSecret = ctx.env.TIKTOK_CLIENT_SECRET;
  // The app's registered redirect URIs (TikTok for Developers → Login Kit → Redirect URI).
  const redirectUris = registeredRedirectUris(ctx.env, "TIKTOK_REDIRECT_URIS");

  function problemWith(url: URL): string | null {
    const params = url.searchParams;
    if (!clientKey) return "The local stack has no TikTok client configured (TIKTOK_CLIENT_KEY).";
    if (params.get("client_key") !== clientKey) return "client_key: this app is not registered.";
    if (params.get("response_type") !== "code") return "response_type must be code.";
    const redirectProblem = redirectUriProblem(
      params.get("redirect_uri"),
      redirectUris,
      "TIKTOK_REDIRECT_URIS",
    );
    if (redirectProblem) return `redirect_uri: ${redirectProblem}`;
    const scopes = (params.get("scope") ?? "").split(",").filter(Boolean);
    if (scopes.length === 0) return "scope: at least one scope is required.";
    const unknown = scopes.find((s) => !SCOPES.includes(s));
    if (unknown) return `scope: ${unknown} is not a TikTok scope this app may request.`;
    const method = params.get("code_challenge_method");
    if (params.get("code_challenge") && method !== "S256") {
      return "code_challenge_method must be S256.";
    }
    return null;
  }

  const errorPage = (problem: string) =>
    page(
      "TikTok authorization error",
      `<h1>Something went wrong</h1><p>${escapeHtml(problem)}</p>`,
      400,
    );

  function authorizePage(url: URL, error?: string): Response {
    const problem = problemWith(url);
    if (problem) return errorPage(problem);
    const scopes = url.searchParams.get("scope")!.split(",");
    const people = Object.values(store.data.people)
      .map(
        (p) =>
          `<button type="submit" name="username" value="${escapeHtml(p.username)}" class="secondary" formnovalidate>Continue as ${escapeHtml(p.displayName)} (@${escapeHtml(p.username)})</button>`,
      )
      .join("");
    // user.info.basic cannot be refused on TikTok; the others can be unticked.
    const scopeBoxes = scopes
      .map((s) =>
        s === "user.info.basic"
          ? `<li>${escapeHtml(SCOPE_LABELS[s]!)}</li>`
          : `<li><label style="display:inline;font-weight:400"><input type="checkbox" name="scope" value="${escapeHtml(s)}" checked style="width:auto"> ${escapeHtml(SCOPE_LABELS[s] ?? s)}</label></li>`,
      )
      .join("");
    return page(
      "Log in to TikTok",
      `<span class="badge">Local stand-in</span><h1>Bounties would like to access your TikTok account</h1>
${error ? `<p role="alert" style="color:#b42318">${escapeHtml(error)}</p>` : ""}
<form method="post"><input type="hidden" name="query" value="${escapeHtml(url.search)}"><input type="hidden" name="choose_scopes" value="1">
<p class="note">Bounties will be able to:</p><ul>${scopeBoxes}</ul>
<div class="choices">${people}</div>
<label for="display_name">Display name</label><input id="display_name" name="display_name" required>
<label for="new_username">Username</label><input id="new_username" name="new_username" pattern="@?[A-Za-z0-9._]{2,24}" required>
<label for="email">Email (optional)</label><input id="email" name="email" type="email">
<button type="submit" name="action" value="allow">Authorize</button>
<button type="submit" name="action" value="deny" class="danger" formnovalidate>Cancel</button>
</form>`,
    );
  }

  function decide(req: RouteRequest): Response {
    const form = req.form();
    const url = new URL(`${req.url.origin}${req.url.pathname}${form.get("query") ?? ""}`);
    const problem = problemWith(url);
    if (problem) return errorPage(problem);
    const params = url.searchParams;
    const back = new URL(params.get("redirect_uri")!);
    const state = params.get("state");
    if (form.get("action") === "deny") {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "The user denied the authorization request.");
      if (state !== null) back.searchParams.set("state", state);
      return redirect(back.toString());
    }
    const username = (form.get("username") || form.get("new_username") || "")
      .trim()
      .replace(/^@/, "")
      .toLowerCase();
    if (!USERNAME.test(username)) {
      return authorizePage(url, "Enter a username of 2–24 letters, digits, dots or underscores.");
    }
    const displayName = (form.get("display_name") ?? "").trim();
    if (!store.data.people[username] && !displayName) {
      return authorizePage(url, "Enter a display name for the new TikTok account.");
    }
    const email = (form.get("email") ?? "").trim().toLowerCase() || undefined;
    personFor({ username, displayName: displayName || undefined, email });
    const requested = params.get("scope")!.split(",");
    const scopes = form.get("choose_scopes")
      ? requested.filter((s) => s === "user.info.basic" || form.getAll("scope").includes(s))
      : requested;
    const now = Date.now();
    for (const [code, grant] of Object.entries(store.data.codes)) {
      if (grant.expiresAt < now) delete store.data.codes[code];
    }
    const code = newCode();
    store.data.codes[code] = {
      clientKey: clientKey!,
      username,
      scopes,
      redirectUri: params.get("redirect_uri")!,
      codeChallenge: params.get("code_challenge") ?? undefined,
      expiresAt: now + CODE_TTL_MS,
    };
    store.changed();
    back.searchParams.set("code", code);
    back.searchParams.set("scopes", scopes.join(","));
    if (state !== null) back.searchParams.set("state", state);
    return redirect(back.toString());
  }

  // TikTok's desktop guide hex-encodes the S256 challenge while RFC 7636 uses base64url; the
  // real service accepts what its own SDKs send, so both are accepted here.
  const pkceMatches = (verifier: string, challenge: string) => {
    const hash = createHash("sha256").update(verifier).digest();
    return challenge === hash.toString("base64url") || challenge === hash.toString("hex");
  };

  function issue(grant: Grant, refreshToken: string, refreshExpiresAt: number): Response {
    const accessToken = newToken("act");
    store.data.accessTokens[accessToken] = {
      ...grant,
      expiresAt: Date.now() + ACCESS_TTL_S * 1000,
    };
    store.changed();
    return tokenJson({
      access_token: accessToken,
      expires_in: ACCESS_TTL_S,
      open_id: openIdFor(grant.clientKey, grant.username),
      // Rounded: a token issued just now reports the whole year, as TikTok does.
      refresh_expires_in: Math.max(0, Math.round((refreshExpiresAt - Date.now()) / 1000)),
      refresh_token: refreshToken,
      scope: grant.scopes.join(","),
      token_type: "Bearer",
    });
  }

  function token(req: RouteRequest): Response {
    const form = req.form();
    if (
      !clientKey ||
      form.get("client_key") !== clientKey ||
      form.get("client_secret") !== clientSecret
    ) {
      return oauthError("invalid_client", "Client key or secret is incorrect.", 401);
    }
    const grantType = form.get("grant_type");
    if (grantType === "authorization_code") {
      const code = form.get("code") ?? "";
      const grant = store.data.codes[code];
      if (!grant || grant.expiresAt < Date.now() || grant.clientKey !== clientKey) {
        return oauthError("invalid_grant", "Authorization code is expired or invalid.");
      }
      if (form.get("redirect_uri") !== grant.redirectUri) {
        return oauthError(
          "invalid_grant",
          "redirect_uri does not match the authorization request.",
        );
      }
      // PKCE (RFC 7636): the request's verifier, and no verifier for a code issued without a
      // challenge (no downgrade, RFC 9700 §2.1.1).
      const verifier = form.get("code_verifier");
      if (
        grant.codeChallenge
          ? verifier === null || !pkceMatches(verifier, grant.codeChallenge)
          : verifier !== null
      ) {
        return oauthError("invalid_request", "Code verifier or code challenge is invalid.");
      }
      // Only a successful exchange uses the code up; a refused one leaves it to its own flow.
      delete store.data.codes[code];
      store.changed();
      const refreshToken = newToken("rft");
      const refreshExpiresAt = Date.now() + REFRESH_TTL_S * 1000;
      store.data.refreshTokens[refreshToken] = { ...grant, expiresAt: refreshExpiresAt };
      return issue(grant, refreshToken, refreshExpiresAt);
    }
    if (grantType === "refresh_token") {
      const refreshToken = form.get("refresh_token") ?? "";
      const grant = store.data.refreshTokens[refreshToken];
      if (!grant || grant.expiresAt < Date.now() || grant.clientKey !== clientKey) {
        return oauthError("invalid_grant", "Refresh token is invalid or expired.");
      }
      return issue(grant, refreshToken, grant.expiresAt);
    }
    return oauthError(
      "unsupported_grant_type",
      `Grant type ${grantType ?? "(none)"} is not supported.`,
    );
  }

  /** Revoking any token ends the app's access to that account (all its tokens). */
  function revoke(req: RouteRequest): Response {
    const form = req.form();
    if (
      !clientKey ||
      form.get("client_key") !== clientKey ||
      form.get("client_secret") !== clientSecret
    ) {
      return oauthError("invalid_client", "Client key or secret is incorrect.", 401);
    }
    const token = form.get("token") ?? "";
    const grant = store.data.accessTokens[token] ?? store.data.refreshTokens[token];
    if (grant) {
      for (const table of [store.data.accessTokens, store.data.refreshTokens]) {
        for (const [key, g] of Object.entries(table)) {
          if (g.username === grant.username && g.clientKey === grant.clientKey) delete table[key];
        }
      }
      store.changed();
    }
    return json({});
  }

  function grantFor({ request }: RouteRequest): Grant | null {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
    const grant = store.data.accessTokens[token];
    return grant && grant.expiresAt > Date.now() ? grant : null;
  }

  return { authorizePage: (url) => authorizePage(url), decide, token, revoke, grantFor };
}
