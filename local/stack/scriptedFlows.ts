// The browser steps of the product's outside flows, done over HTTP against the local
// stand-ins: connecting YouTube/TikTok and paying a checkout. Used by the demo data loader and
// by tests that need data quickly (the journeys under test still use the browser).
import type { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import type { Person } from "./signInClient.js";

const fn = {
  startConnection: makeFunctionReference<"action">("platforms:startConnection"),
  finishConnection: makeFunctionReference<"action">("platforms:finishConnection"),
  startCheckout: makeFunctionReference<"action">("contributions:startCheckout"),
};

async function authorizeAndReturn(
  client: ConvexHttpClient,
  platform: "YouTube" | "TikTok",
  form: Record<string, string>,
) {
  const { url } = (await client.action(fn.startConnection, {
    platform,
    returnToSettings: false,
  })) as { url: string };
  const authorize = new URL(url);
  const decided = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: "POST",
    body: new URLSearchParams({ query: authorize.search, action: "allow", ...form }),
    redirect: "manual",
  });
  const back = new URL(decided.headers.get("location") ?? "");
  const code = back.searchParams.get("code");
  const state = back.searchParams.get("state");
  if (!code || !state) throw new Error(`${platform} authorization did not return a code`);
  await client.action(fn.finishConnection, { platform, code, state });
}

/** Connects the person's YouTube channel (Google stand-in, same person). */
export const connectYouTube = (client: ConvexHttpClient, person: Person) =>
  authorizeAndReturn(client, "YouTube", { name: person.name, email: person.email });

/** Connects a TikTok account (TikTok stand-in), creating it when it is new. */
export const connectTikTok = (
  client: ConvexHttpClient,
  account: { username: string; displayName: string; email?: string },
) =>
  authorizeAndReturn(client, "TikTok", {
    username: account.username,
    display_name: account.displayName,
    ...(account.email ? { email: account.email } : {}),
  });

/** A call to a stand-in's control API (tests and the demo drive outside services with it). */
export async function control<T>(standInsUrl: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${standInsUrl}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Uploads a video to the person's channel on the YouTube stand-in; returns its watch URL. */
export async function uploadYouTubeVideo(
  standInsUrl: string,
  email: string,
  video: { title: string; durationSeconds: number; description?: string },
) {
  return (
    await control<{ url: string }>(standInsUrl, "/__control/youtube/videos", { email, ...video })
  ).url;
}

/** Posts a video on the TikTok stand-in; returns its URL. */
export async function postTikTokVideo(
  standInsUrl: string,
  username: string,
  video: { title: string; durationSeconds: number },
) {
  return (
    await control<{ url: string }>(standInsUrl, "/__control/tiktok/videos", { username, ...video })
  ).url;
}

/** Funds an idea through Stripe Checkout, paying on the stand-in as the given payer. */
export async function fundIdea(
  client: ConvexHttpClient,
  standInsUrl: string,
  ideaId: string,
  amountCents: number,
  payer: { name: string; email: string; country?: string },
): Promise<string> {
  const { url } = (await client.action(fn.startCheckout, { ideaId, amountCents })) as {
    url: string;
  };
  const sessionId = new URL(url).pathname.split("/").pop()!;
  await control(standInsUrl, `/__control/stripe/sessions/${sessionId}/pay`, {
    outcome: "paid",
    country: "US",
    ...payer,
  });
  return sessionId;
}
