// Benchmark of the local runtime, in one run:
// 1. the time from a write until the last of 100 subscribed clients has a whole-table
//    result, with 1,000 documents (another 100 clients watch an unrelated table);
// 2. at 100 and at 10,000 documents: the time per list query (an index range, paginated),
//    per search query (two words, the last a prefix; target ≤ 10 ms at 10,000), per vote (a
//    read, an index lookup, a patch and an insert), and from a vote until the last of 100
//    subscribers of the list has it; and the ratio between the two sizes (target ≤ 1.5×:
//    the cost follows what a call reads, not the table's size);
// 3. from a vote until the last of 1,000 subscribers has it, against a bare WebSocket
//    broadcast of a message of the same size to 1,000 clients (target ≤ 2×).
//   npm run bench:runtime [-- --writes 50 --clients 100 --docs 1000 --fans 1000]
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import WebSocket from "ws";
import { api, fixtureCopy, startRuntime, waitFor } from "./test/harness.js";
import { watchOneQuery } from "./test/rawClient.js";

const { values } = parseArgs({
  options: {
    writes: { type: "string", default: "50" },
    clients: { type: "string", default: "100" },
    docs: { type: "string", default: "1000" },
    target: { type: "string", default: "100" },
    fans: { type: "string", default: "1000" },
    samples: { type: "string", default: "30" },
  },
});
const writes = Number(values.writes);
const clientCount = Number(values.clients);
const docs = Number(values.docs);
const targetMs = Number(values.target);
const fanCount = Number(values.fans);
const samples = Number(values.samples);

type Stats = { p50: number; p95: number; max: number };
function stats(times: number[]): Stats {
  const sorted = [...times].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: pick(0.5), p95: pick(0.95), max: sorted.at(-1)! };
}
const ms = (n: number) => `${n.toFixed(1)} ms`;
const show = (s: Stats) => `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)}`;
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");

const copy = fixtureCopy();
const runtime = await startRuntime({ ...copy, env: { CONVEX_LOCAL_QUIET: "1" } });
let failed = false;
try {
  const http = new ConvexHttpClient(runtime.url);
  failed = !(await wholeTableGate(http));

  // ----- 2. the product's hot paths at 100 and at 10,000 documents -----
  const small = await hotPaths(http, 100, 0);
  const large = await hotPaths(http, 10_000, 100);
  const rows: [string, Stats, Stats][] = [
    ["list query", small.list, large.list],

    ["vote", small.vote, large.vote],
    [`vote → last of ${clientCount} list subscribers`, small.push, large.push],
  ];
  for (const [name, at100, at10k] of rows) {
    const ratio = at10k.p50 / at100.p50;
    console.log(
      `${name}: 100 documents p50 ${ms(at100.p50)} (p95 ${ms(at100.p95)}); ` +
        `10,000 documents p50 ${ms(at10k.p50)} (p95 ${ms(at10k.p95)}); ` +
        `ratio ${ratio.toFixed(2)}× (target ≤ 1.5×: ${verdict(ratio <= 1.5)})`,
    );
  }
  const searches = await searchSideBySide(http);
  const searchRatio = searches.large.p50 / searches.small.p50;
  console.log(
    `search query (side by side): 100 documents p50 ${ms(searches.small.p50)} (p95 ${ms(searches.small.p95)}); ` +
      `10,000 documents p50 ${ms(searches.large.p50)} (p95 ${ms(searches.large.p95)}); ` +
      `ratio ${searchRatio.toFixed(2)}× (target ≤ 1.5×: ${verdict(searchRatio <= 1.5)}); ` +
      `${ms(searches.large.p50)} at 10,000 (target ≤ 10 ms: ${verdict(searches.large.p50 <= 10)})`,
  );

  // ----- 3. 1,000 subscribers against a bare WebSocket broadcast -----
  // Clients that only parse each message (like the bare broadcast's) isolate the runtime's
  // cost; 1,000 ConvexClients in this one process add the client library's own work.
  const fan = await fanOut(http, large.topId, fanCount);
  const raw = await rawFanOut(http, large.topId, fanCount);
  const bare = await bareBroadcast(fanCount, fan.messageBytes);
  const rawRatio = raw.p50 / bare.p50;
  console.log(
    `vote → last of ${fanCount} list subscribers (10,000 documents): ` +
      `sync-protocol clients ${show(raw)}; ConvexClients ${show(fan.push)}; ` +
      `bare WebSocket broadcast of ${fan.messageBytes} bytes to ${fanCount} clients ${show(bare)}; ` +
      `ratio ${rawRatio.toFixed(2)}× (target ≤ 2×: ${verdict(rawRatio <= 2)}), ` +
      `with ConvexClients ${(fan.push.p50 / bare.p50).toFixed(2)}×`,
  );
} finally {
  await runtime.stop();
  copy.cleanup();
}
process.exitCode = failed ? 1 : 0;

