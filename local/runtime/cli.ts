// Command line: `tsx local/runtime/cli.ts --convex convex --data .data/convex [--watch]
// [--host-map https://api.resend.com=http://127.0.0.1:3220/resend] [--outbound loopback-only]`.
import path from "node:path";
import { parseArgs } from "node:util";
import { parseHostMap, parseOutboundMode } from "./outbound.js";
import { startRuntime } from "./server.js";
import * as log from "./log.js";

const { values } = parseArgs({
  options: {
    convex: { type: "string", default: "convex" },
    data: { type: "string", default: ".data/convex" },
    host: { type: "string", default: "127.0.0.1" },
    port: { type: "string", default: "3210" },
    "site-port": { type: "string", default: "3211" },
    watch: { type: "boolean", default: false },
    "admin-key": { type: "string", default: process.env.CONVEX_LOCAL_ADMIN_KEY },
    // Set by the local stack (local/stack/env.ts): see outbound.ts.
    "host-map": { type: "string", default: process.env.LOCAL_RUNTIME_HOST_MAP },
    outbound: { type: "string", default: process.env.LOCAL_RUNTIME_OUTBOUND },
  },
});

const runtime = await startRuntime({
  convexDir: path.resolve(values.convex),
  dataDir: path.resolve(values.data),
  host: values.host,
  port: Number(values.port),
  sitePort: Number(values["site-port"]),
  watch: values.watch,
  adminKey: values["admin-key"],
  hostMap: parseHostMap(values["host-map"]),
  outbound: parseOutboundMode(values.outbound),
}).catch((e: unknown) => {
  // A refusal to start (the stored data does not match the schema, a build error) is a
  // message for the developer, not a crash.
  log.error(`The Convex local runtime did not start:\n${(e as Error).message}`);
  process.exit(1);
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  log.info("stopping the Convex local runtime");
  await runtime.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
