// `npm start`: the whole product on this machine, offline. Ctrl-C stops everything.
//   npm start                 start (first run generates .env.localstack)
//   npm start -- --reset      wipe the local data first
//   npm run reset             wipe the local data and exit
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { repoRoot, startStack } from "./stack.js";
import { loadDemo } from "./demo.js";

const { values } = parseArgs({
  options: {
    reset: { type: "boolean", default: false },
    "no-demo": { type: "boolean", default: false },
    "port-offset": { type: "string", default: "0" },
    "reset-only": { type: "boolean", default: false },
    data: { type: "string", default: path.join(repoRoot, ".data") },
    env: { type: "string", default: path.join(repoRoot, ".env.localstack") },
  },
});

if (values.reset || values["reset-only"]) {
  rmSync(values.data, { recursive: true, force: true });
  console.log(`Local data reset (${path.relative(repoRoot, values.data) || values.data} removed).`);
  if (values["reset-only"]) process.exit(0);
}

const freshData = !existsSync(values.data);
const stack = await startStack({
  dataDir: values.data,
  envFile: values.env,
  dev: true,
  echo: true,
  portOffset: Number(values["port-offset"]),
}).catch((e: unknown) => {
  const message = (e as Error).message;
  if (message.includes("Schema validation failed"))
    console.error(
      `\nThe data in ${path.relative(repoRoot, values.data)}/ was written by code whose schema differs ` +
        "from convex/schema.ts (see above). Run `npm run reset` to start again with the demo " +
        "data, or migrate the documents.",
    );
  else console.error(message);
  process.exit(1);
});
if (freshData && !values["no-demo"]) {
  console.log("Loading the demo marketplace (people, ideas, votes)…");
  try {
    await loadDemo({
      convexUrl: stack.convexUrl,
      standInsUrl: stack.standInsUrl,
      adminKey: stack.env.CONVEX_LOCAL_ADMIN_KEY!,
      log: (line) => console.log(line),
    });
  } catch (e) {
    console.error(`The demo data could not be loaded: ${(e as Error).message}`);
  }
}
console.log(`
  Bounties is running:  ${stack.webUrl}

  Convex runtime   ${stack.convexUrl} (sync + API), ${stack.siteUrl} (HTTP actions)
  Stand-ins        ${stack.standInsUrl}
  Local data       ${path.relative(repoRoot, values.data)}/   (npm run reset wipes it; the demo data is
                   loaded into a fresh one: npm start -- --no-demo starts empty)
  Environment      ${path.relative(repoRoot, values.env)}   (edit to use real services)

  Press Ctrl-C to stop.
`);

let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping…");
  await stack.stop();
  process.exit(code);
};
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
void stack.failed.then((name) => {
  console.error(`${name} keeps stopping; stopping the stack.`);
  void stop(1);
});