/**
 * The CI gate: measurement 1 below. A p95 of 50 writes is noisy on a busy machine, so when the
 * first measurement misses, two more are taken and their median p95 decides.
 */
async function wholeTableGate(http: ConvexHttpClient): Promise<boolean> {
  await http.mutation(api.items.seed, { count: docs });
  const first = await wholeTable(http);
  if (first <= targetMs) return true;
  const p95s = [first, await wholeTable(http), await wholeTable(http)].sort((a, b) => a - b);
  const median = p95s[1]!;
  console.log(
    `write → last of ${clientCount} subscribers, p95 of three measurements: ${p95s.map(ms).join(", ")}; ` +
      `median ${ms(median)} (target p95 ≤ ${targetMs} ms: ${verdict(median <= targetMs)})`,
  );
  return median <= targetMs;
}

/** 1. A whole-table result (every row matters) pushed to 100 subscribers; its p95. */
async function wholeTable(http: ConvexHttpClient): Promise<number> {
  const base = (await http.query(api.items.total, {})) as number;
  const latest: number[] = Array(clientCount).fill(-1);
  let onChange: (() => void) | null = null;
  const local: ConvexClient[] = [];
  for (let i = 0; i < clientCount; i++) {
    const client = new ConvexClient(runtime.url);
    local.push(client);
    client.onUpdate(api.items.total, {}, (total: number) => {
      latest[i] = total;
      onChange?.();
    });
    const bystander = new ConvexClient(runtime.url);
    local.push(bystander);
    bystander.onUpdate(api.notes.count, {}, () => undefined);
  }
  await waitFor(() => latest.every((t) => t === base), 30_000, "all clients subscribed");
  const writer = new ConvexClient(runtime.url);
  local.push(writer);
  const times: number[] = [];
  let expected = base;
  for (let i = 0; i < writes; i++) {
    expected += 1;
    const target = expected;
    const allSeen = new Promise<void>((resolve) => {
      onChange = () => {
        if (latest.every((t) => t === target)) resolve();
      };
    });
    const started = performance.now();
    await writer.mutation(api.items.add, { n: 1 });
    await allSeen;
    times.push(performance.now() - started);
  }
  await Promise.all(local.map((c) => c.close()));
  const s = stats(times);
  console.log(
    `write → last of ${clientCount} subscribers updated (${docs} documents, ${writes} writes, ${clientCount} bystanders): ` +
      `${show(s)} (target p95 ≤ ${targetMs} ms: ${verdict(s.p95 <= targetMs)})`,
  );
  return s.p95;
}

type Page = { page: { _id: string; votes: number }[] };

