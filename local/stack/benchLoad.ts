// `npm run bench:load`: the whole local stack under a sustained load. 10,000 ideas and 1,000
// signed-in viewers of the ideas list; for BENCH_SECONDS (60) it sends 50 votes a second from
// 500 people and 10 paid contributions a second (Checkout on the Stripe stand-in, paid, its
// webhook delivered) from 100 people, all on the same four popular ideas. Meanwhile a probe
// voter toggles a vote on a fifth idea every second and it times the vote until every viewer's list
// shows it. It reports: errors (target 0), optimistic-concurrency retries and failures (target 0
// failures), probe vote → every viewer p50 and p95 (goal p95 ≤ 250 ms), the runtime's CPU per
// second, and whether each idea's bounty equals the sum of its payments on Stripe's books.
// The viewers speak the sync protocol on bare sockets and decode every message they are sent:
// a thousand `ConvexClient`s on the bench's own two cores measure mostly themselves under 60
// updates a second each (BENCH_VIEWER_CLIENT=convex runs them, for comparison). Votes and
// payments are paced by the clock, so a late timer does not lower the rates.
//   BENCH_SECONDS=60  BENCH_IDEAS=10000  BENCH_VIEWERS=1000  BENCH_PORT_OFFSET=2400
//   BENCH_VIEWER_CLIENT=socket|convex
import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConvexHttpClient } from "convex/browser";
import { makeFunctionReference } from "convex/server";
import { startStack } from "./stack.js";
import {
  connectViewers,
  ms,
  percentile,
  seedIdeas,
  seedPeople,
  tokenSigner,
  type Person,
} from "./benchSupport.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const IDEAS = Number(process.env.BENCH_IDEAS ?? 10_000);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 1000);
const PORT_OFFSET = Number(process.env.BENCH_PORT_OFFSET ?? 2400);
const VIEWER_CLIENT = process.env.BENCH_VIEWER_CLIENT === "convex" ? "convex" : "socket";
const VOTES_PER_SECOND = 50;
const PAYMENTS_PER_SECOND = 10;
// Enough people that none of them reaches a rate limit (votes: 60 a minute; checkouts: 10).
const VOTERS = 500;
const PAYERS = 100;
const HOT_IDEAS = 4;
const PROBE_EVERY_MS = 1000;
const TARGET_P95_MS = 250;
const OCC_FAILURE = /changed while this mutation was being run/;

const fn = {
  list: makeFunctionReference<"query">("ideas:list"),
  get: makeFunctionReference<"query">("ideas:get"),
  vote: makeFunctionReference<"mutation">("ideas:vote"),
  startCheckout: makeFunctionReference<"action">("contributions:startCheckout"),
};
const LIST_ARGS = { view: "open", sort: "recent", paginationOpts: { numItems: 20, cursor: null } };

const dataDir = path.join(os.tmpdir(), `bench-load-${process.pid}`);
const stack = await startStack({
  dataDir,
  envFile: path.join(dataDir, "env"),
  portOffset: PORT_OFFSET,
  web: "none",
  quietFunctions: true,
});
const log = (line: string) => process.stdout.write(`${line}\n`);
const tokenFor = await tokenSigner(stack);

/** A client that calls as `person` (each request carries its own token). */
async function clientOf(person: Person) {
  const client = new ConvexHttpClient(stack.convexUrl);
  client.setAuth(await tokenFor(person));
  return client;
}

