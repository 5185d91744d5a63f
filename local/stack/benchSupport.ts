// What the stack benchmarks share (`bench:live`, `bench:load`): seeding people and ideas through
// the admin API, session tokens signed as Convex Auth signs them, and viewers of the ideas list
// spread over worker threads (real viewers decode their updates on their own devices).
import os from "node:os";
import { Worker } from "node:worker_threads";
import { importPKCS8, SignJWT } from "jose";
import type { Stack } from "./stack.js";
import type { FromViewers, ViewersSetup } from "./benchLiveViewers.js";

export interface Person {
  userId: string;
  sessionId: string;
}

const BATCH = 500;

export type BenchStack = Pick<Stack, "convexUrl" | "env">;

/** Runs an internal mutation with the admin key, as `npx convex run` does. */
export async function runAsAdmin(stack: BenchStack, fnPath: string, args: unknown) {
  const response = await fetch(`${stack.convexUrl}/api/mutation`, {
    method: "POST",
    headers: {
      Authorization: `Convex ${stack.env.CONVEX_LOCAL_ADMIN_KEY}`,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({ path: fnPath, format: "convex_encoded_json", args: [args] }),
  });
  const body = (await response.json()) as {
    status: string;
    value?: unknown;
    errorMessage?: string;
  };
  if (body.status !== "success")
    throw new Error(`${fnPath}: ${body.errorMessage ?? response.status}`);
  return body.value;
}

/** `count` people with a live session each (devSeed:people, in batches). */
export async function seedPeople(stack: BenchStack, count: number, label: string) {
  const people: Person[] = [];
  for (let done = 0; done < count; done += BATCH)
    people.push(
      ...((await runAsAdmin(stack, "devSeed:people", {
        count: Math.min(BATCH, count - done),
        label,
      })) as Person[]),
    );
  return people;
}

/** `count` open ideas by one author (devSeed:ideas, in batches). */
export async function seedIdeas(stack: BenchStack, count: number) {
  const [author] = await seedPeople(stack, 1, "Bench Author");
  for (let from = 0; from < count; from += BATCH)
    await runAsAdmin(stack, "devSeed:ideas", {
      count: Math.min(BATCH, count - from),
      from,
      authorId: author!.userId,
    });
}

/** Session tokens exactly as Convex Auth signs them (its generateToken), with the stack's key. */
export async function tokenSigner(stack: BenchStack) {
  const privateKey = await importPKCS8(stack.env.JWT_PRIVATE_KEY!, "RS256");
  return (person: Person) =>
    new SignJWT({ sub: `${person.userId}|${person.sessionId}` })
      .setProtectedHeader({ alg: "RS256" })
      .setIssuedAt()
      .setIssuer(stack.env.CONVEX_SITE_URL!)
      .setAudience("convex")
      .setExpirationTime("2h")
      .sign(privateKey);
}

/** The viewers, spread over worker threads; `waitFor` resolves with the last arrival's time. */
export interface ViewerGroup {
  waitFor(ideaId: string, votes: number): Promise<number>;
  stop(): Promise<void>;
}

export async function connectViewers(
  stack: BenchStack,
  listArgs: unknown,
  tokens: (string | null)[],
  client: ViewersSetup["client"] = "convex",
  threadCount = os.cpus().length,
  asSignedInPage = false,
): Promise<ViewerGroup> {
  const threads = Math.min(threadCount, tokens.length);
  const workers = Array.from({ length: threads }, (_, index) => {
    const setup: ViewersSetup = {
      convexUrl: stack.convexUrl,
      listArgs,
      client,
      asSignedInPage,
      tokens: tokens.filter((_, i) => i % threads === index),
    };
    // The worker is TypeScript too: tsx loads it, as it loads this file.
    const entry = JSON.stringify(new URL("./benchLiveViewers.ts", import.meta.url).href);
    return new Worker(
      `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${entry}); });`,
      { eval: true, workerData: setup },
    );
  });
  // Each worker answers one message at a time; a worker's crash fails whatever waits on it.
  const waiting = new Map<
    Worker,
    { resolve: (m: FromViewers) => void; reject: (e: Error) => void }
  >();
  for (const worker of workers) {
    worker.on("message", (message: FromViewers) => {
      const waiter = waiting.get(worker);
      waiting.delete(worker);
      if (message.type === "failed") waiter?.reject(new Error(message.error));
      else waiter?.resolve(message);
    });
    worker.on("error", (e) => waiting.get(worker)?.reject(e));
  }
  const next = (worker: Worker) =>
    new Promise<FromViewers>((resolve, reject) => waiting.set(worker, { resolve, reject }));
  await Promise.all(workers.map(next));
  return {
    async waitFor(ideaId, votes) {
      const arrivals = workers.map(next);
      for (const worker of workers) worker.postMessage({ type: "wait", ideaId, votes });
      const messages = await Promise.all(arrivals);
      return Math.max(...messages.map((message) => (message.type === "arrived" ? message.at : 0)));
    },
    async stop() {
      await Promise.all(
        workers.map((worker) => {
          const exited = new Promise((resolve) => worker.once("exit", resolve));
          worker.postMessage({ type: "stop" });
          return exited;
        }),
      );
    },
  };
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const ms = (n: number) => `${n.toFixed(0)} ms`;