/** Seeds ideas up to `total`, then times list queries, votes and pushes to subscribers. */
async function hotPaths(http: ConvexHttpClient, total: number, existing: number) {
  for (let from = existing; from < total; from += 1000)
    await http.mutation(api.bench.seed, { from, count: Math.min(1000, total - from) });
  const listArgs = { paginationOpts: { numItems: 20, cursor: null } };
  const time = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await http.query(api.bench.list, listArgs); // warm up
  const list: number[] = [];
  for (let i = 0; i < samples; i++)
    list.push(await time(() => http.query(api.bench.list, listArgs)));
  const topId = ((await http.query(api.bench.top, {})) as { _id: string })._id;
  // Warm up (the first size measured would otherwise pay for the JIT's first runs).
  for (let i = 0; i < 10; i++)
    await http.mutation(api.bench.vote, { id: topId, voter: `warm${total}-${i}` });
  const vote: number[] = [];
  for (let i = 0; i < samples; i++)
    vote.push(await time(() => http.mutation(api.bench.vote, { id: topId, voter: `v${i}` })));

  const subscribers = await subscribeList(clientCount, topId);
  for (let i = 0; i < 5; i++) await subscribers.voteAndWait(`ws${total}-${i}`);
  const push: number[] = [];
  for (let i = 0; i < samples; i++) push.push(await subscribers.voteAndWait(`s${total}-${i}`));
  await subscribers.close();
  return { list: stats(list), vote: stats(vote), push: stats(push), topId };
}

/**
 * A search of two words, the last one a prefix (as a person types), 20 per page, over the
 * 10,000 ideas and over a table of the same 100 ideas, alternately: machine noise falls on
 * both sizes alike.
 */
async function searchSideBySide(http: ConvexHttpClient) {
  await http.mutation(api.bench.seed, { from: 0, count: 100, table: "smallIdeas" });
  const args = (table: string) => ({
    text: "guitar garden1",
    paginationOpts: { numItems: 20, cursor: null },
    table,
  });
  const time = async (table: string) => {
    const started = performance.now();
    await http.query(api.bench.search, args(table));
    return performance.now() - started;
  };
  for (let i = 0; i < 20; i++) await Promise.all([time("smallIdeas"), time("ideas")]);
  const small: number[] = [];
  const large: number[] = [];
  for (let i = 0; i < 3 * samples; i++) {
    small.push(await time("smallIdeas"));
    large.push(await time("ideas"));
  }
  return { small: stats(small), large: stats(large) };
}

/** `count` clients subscribed to the list; a vote's time until the last of them has it. */
async function subscribeList(count: number, topId: string) {
  const seen: number[] = Array(count).fill(-1);
  // How many clients have seen at least `target` votes (counted, not rescanned per update).
  let target = Infinity;
  let arrived = 0;
  let onAll: (() => void) | null = null;
  const local: ConvexClient[] = [];
  for (let i = 0; i < count; i++) {
    const client = new ConvexClient(runtime.url);
    local.push(client);
    client.onUpdate(
      api.bench.list,
      { paginationOpts: { numItems: 20, cursor: null } },
      (r: Page) => {
        const votes = r.page.find((idea) => idea._id === topId)?.votes ?? -1;
        if (seen[i]! < target && votes >= target && ++arrived === count) onAll?.();
        seen[i] = votes;
      },
    );
  }
  await waitFor(() => seen.every((votes) => votes >= 0), 60_000, "all list subscribers");
  const writer = new ConvexClient(runtime.url);
  local.push(writer);
  return {
    voteAndWait: async (voter: string) => {
      target = Math.max(...seen) + 1;
      arrived = 0;
      const allSeen = new Promise<void>((resolve) => (onAll = resolve));
      const started = performance.now();
      await writer.mutation(api.bench.vote, { id: topId, voter });
      await allSeen;
      return performance.now() - started;
    },
    close: () => Promise.all(local.map((c) => c.close())),
  };
}

