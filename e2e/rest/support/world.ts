// What the cases need to exist on the stack (ideas, videos, submissions, contributions), made
// through the REST API itself and the stand-ins' control APIs, as a client and the outside
// services would make them.
import {
  control,
  postTikTokVideo,
  uploadYouTubeVideo,
} from "../../../local/stack/scriptedFlows.js";
import { call, expectOk, stack } from "./http.js";
import type { Person } from "./people.js";
import * as shape from "./shapes.js";

const DAY = 24 * 3600 * 1000;

let ideas = 0;
/** Words the content filter cannot read as a word (letters with no vowel). */
export function uniqueWord(): string {
  ideas += 1;
  const letters = "bdgjmpqvwxz";
  let n = Date.now() * 1000 + ideas;
  let word = "";
  while (n > 0) {
    word += letters[n % letters.length];
    n = Math.floor(n / letters.length);
  }
  return `zq${word}`;
}

export interface IdeaOptions {
  platform?: "YouTube" | "TikTok" | "Any";
  durations?: ("SHORT" | "MEDIUM" | "LONG")[];
  daysLeft?: number;
}

/** A valid body for POST /server/api/proposals/submit. */
export function ideaBody(options: IdeaOptions = {}) {
  return {
    oneLiner: `Owls of Oslo at dusk ${uniqueWord()}`,
    description: "",
    platform: options.platform ?? "Any",
    expiration: new Date(Date.now() + (options.daysLeft ?? 14) * DAY).toISOString(),
    selectedDurations: options.durations ?? ["SHORT", "MEDIUM", "LONG"],
  };
}

/** Posts an idea through the REST API; returns its id. */
export async function newIdea(author: Person, options: IdeaOptions = {}): Promise<string> {
  const answer = await call("POST", "/server/api/proposals/submit", {
    token: author.token,
    body: ideaBody(options),
  });
  return expectOk(answer, 201, shape.createdProposal).proposal.id;
}

/** A new video on the person's channel on the YouTube stand-in; returns its watch URL. */
export async function newYouTubeVideo(creator: Person, title = `Owls ${uniqueWord()}`) {
  return await uploadYouTubeVideo(stack().standInsUrl, creator.email, {
    title,
    durationSeconds: 95,
  });
}

/** A new video of a TikTok account on the TikTok stand-in; returns its URL. */
export async function newTikTokVideo(username: string, title = `Owls ${uniqueWord()}`) {
  return await postTikTokVideo(stack().standInsUrl, username, { title, durationSeconds: 40 });
}

/** Submits a new YouTube video of the creator to the idea; returns the submission's id. */
export async function newSubmission(creator: Person, ideaId: string): Promise<string> {
  const answer = await call("POST", "/server/api/submissions/submit", {
    token: creator.token,
    body: { link: await newYouTubeVideo(creator), proposalId: ideaId },
  });
  return expectOk(answer, 201, shape.createdSubmission).submission.id;
}

/** Starts a checkout through the REST API (anonymous without a person); returns the session id. */
export async function newCheckout(
  contributor: Person | null,
  ideaId: string,
  amountCents = 500,
): Promise<string> {
  const answer = await call("POST", "/server/api/stripe/create-checkout", {
    ...(contributor ? { token: contributor.token } : {}),
    // A client key of its own, so anonymous checkouts of different cases share no rate limit.
    headers: { "X-Forwarded-For": `198.51.100.${(ideas++ % 250) + 1}` },
    body: {
      postId: ideaId,
      amount: amountCents,
      type: "proposal",
      userId: contributor?.id ?? null,
    },
  });
  const { url } = expectOk(answer, 200, shape.checkout);
  return new URL(url).pathname.split("/").pop()!;
}

/** Pays a checkout on the Stripe stand-in (its webhook then reaches the app). */
export async function pay(
  sessionId: string,
  payer = { name: "Pat Payer", email: "pat@example.com" },
) {
  await control(stack().standInsUrl, `/__control/stripe/sessions/${sessionId}/pay`, {
    outcome: "paid",
    country: "US",
    ...payer,
  });
}

/** Waits until the contribution of a checkout is paid (the webhook arrived). */
export async function paidContribution(sessionId: string, token?: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await call("GET", `/server/api/contributions/${sessionId}`, { token });
    if (
      answer.status === 200 &&
      shape.contribution.parse(answer.json).contribution.status === "paid"
    )
      return shape.contribution.parse(answer.json);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The contribution of ${sessionId} was never paid`);
}

/**
 * What anyone could notice about a world through the API: its idea (votes, bounty, submissions),
 * the owner's profile, contribution and lists, and the site's counters. A refused request must
 * leave all of it as it was.
 */
export async function observe(w: {
  owner: Person;
  ideaId: string;
  sessionId?: string;
}): Promise<Record<string, unknown>> {
  const paths: [string, string | undefined][] = [
    [`/server/api/proposals/${w.ideaId}`, undefined],
    [`/server/api/proposals/${w.ideaId}/bounty`, undefined],
    [`/server/api/proposals/${w.ideaId}/submissions`, w.owner.token],
    ["/server/api/proposals?param=Recent&limit=100", w.owner.token],
    ["/server/api/stats", undefined],
    ["/server/api/check-user", w.owner.token],
    ["/server/api/profile/proposals", w.owner.token],
    ["/server/api/profile/submissions", w.owner.token],
    ["/server/api/profile/videos", w.owner.token],
    [`/server/api/profile/contributions?proposalIds=${w.ideaId}`, w.owner.token],
    ...(w.sessionId
      ? ([[`/server/api/contributions/${w.sessionId}`, w.owner.token]] as [string, string][])
      : []),
  ];
  const seen: Record<string, unknown> = {};
  for (const [path, token] of paths) {
    const answer = await call("GET", path, { token });
    seen[path] = [answer.status, answer.json];
  }
  return seen;
}
