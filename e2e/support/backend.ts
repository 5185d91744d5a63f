// Talking to the stack's backend directly from a test, as a signed-in person: for setting up
// data quickly (the journeys under test still go through the browser).
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { clientFor, signInThroughStandIn } from "../../local/stack/signInClient.js";
import { moveStackClock } from "../../local/stack/stack.js";
import { newPersonDetails, type Person } from "./signIn.js";
import { currentStack } from "./stack.js";

export const convexUrl = () => currentStack().convexUrl;
export const standInsUrl = () => currentStack().standInsUrl;

// Journeys that move the clock share one stack, and creation times never go back (as on
// Convex): after a journey moved the clock forward and back, a new idea is "created" at the
// furthest time reached, so a video published now would count as published before it. A
// journey that depends on that order starts with `startPastCreations()`: the clocks move past
// every creation time so far, and `moveClock` and `postIdea` count from there.
let base = 0;
let offset = 0;

async function setStackClock(offsetMs: number) {
  await moveStackClock(
    {
      convexUrl: convexUrl(),
      standInsUrl: standInsUrl(),
      env: { CONVEX_LOCAL_ADMIN_KEY: currentStack().adminKey },
    },
    offsetMs,
  );
  offset = offsetMs;
}

/**
 * Moves the clocks of the runtime and the stand-ins (admin), e.g. past an idea's judging week,
 * counting from this journey's start. `moveClock(0)` puts them back on real time.
 */
export async function moveClock(offsetMs: number) {
  if (offsetMs === 0) base = 0;
  await setStackClock(base + offsetMs);
}

/** The stack's time now (real time plus how far this journey moved the clocks). */
export const stackNow = () => Date.now() + offset;

/** Moves the clocks past every creation time so far; this journey's times count from there. */
export async function startPastCreations() {
  const probe = await newBackendPerson("Clock Probe");
  const id = await probe.client.mutation(fn.createIdea, {
    oneLiner: `Clock probe ${uniqueWord()}`,
    platform: "Any",
    durations: ["SHORT"],
    expiration: Date.now() + offset + 300 * 24 * 3600_000,
    links: [],
  });
  const { _creationTime } = (await probe.client.query(fn.getIdea, { ideaId: id })) as {
    _creationTime: number;
  };
  base = Math.max(0, Math.ceil(_creationTime - Date.now()) + 60_000);
  await setStackClock(base);
}

export const fn = {
  saveOnboarding: makeFunctionReference<"mutation">("users:saveOnboarding"),
  createIdea: makeFunctionReference<"mutation">("ideas:create"),
  voteOnIdea: makeFunctionReference<"mutation">("ideas:vote"),
  stats: makeFunctionReference<"query">("stats:get"),
  submitVideo: makeFunctionReference<"action">("submissions:submit"),
  getIdea: makeFunctionReference<"query">("ideas:get"),
};

export interface Backend {
  person: Person;
  client: ConvexHttpClient;
}

/** A new onboarded person with a session, acting over the HTTP API. */
export async function newBackendPerson(
  name = "Helper Person",
  accountType = "Viewer",
): Promise<Backend> {
  const person = newPersonDetails(name);
  const client = clientFor(convexUrl(), await signInThroughStandIn(convexUrl(), person));
  await client.mutation(fn.saveOnboarding, { accountType, preferredPlatform: "Both" });
  return { person, client };
}

/**
 * The same person signed in again (a session token lasts an hour: after the clock moved by
 * days, their old one has expired).
 */
export async function signInAgain(who: Backend): Promise<Backend> {
  const token = await signInThroughStandIn(convexUrl(), who.person);
  return { person: who.person, client: clientFor(convexUrl(), token) };
}

export async function postIdea(
  who: Backend,
  idea: {
    oneLiner: string;
    platform?: "YouTube" | "TikTok" | "Any";
    durations?: ("SHORT" | "MEDIUM" | "LONG")[];
    hoursLeft?: number;
    secondsLeft?: number;
    links?: string[];
    /** "What should the video show?" */
    brief?: string;
  },
): Promise<string> {
  return (await who.client.mutation(fn.createIdea, {
    oneLiner: idea.oneLiner,
    platform: idea.platform ?? "Any",
    durations: idea.durations ?? ["SHORT"],
    // Counted from the stack's clock, which a journey may have moved.
    expiration:
      Date.now() + offset + (idea.secondsLeft ?? (idea.hoursLeft ?? 24 * 14) * 3600) * 1000,
    links: idea.links ?? [],
    ...(idea.brief ? { brief: idea.brief } : {}),
  })) as string;
}

/** A word no other test uses, to find one test's ideas among everyone's. */
// Letters that spell no word the content filter refuses (no vowels, none of its look-alike
// digits, no f/c/k/s/t/n/h): a random base-36 run once spelled one and an idea was refused.
const SAFE_LETTERS = "bdgjmpqvwxz";
const spell = (n: number) => {
  let out = "";
  do {
    out = SAFE_LETTERS[n % SAFE_LETTERS.length]! + out;
    n = Math.floor(n / SAFE_LETTERS.length);
  } while (n > 0);
  return out;
};

export function uniqueWord(prefix = "zq"): string {
  return `${prefix}${spell(Date.now())}${spell(Math.floor(Math.random() * 1e6))}`;
}

/** Runs a function as the deployment's admin (internal ones too), as `npx convex run` does. */
export async function runAsAdmin(kind: "query" | "mutation", path: string, args: unknown) {
  const response = await fetch(`${convexUrl()}/api/${kind}`, {
    method: "POST",
    headers: {
      Authorization: `Convex ${currentStack().adminKey}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ path, format: "convex_encoded_json", args: [args] }),
  });
  const body = (await response.json()) as {
    status: string;
    value?: unknown;
    errorMessage?: string;
  };
  if (body.status !== "success")
    throw new Error(`${path}: ${body.errorMessage ?? response.status}`);
  return body.value;
}

/** The Stripe stand-in's objects, as its control API shows them. */
export async function stripeState(): Promise<{
  charges: { id: string; payment_intent: string; amount: number }[];
  refunds: { id: string; amount: number; status: string; charge: string }[];
  accounts: { id: string; email: string | null }[];
  transfers: {
    id: string;
    amount: number;
    amount_reversed: number;
    destination: string;
    transfer_group: string | null;
  }[];
  sessions: { id: string; payment_intent: string | null }[];
}> {
  const response = await fetch(`${standInsUrl()}/__control/stripe/state`);
  return (await response.json()) as Awaited<ReturnType<typeof stripeState>>;
}

/**
 * Stripe's transfers for one idea (the app groups them by idea): the stand-in's books are shared
 * by every journey on its stack, so an amount alone may match another journey's transfer.
 */
export async function transfersOf(ideaId: string) {
  return (await stripeState()).transfers.filter((t) => t.transfer_group === `idea_${ideaId}`);
}
