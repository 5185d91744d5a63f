// `npm test`: every suite — unit (Convex functions, web components), the local runtime's own
// suite, the REST API on a running stack (e2e/rest, its own stack on REST_PORT_OFFSET, default
// 200), and the end-to-end journeys — then one summary line. Reports go to .ci/.reports/.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, ".ci", ".reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, ...env },
    });
    child.once("exit", (code) => resolve(code ?? 1));
  });
}

interface Totals {
  suite: string;
  passed: number;
  failed: number;
}

function vitestTotals(suite: string, file: string, exitCode: number): Totals {
  if (!existsSync(file)) return { suite, passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    success: boolean;
  };
  // A suite that crashed outside a test still counts as a failure.
  const failed = report.numFailedTests + (exitCode !== 0 && report.numFailedTests === 0 ? 1 : 0);
  return { suite, passed: report.numPassedTests, failed };
}

function playwrightTotals(suite: string, file: string, exitCode: number): Totals {
  if (!existsSync(file)) return { suite, passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  const failed =
    report.stats.unexpected + (exitCode !== 0 && report.stats.unexpected === 0 ? 1 : 0);
  return { suite, passed: report.stats.expected + report.stats.flaky, failed };
}

const vitest = path.join(root, "node_modules/.bin/vitest");
const tsx = path.join(root, "node_modules/.bin/tsx");
const totals: Totals[] = [];

const unitReport = path.join(reports, "unit.json");
const unitCode = await run(vitest, [
  "run",
  "--project",
  "convex",
  "--project",
  "web",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${unitReport}`,
]);
totals.push(vitestTotals("unit", unitReport, unitCode));

const runtimeReport = path.join(reports, "runtime.json");
const runtimeCode = await run(vitest, [
  "run",
  "--project",
  "runtime",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${runtimeReport}`,
]);
totals.push(vitestTotals("runtime", runtimeReport, runtimeCode));

// The REST contract of spec §7, webhooks and OAuth routes, against a throw-away running stack.
const restReport = path.join(reports, "rest.json");
const restCode = await run(vitest, [
  "run",
  "--project",
  "rest",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${restReport}`,
]);
totals.push(vitestTotals("rest", restReport, restCode));

const e2eReport = path.join(reports, "e2e.json");
const e2eCode = await run(tsx, ["e2e/run.ts"], { E2E_JSON_REPORT: e2eReport });
totals.push(playwrightTotals("e2e", e2eReport, e2eCode));

writeFileSync(path.join(reports, "totals.json"), JSON.stringify(totals));
console.log("");
for (const t of totals) console.log(`${t.suite.padEnd(8)} ${t.passed} passed, ${t.failed} failed`);
const passed = totals.reduce((n, t) => n + t.passed, 0);
const failed = totals.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