/** A vote pushed to `count` list subscribers, and the size of one pushed Transition. */
async function fanOut(http: ConvexHttpClient, topId: string, count: number) {
  const subscribers = await subscribeList(count, topId);
  const page = await http.query(api.bench.list, { paginationOpts: { numItems: 20, cursor: null } });
  const push: number[] = [];
  const rounds = Math.max(5, Math.floor(samples / 3));
  for (let i = 0; i < rounds; i++) push.push(await subscribers.voteAndWait(`f${i}`));
  await subscribers.close();
  // A Transition carries the query's value plus versions and ids: about 200 bytes more.
  return { push: stats(push), messageBytes: JSON.stringify(page).length + 200 };
}

/**
 * `count` bare sync-protocol clients (Connect, then one subscription; each message parsed)
 * of the list; a vote's time until the last of them has a Transition with it.
 */
async function rawFanOut(http: ConvexHttpClient, topId: string, count: number): Promise<Stats> {
  const sockets: WebSocket[] = [];
  let target = Infinity;
  let arrived = 0;
  let onAll: (() => void) | null = null;
  const seen: number[] = Array(count).fill(-1);
  const listArgs = { paginationOpts: { numItems: 20, cursor: null } };
  try {
    for (let i = 0; i < count; i++) {
      const onValue = (value: Page) => {
        const votes = value.page.find((idea) => idea._id === topId)?.votes ?? -1;
        if (seen[i]! < target && votes >= target && ++arrived === count) onAll?.();
        seen[i] = votes;
      };
      sockets.push(watchOneQuery(runtime.url, { udfPath: "bench:list", args: listArgs }, onValue));
    }
    await waitFor(() => seen.every((votes) => votes >= 0), 60_000, "all raw subscribers");
    const times: number[] = [];
    const rounds = Math.max(5, Math.floor(samples / 3));
    for (let i = 0; i < rounds; i++) {
      target = Math.max(...seen) + 1;
      arrived = 0;
      const allSeen = new Promise<void>((resolve) => (onAll = resolve));
      const started = performance.now();
      await http.mutation(api.bench.vote, { id: topId, voter: `r${i}` });
      await allSeen;
      times.push(performance.now() - started);
    }
    return stats(times);
  } finally {
    for (const socket of sockets) socket.terminate();
  }
}

/**
 * The floor: a bare `ws` server in its own process (as the runtime is) sends one message of
 * `bytes` to `count` clients; the time from the trigger until the last client parsed it.
 */
async function bareBroadcast(count: number, bytes: number): Promise<Stats> {
  const server = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { WebSocketServer } from "ws";
       const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
       wss.on("listening", () => console.log(wss.address().port));
       const payload = JSON.stringify({ type: "Transition", value: "x".repeat(${bytes}) });
       wss.on("connection", (socket) => socket.on("message", () => {
         for (const client of wss.clients) client.send(payload);
       }));`,
    ],
    { stdio: ["ignore", "pipe", "inherit"], cwd: process.cwd() },
  );
  const port = await new Promise<number>((resolve) =>
    server.stdout!.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  const sockets: WebSocket[] = [];
  let received = 0;
  let onMessage: (() => void) | null = null;
  try {
    for (let i = 0; i < count; i++) {
      const socket = new WebSocket(`ws://127.0.0.1:${port}`);
      socket.on("message", (data) => {
        JSON.parse(data.toString());
        received += 1;
        onMessage?.();
      });
      sockets.push(socket);
    }
    await Promise.all(sockets.map((s) => new Promise((resolve) => s.once("open", resolve))));
    const times: number[] = [];
    const rounds = Math.max(5, Math.floor(samples / 3));
    for (let i = 0; i < rounds; i++) {
      received = 0;
      const all = new Promise<void>((resolve) => {
        onMessage = () => {
          if (received === count) resolve();
        };
      });
      const started = performance.now();
      sockets[0]!.send("go");
      await all;
      times.push(performance.now() - started);
    }
    return stats(times);
  } finally {
    for (const socket of sockets) socket.terminate();
    server.kill();
  }
}
