// The stand-ins process of the local stack: `tsx local/standins/main.ts --port 3220 --data .data/stand-ins`.
import { parseArgs } from "node:util";
import { serveStandIns, Store } from "./framework.js";
import {
  clockOffset,
  installShiftableClock,
  onClockChange,
  setClockOffset,
} from "../runtime/clock.js";
import { createStandIns } from "./registry.js";

installShiftableClock();

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "3220" },
    data: { type: "string", default: ".data/stand-ins" },
  },
});
const port = Number(values.port);
const baseUrl = `http://127.0.0.1:${port}`;
const log = (message: string) => console.log(message);
const env = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
);
// A moved clock stays moved across restarts, as the runtime's does: tokens and signatures the
// stand-ins make must keep agreeing with the runtime's time.
const clock = new Store<{ offsetMs: number }>(values.data, "clock", () => ({ offsetMs: 0 }));
if (clock.data.offsetMs !== 0) setClockOffset(clock.data.offsetMs);
onClockChange(() => {
  clock.data.offsetMs = clockOffset();
  clock.changed();
});
const standIns = createStandIns({ baseUrl, env, log, dataDir: values.data });
const server = await serveStandIns(standIns, { port, log });
console.log(`stand-ins ready on ${baseUrl}: ${standIns.map((s) => s.name).join(", ") || "none"}`);
const stop = () => {
  for (const store of Store.all) store.flush();
  server.close(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
