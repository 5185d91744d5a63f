// `npm test`: every suite — unit (Convex functions, web components), the local runtime's own
// suite, the REST API on a running stack (e2e/rest, its own stack on REST_PORT_OFFSET, default
// 200), and the end-to-end journeys (e2e/run.ts: one stack per worker) — then one summary line.
//
// The suites run side by side: first the runtime's suite (it measures timings, on about one core)
// beside the web components' tests, then the Convex functions' tests beside the REST suite and
// the journeys. Each suite's output is kept in .ci/.reports/<suite>.log and printed whole when it
// ends, so logs never interleave.
import { spawn } from "node:child_process";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, ".ci", ".reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Totals {
  suite: string;
  passed: number;
  failed: number;
  seconds: number;
  cpu: number;
}

const vitest = path.join(root, "node_modules/.bin/vitest");
const tsx = path.join(root, "node_modules/.bin/tsx");

/** Runs a command with its output into the suite's log; prints the log when it ends. */
function run(
  suite: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; seconds: number; cpu: number }> {
  const started = Date.now();
  const logFile = path.join(reports, `${suite}.log`);
  const log = createWriteStream(logFile);
  console.log(`::: ${suite}: started`);
  return new Promise((resolve) => {
    // Through bash, whose `times` (after the command) reports the CPU the suite's processes used.
    const child = spawn(
      "bash",
      ["-c", '"$@"; code=$?; times >&3; exit $code', "suite", command, ...args],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe", "pipe"],
        env: { ...process.env, FORCE_COLOR: "0", ...env },
      },
    );
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    let times = "";
    child.stdio[3]!.on("data", (chunk: Buffer) => (times += chunk.toString()));
    child.once("close", (code) => {
      log.end(() => {
        const seconds = Math.round((Date.now() - started) / 1000);
        const cpu = cpuSeconds(times);
        console.log(
          `\n::: ${suite} (${seconds} s, ${cpu} s of CPU) :::\n${readFileSync(logFile, "utf8")}`,
        );
        resolve({ code: code ?? 1, seconds, cpu });
      });
    });
  });
}

/** The CPU seconds (user + system) of the children in bash's `times` output (its second line). */
function cpuSeconds(times: string): number {
  const line = times.trim().split("\n")[1] ?? "";
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return Math.round(parts.reduce((a, b) => a + b, 0));
}

function vitestTotals(
  suite: string,
  file: string,
  code: number,
  seconds: number,
  cpu: number,
): Totals {
  if (!existsSync(file)) return { suite, passed: 0, failed: 1, seconds, cpu };
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  // A suite that crashed outside a test still counts as a failure.
  const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
  return { suite, passed: report.numPassedTests, failed, seconds, cpu };
}

function playwrightTotals(
  suite: string,
  file: string,
  code: number,
  seconds: number,
  cpu: number,
): Totals {
  if (!existsSync(file)) return { suite, passed: 0, failed: 1, seconds, cpu };
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  const failed = report.stats.unexpected + (code !== 0 && report.stats.unexpected === 0 ? 1 : 0);
  return { suite, passed: report.stats.expected + report.stats.flaky, failed, seconds, cpu };
}

async function vitestSuite(
  suite: string,
  projects: string[],
  extraArgs: string[] = [],
): Promise<Totals> {
  const report = path.join(reports, `${suite}.json`);
  const { code, seconds, cpu } = await run(suite, vitest, [
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    ...extraArgs,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]);
  return vitestTotals(suite, report, code, seconds, cpu);
}

async function e2eSuite(): Promise<Totals> {
  const report = path.join(reports, "e2e.json");
  const { code, seconds, cpu } = await run("e2e", tsx, ["e2e/run.ts"], {
    E2E_JSON_REPORT: report,
  });
  return playwrightTotals("e2e", report, code, seconds, cpu);
}

const totals: Totals[] = [];
// The runtime's suite uses about one core: the web components' tests (jsdom, one worker) take
// the other, instead of adding their minutes to the busy second phase.
totals.push(
  ...(await Promise.all([
    vitestSuite("runtime", ["runtime"]),
    vitestSuite("web", ["web", "docs"], ["--maxWorkers=1"]),
  ])),
);
totals.push(
  ...(await Promise.all([
    // Vitest's default on two cores is one worker: the money sequences would leave the second
    // core idle once the other two suites end.
    vitestSuite("convex", ["convex"], ["--maxWorkers=2"]),
    vitestSuite("rest", ["rest"]),
    e2eSuite(),
  ])),
);

writeFileSync(path.join(reports, "totals.json"), JSON.stringify(totals));
console.log("");
for (const t of totals)
  console.log(
    `${t.suite.padEnd(8)} ${t.passed} passed, ${t.failed} failed (${t.seconds} s, ${t.cpu} s of CPU)`,
  );
const passed = totals.reduce((n, t) => n + t.passed, 0);
const failed = totals.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
