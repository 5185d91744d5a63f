// Convex Auth's OAuth routes (`/api/auth/signin/*`, `/api/auth/callback/*`), each behind a
// guard (convex/http.ts installs them through `guardedAuthRoutes`):
// - any failure is a plain 400 (sign-in route) or a redirect to the web app (callback), never a
//   5xx and never a word about the configuration (the details go to the log);
// - the sign-in route gives the browser a device cookie (the sign-up limit per device);
// - a callback is handed to Convex Auth only in the browser that started its sign-in: with the
//   flow's PKCE cookie and a state cookie equal to the callback's `state`. Anything else (a
//   callback opened in another browser, a code replayed with someone else's state) is refused
//   before any call to the provider, so the code is not spent and stays usable by its own flow;
// - the callback notes its client (address, device) for the sign-up limits, and a sign-in
//   refused by them comes back to the login page saying so, and so does a banned person.
import type { HttpRouter, PublicHttpAction, RouteSpec } from "convex/server";
import { httpAction, type ActionCtx } from "../../_generated/server";
import { internal } from "../../_generated/api";
import { clientKeyOf } from "./clientAddress";
import { BANNED_PARAM, SIGN_UP_WAIT_PARAM } from "./signUpWords";

type HttpHandler = (ctx: ActionCtx, request: Request) => Promise<Response>;

const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{32,64}$/;

/** Convex Auth's cookie names: `__Host-` prefixed except on a local (http) deployment. */
function cookieName(name: string): string {
  const local = /(localhost|127\.0\.0\.1):\d+/.test(process.env.CONVEX_SITE_URL ?? "");
  return `${local ? "" : "__Host-"}${name}`;
}

export const deviceCookieName = () => cookieName("bountiesDevice");

export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      // A malformed value is no value.
    }
  }
  return cookies;
}

/** The browser's device id from its cookie, or null. */
function deviceOf(cookies: Map<string, string>): string | null {
  const value = cookies.get(deviceCookieName());
  return value !== undefined && DEVICE_ID.test(value) ? value : null;
}

/** The bucket key of a device: a hash, so stored keys are not the cookie itself. */
async function deviceKey(device: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(device));
  return `device:${btoa(String.fromCharCode(...new Uint8Array(digest))).slice(0, 32)}`;
}

function newDeviceCookie(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  return `${deviceCookieName()}=${id}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; Secure; SameSite=Lax`;
}

/**
 * Why a callback may not go on to Convex Auth in this browser; null when it may. The provider
 * is whatever the path names (an unknown one fails inside Convex Auth, as before).
 */
export function callbackMismatch(request: Request): string | null {
  const url = new URL(request.url);
  const provider = url.pathname.split("/").pop() ?? "";
  const cookies = parseCookies(request.headers.get("cookie"));
  if (!cookies.get(cookieName(`${provider}OAuthpkce`)))
    return "no sign-in was started in this browser (no PKCE cookie)";
  const expected = cookies.get(cookieName(`${provider}OAuthstate`));
  if (!expected) return "no sign-in was started in this browser (no state cookie)";
  // Form-posted callbacks (Apple's style) carry the state in the body: Convex Auth checks those.
  const state = url.searchParams.get("state");
  if (state !== null && state !== expected) return "the state is not this browser's";
  if (state === null && request.method === "GET") return "the callback has no state";
  return null;
}

const siteUrl = () => process.env.SITE_URL ?? "http://localhost:5173";

/** The login page with its "sign-in failed" notice (the spec's message). */
const failedSignIn = () => Response.redirect(`${siteUrl()}/login?signin=1`, 302);

/** A refused sign-up: back where Convex Auth was sending the person, with the wait. */
function signUpRefused(response: Response, waitSeconds: number): Response {
  const location = response.headers.get("location");
  let target: URL;
  try {
    target = new URL(location ?? "", siteUrl());
  } catch {
    target = new URL(`${siteUrl()}/login?signin=1`);
  }
  target.searchParams.set(SIGN_UP_WAIT_PARAM, String(waitSeconds));
  return Response.redirect(target.toString(), 302);
}

function signedInWithCode(response: Response): boolean {
  const location = response.headers.get("location");
  if (response.status >= 400 || location === null) return false;
  try {
    return new URL(location, siteUrl()).searchParams.has("code");
  } catch {
    return false;
  }
}

async function guardCallback(ctx: ActionCtx, request: Request, inner: HttpHandler) {
  const mismatch = callbackMismatch(request);
  if (mismatch !== null) {
    console.warn(`Refused a sign-in callback before any provider call: ${mismatch}`);
    return failedSignIn();
  }
  const { requestId } = await ctx.meta.getRequestMetadata();
  const device = deviceOf(parseCookies(request.headers.get("cookie")));
  await ctx.runMutation(internal.clients.noteSignIn, {
    requestId,
    address: await clientKeyOf(ctx, request),
    device: device === null ? null : await deviceKey(device),
  });
  let response: Response | null = null;
  try {
    response = await inner(ctx, request);
  } catch (e) {
    console.warn("A sign-in callback failed:", e);
  }
  const { banned, wait } = await ctx.runMutation(internal.clients.finishSignIn, { requestId });
  // A banned person: the code never reaches the browser, and the login page says why.
  if (banned) return Response.redirect(`${siteUrl()}/login?signin=1&${BANNED_PARAM}=1`, 302);
  if (response !== null && signedInWithCode(response)) return response;
  // Convex Auth turns any failure into a redirect without a code; when this client's sign-up
  // buckets are empty, the failure was (almost surely) a new account they refused.
  if (wait !== null) return signUpRefused(response ?? failedSignIn(), wait);
  if (response !== null && response.status < 400) return response;
  return failedSignIn();
}

async function guardSignIn(ctx: ActionCtx, request: Request, inner: HttpHandler) {
  let response: Response;
  try {
    response = await inner(ctx, request);
  } catch (e) {
    console.warn("A sign-in start failed:", e);
    return badSignInRequest();
  }
  if (response.status >= 400) {
    console.warn(`Convex Auth answered ${response.status} to a sign-in start`);
    return badSignInRequest();
  }
  if (deviceOf(parseCookies(request.headers.get("cookie"))) !== null) return response;
  const headers = new Headers(response.headers);
  headers.append("Set-Cookie", newDeviceCookie());
  return new Response(response.body, { status: response.status, headers });
}

const badSignInRequest = () =>
  new Response(JSON.stringify({ error: "Invalid sign-in request." }), {
    status: 400,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });

/** A router that installs Convex Auth's OAuth routes behind the guards above. */
export function guardedAuthRoutes(router: HttpRouter): Pick<HttpRouter, "route"> {
  return {
    route: (spec: RouteSpec) => {
      const path = "path" in spec ? spec.path : spec.pathPrefix;
      const inner = (spec.handler as PublicHttpAction & { _handler: HttpHandler })._handler;
      if (!path.startsWith("/api/auth/") || typeof inner !== "function") {
        router.route(spec);
        return;
      }
      const guard = path.startsWith("/api/auth/callback/") ? guardCallback : guardSignIn;
      const handler = httpAction((ctx, request) => guard(ctx, request, inner));
      router.route({ ...spec, handler } as RouteSpec);
    },
  };
}
