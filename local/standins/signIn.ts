// Sign-in stand-in: an OpenID Connect provider standing in for Google (under /google) and an
// OAuth 2 provider standing in for Discord (under /discord/api), speaking their real
// protocols (authorization code + PKCE, client authentication, ID tokens, user info).
// Its sign-in page lets a tester pick or type a person, or refuse.
import { createHash, randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from "jose";
import {
  escapeHtml,
  json,
  page,
  redirect,
  redirectUriProblem,
  registeredRedirectUris,
  StandIn,
  Store,
  type RouteRequest,
  type StandInContext,
  tokenJson,
} from "./framework.js";

interface Person {
  name: string;
  email: string;
}

interface Grant {
  provider: "google" | "discord";
  clientId: string;
  redirectUri: string;
  scope: string;
  person: Person;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  nonce?: string;
  expiresAt: number;
}

interface State {
  people: Person[];
  codes: Record<string, Grant>;
  accessTokens: Record<string, Grant>;
  refreshTokens: Record<string, Grant>;
  privateJwk?: JWK;
}

const SAMPLE_PEOPLE: Person[] = [
  { name: "Ada Lovelace", email: "ada@example.com" },
  { name: "Grace Hopper", email: "grace@example.com" },
  { name: "Alan Turing", email: "alan@example.com" },
];

const CODE_TTL_MS = 10 * 60 * 1000;
const ACCESS_TOKEN_TTL_S = 3600;

const random = () => randomBytes(24).toString("base64url");
const digitsFrom = (text: string, length: number) =>
  BigInt(`0x${createHash("sha256").update(text).digest("hex")}`)
    .toString()
    .slice(0, length);

/** Stable ids per email, shaped like each provider's. */
export const googleSub = (email: string) => `1${digitsFrom(`google:${email.toLowerCase()}`, 20)}`;
export const discordId = (email: string) => `1${digitsFrom(`discord:${email.toLowerCase()}`, 17)}`;

/** Who a Google access token belongs to, for the Google APIs that stand in beside sign-in. */
export interface GoogleAccount {
  sub: string;
  name: string;
  email: string;
  scope: string;
}

export type SignInStandIn = StandIn & {
  googleAccountFor(accessToken: string): GoogleAccount | null;
};

export function signInStandIn(ctx: StandInContext & { dataDir: string | null }): SignInStandIn {
  const store = new Store<State>(ctx.dataDir, "sign-in", () => ({
    people: [...SAMPLE_PEOPLE],
    codes: {},
    accessTokens: {},
    refreshTokens: {},
  }));
  const googleIssuer = `${ctx.baseUrl}/google`;
  const clients = {
    google: { id: ctx.env.AUTH_GOOGLE_ID, secret: ctx.env.AUTH_GOOGLE_SECRET },
    discord: { id: ctx.env.AUTH_DISCORD_ID, secret: ctx.env.AUTH_DISCORD_SECRET },
  };
  // The redirect URIs registered for each client (Google: sign-in and the YouTube connection).
  const redirectUris = {
    google: registeredRedirectUris(ctx.env, "GOOGLE_REDIRECT_URIS"),
    discord: registeredRedirectUris(ctx.env, "DISCORD_REDIRECT_URIS"),
  };

  const signingKey = (async () => {
    if (!store.data.privateJwk) {
      const { privateKey } = await generateKeyPair("RS256", { extractable: true });
      store.data.privateJwk = { ...(await exportJWK(privateKey)), kid: "stand-in", alg: "RS256" };
      store.changed();
    }
    const privateJwk = store.data.privateJwk;
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
    return { key: await importJWK(privateJwk, "RS256"), publicJwk: { ...publicJwk, use: "sig" } };
  })();

  const avatarUrl = (person: Person) => `${ctx.baseUrl}/avatars/${googleSub(person.email)}.svg`;

  function authorizeError(url: URL): string | null {
    const provider = url.pathname.startsWith("/google") ? "google" : "discord";
    const client = clients[provider];
    if (!client.id) return `The local stack has no ${provider} client configured.`;
    if (url.searchParams.get("client_id") !== client.id) return "Unknown client_id.";
    const redirectProblem = redirectUriProblem(
      url.searchParams.get("redirect_uri"),
      redirectUris[provider],
      provider === "google" ? "GOOGLE_REDIRECT_URIS" : "DISCORD_REDIRECT_URIS",
    );
    if (redirectProblem) return `Error 400: redirect_uri_mismatch. ${redirectProblem}`;
    if (url.searchParams.get("response_type") !== "code")
      return "Only response_type=code is supported.";
    return null;
  }

  function signInPage(url: URL, providerLabel: string, error?: string) {
    const hidden = `<input type="hidden" name="query" value="${escapeHtml(url.search)}">`;
    const people = store.data.people
      .map(
        (
          person,
        ) => `<form method="post">${hidden}<input type="hidden" name="name" value="${escapeHtml(person.name)}">
<input type="hidden" name="email" value="${escapeHtml(person.email)}">
<button type="submit" name="action" value="allow" class="secondary">Continue as ${escapeHtml(person.name)} (${escapeHtml(person.email)})</button></form>`,
      )
      .join("");
    return page(
      `Sign in with ${providerLabel}`,
      `<span class="badge">Local stand-in</span><h1>Sign in with ${escapeHtml(providerLabel)}</h1>
<p class="note">Bounties asks for your name, email address and profile picture${
        (url.searchParams.get("scope") ?? "").includes("youtube")
          ? ", and read-only access to your YouTube channel and its videos"
          : ""
      }.</p>
${error ? `<p role="alert" style="color:#b42318">${escapeHtml(error)}</p>` : ""}
<div class="choices">${people}</div>
<form method="post">${hidden}
<label for="name">Name</label><input id="name" name="name" autocomplete="name" required>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>
<button type="submit" name="action" value="allow">Continue</button>
<button type="submit" name="action" value="deny" class="danger" formnovalidate>Deny access</button>
</form>`,
    );
  }

  function decide(
    req: RouteRequest,
    provider: "google" | "discord",
    providerLabel: string,
  ): Response {
    const form = req.form();
    const url = new URL(`${req.url.origin}${req.url.pathname}${form.get("query") ?? ""}`);
    const problem = authorizeError(url);
    if (problem)
      return page("Sign-in error", `<h1>Sign-in error</h1><p>${escapeHtml(problem)}</p>`, 400);
    const redirectUri = url.searchParams.get("redirect_uri")!;
    const back = new URL(redirectUri);
    const state = url.searchParams.get("state");
    if (state !== null) back.searchParams.set("state", state);
    if (form.get("action") === "deny") {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "The user denied access.");
      return redirect(back.toString());
    }
    const name = (form.get("name") ?? "").trim();
    const email = (form.get("email") ?? "").trim().toLowerCase();
    if (!name || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      return signInPage(url, providerLabel, "Enter a name and a valid email address.");
    }
    const person = { name, email };
    if (!store.data.people.some((p) => p.email === email)) store.data.people.push(person);
    else store.data.people = store.data.people.map((p) => (p.email === email ? person : p));
    const code = random();
    store.data.codes[code] = {
      provider,
      clientId: url.searchParams.get("client_id")!,
      redirectUri,
      scope: url.searchParams.get("scope") ?? "",
      person,
      codeChallenge: url.searchParams.get("code_challenge") ?? undefined,
      codeChallengeMethod: url.searchParams.get("code_challenge_method") ?? undefined,
      nonce: url.searchParams.get("nonce") ?? undefined,
      expiresAt: Date.now() + CODE_TTL_MS,
    };
    store.changed();
    back.searchParams.set("code", code);
    if (provider === "google") back.searchParams.set("scope", store.data.codes[code]!.scope);
    return redirect(back.toString());
  }

  function clientCredentials(
    req: RouteRequest,
    form: URLSearchParams,
  ): { id: string | null; secret: string | null } {
    const header = req.request.headers.get("authorization");
    if (header?.startsWith("Basic ")) {
      const [id, secret] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
      return {
        id: decodeURIComponent((id ?? "").replace(/\+/g, " ")),
        secret: decodeURIComponent((secret ?? "").replace(/\+/g, " ")),
      };
    }
    return { id: form.get("client_id"), secret: form.get("client_secret") };
  }

  async function token(req: RouteRequest, provider: "google" | "discord"): Promise<Response> {
    const form = req.form();
    const credentials = clientCredentials(req, form);
    const client = clients[provider];
    if (credentials.id !== client.id || credentials.secret !== client.secret) {
      return tokenJson(
        { error: "invalid_client", error_description: "Client authentication failed." },
        401,
      );
    }
    let grant: Grant | undefined;
    let refreshToken: string | undefined;
    if (form.get("grant_type") === "authorization_code") {
      const code = form.get("code") ?? "";
      grant = store.data.codes[code];
      if (!grant || grant.provider !== provider || grant.expiresAt < Date.now()) {
        return tokenJson(
          { error: "invalid_grant", error_description: "Invalid or expired code." },
          400,
        );
      }
      if (form.get("redirect_uri") !== grant.redirectUri) {
        return tokenJson(
          { error: "invalid_grant", error_description: "redirect_uri mismatch." },
          400,
        );
      }
      const pkceProblem = pkceMismatch(grant, form.get("code_verifier"));
      if (pkceProblem)
        return tokenJson({ error: "invalid_grant", error_description: pkceProblem }, 400);
      // Only a successful exchange uses the code up: a request that fails a check (someone
      // else's verifier, a decoy from a browser without the flow's cookie) leaves it to the
      // flow it was issued to.
      delete store.data.codes[code];
      store.changed();
      refreshToken = random();
      store.data.refreshTokens[refreshToken] = grant;
    } else if (form.get("grant_type") === "refresh_token") {
      grant = store.data.refreshTokens[form.get("refresh_token") ?? ""];
      if (!grant || grant.provider !== provider) {
        return tokenJson(
          { error: "invalid_grant", error_description: "Invalid refresh token." },
          400,
        );
      }
    } else {
      return tokenJson({ error: "unsupported_grant_type" }, 400);
    }
    const accessToken = random();
    store.data.accessTokens[accessToken] = {
      ...grant,
      expiresAt: Date.now() + ACCESS_TOKEN_TTL_S * 1000,
    };
    store.changed();
    const body: Record<string, unknown> = {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: ACCESS_TOKEN_TTL_S,
      scope: grant.scope,
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    };
    if (provider === "google" && grant.scope.split(/\s+/).includes("openid")) {
      const { key } = await signingKey;
      const [givenName, ...rest] = grant.person.name.split(" ");
      body.id_token = await new SignJWT({
        email: grant.person.email,
        email_verified: true,
        name: grant.person.name,
        given_name: givenName,
        family_name: rest.join(" ") || undefined,
        picture: avatarUrl(grant.person),
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      })
        .setProtectedHeader({ alg: "RS256", kid: "stand-in" })
        .setIssuer(googleIssuer)
        .setAudience(grant.clientId)
        .setSubject(googleSub(grant.person.email))
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(key);
    }
    return tokenJson(body);
  }

  /**
   * PKCE as Google and Discord check it (RFC 7636): a code issued for a challenge needs the
   * matching verifier, and a verifier for a code issued without a challenge is refused too, so
   * a leaked code cannot be downgraded (RFC 9700 §2.1.1). Null when the verifier fits.
   */
  function pkceMismatch(grant: Grant, verifier: string | null): string | null {
    if (!grant.codeChallenge)
      return verifier === null ? null : "code_verifier sent for a request without code_challenge.";
    if (verifier === null) return "Missing code_verifier.";
    const computed = createHash("sha256").update(verifier).digest("base64url");
    const expected = grant.codeChallengeMethod === "plain" ? verifier : computed;
    return expected === grant.codeChallenge ? null : "PKCE verification failed.";
  }

  function bearerGrant(req: RouteRequest, provider: "google" | "discord"): Grant | null {
    const token = req.request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") ?? "";
    const grant = store.data.accessTokens[token];
    return grant && grant.provider === provider && grant.expiresAt > Date.now() ? grant : null;
  }

  const googleAccountFor = (accessToken: string): GoogleAccount | null => {
    const grant = store.data.accessTokens[accessToken];
    if (!grant || grant.provider !== "google" || grant.expiresAt <= Date.now()) return null;
    return { sub: googleSub(grant.person.email), ...grant.person, scope: grant.scope };
  };

  const standIn = new StandIn(
    "sign-in",
    "Google (OpenID Connect, /google) and Discord (OAuth 2, /discord/api) sign-in",
  )
    .route("GET", "/google/.well-known/openid-configuration", () =>
      json({
        issuer: googleIssuer,
        authorization_endpoint: `${googleIssuer}/o/oauth2/v2/auth`,
        token_endpoint: `${googleIssuer}/token`,
        userinfo_endpoint: `${googleIssuer}/v1/userinfo`,
        jwks_uri: `${googleIssuer}/oauth2/v3/certs`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
        code_challenge_methods_supported: ["plain", "S256"],
        grant_types_supported: ["authorization_code", "refresh_token"],
      }),
    )
    .route("GET", "/google/oauth2/v3/certs", async () =>
      json({ keys: [(await signingKey).publicJwk] }),
    )
    .route("GET", "/google/o/oauth2/v2/auth", ({ url }) => {
      const problem = authorizeError(url);
      return problem
        ? page("Sign-in error", `<h1>Sign-in error</h1><p>${escapeHtml(problem)}</p>`, 400)
        : signInPage(url, "Google");
    })
    .route("POST", "/google/o/oauth2/v2/auth", (req) => decide(req, "google", "Google"))
    .route("POST", "/google/token", (req) => token(req, "google"))
    .route("GET", "/google/v1/userinfo", (req) => {
      const grant = bearerGrant(req, "google");
      if (!grant) return json({ error: "invalid_token" }, 401);
      const [givenName, ...rest] = grant.person.name.split(" ");
      return json({
        sub: googleSub(grant.person.email),
        name: grant.person.name,
        given_name: givenName,
        family_name: rest.join(" ") || undefined,
        picture: avatarUrl(grant.person),
        email: grant.person.email,
        email_verified: true,
      });
    })
    .route("GET", "/discord/api/oauth2/authorize", ({ url }) => {
      const problem = authorizeError(url);
      return problem
        ? page("Sign-in error", `<h1>Sign-in error</h1><p>${escapeHtml(problem)}</p>`, 400)
        : signInPage(url, "Discord");
    })
    .route("POST", "/discord/api/oauth2/authorize", (req) => decide(req, "discord", "Discord"))
    .route("POST", "/discord/api/oauth2/token", (req) => token(req, "discord"))
    .route("GET", "/discord/api/users/@me", (req) => {
      const grant = bearerGrant(req, "discord");
      if (!grant) return json({ message: "401: Unauthorized", code: 0 }, 401);
      return json({
        id: discordId(grant.person.email),
        username: grant.person.email
          .split("@")[0]!
          .replace(/[^a-z0-9_.]/gi, "")
          .toLowerCase(),
        global_name: grant.person.name,
        discriminator: "0",
        avatar: null,
        email: grant.person.email,
        verified: true,
      });
    })
    .route("GET", "/avatars/:file", ({ params }) => {
      const sub = params.file!.replace(/\.svg$/, "");
      const person = store.data.people.find((p) => googleSub(p.email) === sub);
      const initials = (person?.name ?? "?")
        .split(/\s+/)
        .map((part) => part[0] ?? "")
        .join("")
        .slice(0, 2)
        .toUpperCase();
      const hue = Number(sub.slice(-3)) % 360;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="hsl(${hue} 55% 42%)"/><text x="48" y="58" font-family="system-ui,sans-serif" font-size="36" font-weight="600" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`;
      return new Response(svg, {
        headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=3600" },
      });
    });
  return Object.assign(standIn, { googleAccountFor });
}
