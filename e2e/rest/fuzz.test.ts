// The HTTP fuzz of convex/http.fuzz.test.ts against the running stack: the same seeded hostile
// requests (convex/test.httpFuzz.ts) to every route of convex/http.ts, sent over the network to
// the local runtime as any client sends them, by a visitor, a signed-in person, and callers
// with a forged, signed-out or nobody's token. Every answer must be below 500 and arrive in time.
// (Whether a refusal changed nothing is checked per route by the other files of this suite and,
// document by document, by the convex-test fuzz.)
//
//   FUZZ_CASES=20000 FUZZ_SEED=7 npx vitest run --project rest e2e/rest/fuzz.test.ts
import { expect, test } from "vitest";
import { FUZZ_CASES as CASES, FUZZ_SEED, fuzzRequests } from "../../convex/test.httpFuzz.js";
import { stack } from "./support/http.js";
import { forgedToken, signIn, signedOutPerson, tokenOfNobody } from "./support/people.js";
import { newIdea } from "./support/world.js";

const REQUEST_TIMEOUT_MS = 5_000;
const IN_FLIGHT = 4;

test(`the sweep and ${CASES} random hostile requests (seed ${FUZZ_SEED}): no 5xx, no hang`, async () => {
  const ada = await signIn("Fuzz Ada");
  const bob = await signIn("Fuzz Bob");
  const ideas = [await newIdea(ada), await newIdea(ada)];
  const tokens = {
    anonymous: undefined,
    user: ada.token,
    forged: await forgedToken(ada.token),
    signedOut: (await signedOutPerson("Fuzz Gone")).token,
    stranger: await tokenOfNobody(ada.token),
  };
  const requests = fuzzRequests({
    seed: FUZZ_SEED,
    cases: CASES,
    ids: [ada.id, bob.id, ...ideas],
    callers: Object.keys(tokens) as (keyof typeof tokens)[],
    anonymous: "anonymous",
    signedIn: "user",
  });

  const failures: string[] = [];
  const statuses = new Map<number, number>();
  const send = async ({
    method,
    path,
    headers,
    body,
    who,
    described,
  }: typeof requests extends Iterable<infer R> ? R : never) => {
    const token = tokens[who];
    const response = await fetch(`${stack().siteUrl}${path}`, {
      method,
      // The request's own Authorization header (a hostile one) wins over the caller's token.
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }).catch((e: unknown) => e as Error);
    if (response instanceof Error) {
      failures.push(
        `${response.name === "TimeoutError" ? "no answer in time" : response.message}: ${described}`,
      );
      return;
    }
    const text = await response.text();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    if (response.status >= 500)
      failures.push(`status ${response.status} ${text.slice(0, 200)}: ${described}`);
  };
  // A few in flight, as several clients would send them: one at a time, the sweep spent most of
  // its minutes waiting on each answer's round trip.
  const queue = requests[Symbol.iterator]();
  const client = async () => {
    for (let next = queue.next(); !next.done && failures.length < 10; next = queue.next())
      await send(next.value);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, client));
  process.stdout.write(`stack fuzz statuses: ${JSON.stringify([...statuses].sort())}\n`);
  expect(failures).toEqual([]);
  // The fuzzer reaches the handlers: successes and refusals of several kinds both occur.
  expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  expect([...statuses.keys()].filter((status) => status >= 400).length).toBeGreaterThan(3);
  // Each request is an HTTP action from fresh module state: beside the other suites on two busy
  // cores the sweep can take minutes (each request still has its 5 s).
}, 900_000);