/** The runtime process's CPU time so far, in seconds (utime + stime from /proc). */
function runtimeCpuSeconds(): number {
  const stat = readFileSync(`/proc/${stack.pids().convex}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The runtime's optimistic-concurrency counters (admin), when it reports them. */
async function occCounters(): Promise<{ retries: number; failures: number } | null> {
  const response = await fetch(`${stack.convexUrl}/api/local/metrics`, {
    headers: { Authorization: `Convex ${stack.env.CONVEX_LOCAL_ADMIN_KEY}` },
  }).catch(() => null);
  if (!response?.ok) return null;
  const metrics = (await response.json()) as { occRetries: number; occFailures: number };
  return { retries: metrics.occRetries, failures: metrics.occFailures };
}

/** Per idea, what Stripe collected for it: paid Checkout Sessions by the idea in their metadata. */
async function stripeCollected(): Promise<Map<string, number>> {
  const state = (await (await fetch(`${stack.standInsUrl}/__control/stripe/state`)).json()) as {
    sessions: {
      payment_status: string;
      amount_total: number;
      metadata: Record<string, string> | null;
    }[];
  };
  const collected = new Map<string, number>();
  for (const session of state.sessions) {
    const idea = session.metadata?.ideaId;
    if (!idea || session.payment_status !== "paid") continue;
    collected.set(idea, (collected.get(idea) ?? 0) + session.amount_total);
  }
  return collected;
}

let exitCode = 0;
try {
  const started = performance.now();
  await seedIdeas(stack, IDEAS);
  const viewerPeople = await seedPeople(stack, VIEWERS, "Load Viewer");
  const voters = await Promise.all((await seedPeople(stack, VOTERS, "Load Voter")).map(clientOf));
  const payers = await Promise.all((await seedPeople(stack, PAYERS, "Load Payer")).map(clientOf));
  const [probePerson] = await seedPeople(stack, 1, "Load Probe");
  const probe = await clientOf(probePerson!);
  const page = ((await probe.query(fn.list, LIST_ARGS)) as { page: { _id: string }[] }).page;
  const probeIdea = page[0]!._id;
  const hotIdeas = page.slice(1, 1 + HOT_IDEAS).map((card) => card._id);
  const viewers = await connectViewers(
    stack,
    LIST_ARGS,
    await Promise.all(viewerPeople.map(tokenFor)),
    VIEWER_CLIENT,
  );
  log(
    `bench:load — ${IDEAS.toLocaleString("en")} ideas, ${VIEWERS} signed-in viewers (${VIEWER_CLIENT === "socket" ? "sync-protocol sockets" : "ConvexClients"}), ${VOTERS} voters, ` +
      `${PAYERS} payers ready in ${ms(performance.now() - started)}; ${SECONDS} s of ${VOTES_PER_SECOND} votes/s ` +
      `and ${PAYMENTS_PER_SECOND} payments/s on ${HOT_IDEAS} ideas; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`,
  );

  const errors: string[] = [];
  let occFailures = 0;
  const failed = (what: string) => (e: unknown) => {
    const message = (e as Error).message ?? String(e);
    if (OCC_FAILURE.test(message)) occFailures += 1;
    errors.push(`${what}: ${message.split("\n").slice(0, 2).join(" ")}`);
  };
  const inFlight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  // Votes: each voter on its own popular idea, up and cleared in turn.
  const voteOf = voters.map(() => 0);
  let votesSent = 0;
  const castVote = () => {
    const i = votesSent++ % VOTERS;
    voteOf[i] = voteOf[i] === 1 ? 0 : 1;
    track(
      voters[i]!.mutation(fn.vote, {
        ideaId: hotIdeas[i % HOT_IDEAS]!,
        vote: voteOf[i]!,
      }).catch(failed("vote")),
    );
  };
  // Payments: Checkout, then paid on the stand-in, whose webhook tells the app.
  let paymentsSent = 0;
  const pay = () => {
    const i = paymentsSent++;
    const amountCents = 100 + ((i * 7919) % 1900);
    track(
      (async () => {
        const { url } = (await payers[i % PAYERS]!.action(fn.startCheckout, {
          ideaId: hotIdeas[i % HOT_IDEAS]!,
          amountCents,
        })) as { url: string };
        const sessionId = new URL(url).pathname.split("/").pop()!;
        const paid = await fetch(
          `${stack.standInsUrl}/__control/stripe/sessions/${sessionId}/pay`,
          {
            method: "POST",
            body: JSON.stringify({ outcome: "paid", country: "US", name: "Load Payer" }),
          },
        );
        if (!paid.ok) throw new Error(`paying ${sessionId}: HTTP ${paid.status}`);
      })().catch(failed("payment")),
    );
  };

  const occBefore = await occCounters();
  const cpuBefore = runtimeCpuSeconds();
  const loadStarted = performance.now();
  // Paced by the clock, not by timer ticks (which run late on a busy machine): each tick sends
  // what is due since the start, so the rates hold at 50 and 10 a second.
  const pacer = setInterval(() => {
    const elapsed = (performance.now() - loadStarted) / 1000;
    while (votesSent < Math.floor(elapsed * VOTES_PER_SECOND)) castVote();
    while (paymentsSent < Math.floor(elapsed * PAYMENTS_PER_SECOND)) pay();
  }, 10);
  // The probe: one vote on its own idea every second, timed until every viewer shows it.
  const probeTimes: number[] = [];
  let probeVotes = 0;
  while (performance.now() - loadStarted < SECONDS * 1000) {
    const next = performance.now() + PROBE_EVERY_MS;
    probeVotes = probeVotes === 1 ? 0 : 1;
    const everyone = viewers.waitFor(probeIdea, probeVotes);
    try {
      await probe.mutation(fn.vote, { ideaId: probeIdea, vote: probeVotes });
      const acknowledged = performance.timeOrigin + performance.now();
      const lastArrival = await everyone;
      probeTimes.push(Math.max(0, lastArrival - acknowledged));
    } catch (e) {
      failed("probe vote")(e);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  clearInterval(pacer);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const cpuPerSecond = (runtimeCpuSeconds() - cpuBefore) / loadSeconds;
  await Promise.all(inFlight);
  const occAfter = await occCounters();
  await viewers.stop();

  // Every payment's webhook applied: each idea's bounty equals what Stripe collected for it.
  let totals = "";
  let totalsMatch = false;
  const deadline = Date.now() + 60_000;
  while (!totalsMatch && Date.now() < deadline) {
    const collected = await stripeCollected();
    const bounties = await Promise.all(
      hotIdeas.map(
        async (id) =>
          ((await probe.query(fn.get, { ideaId: id })) as { bountyCents: number }).bountyCents,
      ),
    );
    totalsMatch = hotIdeas.every((id, i) => bounties[i] === (collected.get(id) ?? 0));
    totals = hotIdeas
      .map(
        (id, i) =>
          `$${(bounties[i]! / 100).toFixed(2)} of $${((collected.get(id) ?? 0) / 100).toFixed(2)}`,
      )
      .join(", ");
    if (!totalsMatch) await new Promise((resolve) => setTimeout(resolve, 500));
  }

  probeTimes.sort((a, b) => a - b);
  const p95 = percentile(probeTimes, 95);
  log(
    `sent ${votesSent} votes (${(votesSent / loadSeconds).toFixed(1)}/s) and ${paymentsSent} payments ` +
      `(${(paymentsSent / loadSeconds).toFixed(1)}/s) in ${loadSeconds.toFixed(1)} s`,
  );
  log(
    `errors: ${errors.length} (target 0)${errors.length ? `; first: ${errors.slice(0, 3).join(" | ")}` : ""}`,
  );
  log(
    occBefore && occAfter
      ? `optimistic concurrency: ${occAfter.retries - occBefore.retries} retries, ${occAfter.failures - occBefore.failures} failures (target 0 failures)`
      : `optimistic concurrency: ${occFailures} failures seen by clients (target 0); the runtime does not report retries`,
  );
  log(
    `probe vote → every one of ${VIEWERS} viewers (${probeTimes.length} samples): p50 ${ms(percentile(probeTimes, 50))}, ` +
      `p95 ${ms(p95)}, max ${ms(probeTimes.at(-1) ?? 0)} (goal p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? "met" : "MISSED"})`,
  );
  log(`runtime CPU: ${cpuPerSecond.toFixed(2)} s per second`);
  log(`totals equal the payments: ${totalsMatch ? "yes" : "NO"} (${totals})`);
  if (errors.length > 0 || !totalsMatch) exitCode = 1;
} catch (e) {
  log(`bench:load could not run: ${(e as Error).stack ?? String(e)}`);
  log(stack.output().split("\n").slice(-30).join("\n"));
  exitCode = 1;
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
