// Benchmark: the time from a write until the last of 100 subscribed clients has the new
// result, with 1,000 documents in the table the subscription reads. Another 100 clients
// watch an unrelated table, which must not slow anything down.
//   npm run bench:runtime [-- --writes 50 --clients 100 --docs 1000]
import { parseArgs } from "node:util";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, startRuntime, waitFor } from "./test/harness.js";

const { values } = parseArgs({
  options: {
    writes: { type: "string", default: "50" },
    clients: { type: "string", default: "100" },
    docs: { type: "string", default: "1000" },
    target: { type: "string", default: "100" },
  },
});
const writes = Number(values.writes);
const clientCount = Number(values.clients);
const docs = Number(values.docs);
const targetMs = Number(values.target);

const copy = fixtureCopy();
const runtime = await startRuntime({ ...copy, env: { CONVEX_LOCAL_QUIET: "1" } });
const clients: ConvexClient[] = [];
try {
  const http = new ConvexHttpClient(runtime.url);
  await http.mutation(api.items.seed, { count: docs });

  const latest: number[] = Array(clientCount).fill(-1);
  let onChange: (() => void) | null = null;
  for (let i = 0; i < clientCount; i++) {
    const client = new ConvexClient(runtime.url);
    clients.push(client);
    client.onUpdate(api.items.total, {}, (total: number) => {
      latest[i] = total;
      onChange?.();
    });
    const bystander = new ConvexClient(runtime.url);
    clients.push(bystander);
    bystander.onUpdate(api.notes.count, {}, () => undefined);
  }
  await waitFor(() => latest.every((t) => t === docs), 30_000, "all clients subscribed");

  const writer = new ConvexClient(runtime.url);
  clients.push(writer);
  const samples: number[] = [];
  let expected = docs;
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
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const pick = (q: number) =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  const p95 = pick(0.95);
  console.log(
    `write → last of ${clientCount} subscribers updated (${docs} documents, ${writes} writes, ${clientCount} bystanders): ` +
      `p50 ${pick(0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${samples.at(-1)!.toFixed(1)} ms ` +
      `(target p95 ≤ ${targetMs} ms: ${p95 <= targetMs ? "met" : "MISSED"})`,
  );
  process.exitCode = p95 <= targetMs ? 0 : 1;
} finally {
  await Promise.all(clients.map((c) => c.close()));
  await runtime.stop();
  copy.cleanup();
}
