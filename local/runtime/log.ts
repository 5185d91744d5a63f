// Readable runtime logs: one line per function execution (kind, path, duration, outcome)
// followed by the console output the function produced.
import { inspect } from "node:util";

const realConsole = globalThis.console;
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, text: string) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text);
export const dim = (text: string) => paint(2, text);
export const red = (text: string) => paint(31, text);
export const green = (text: string) => paint(32, text);
export const yellow = (text: string) => paint(33, text);
export const cyan = (text: string) => paint(36, text);

export type ExecutionKind = "query" | "mutation" | "action" | "http" | "cron" | "scheduled";
const KIND_LETTER: Record<ExecutionKind, string> = {
  query: "Q",
  mutation: "M",
  action: "A",
  http: "H",
  cron: "C",
  scheduled: "S",
};

let quiet = process.env.CONVEX_LOCAL_QUIET === "1";
let silent = false;
export function setQuiet(value: boolean) {
  quiet = value;
}
/** Silences even failures (for the start-up self-test, whose failures are expected). */
export function setSilent(value: boolean) {
  silent = value;
}

function timestamp() {
  return new Date().toISOString().slice(11, 23);
}

export function logExecution(entry: {
  kind: ExecutionKind;
  path: string;
  durationMs: number;
  error?: string;
  logLines: string[];
  note?: string;
}) {
  if (silent || (quiet && !entry.error)) return;
  const outcome = entry.error ? red(`failed: ${firstLine(entry.error)}`) : green("ok");
  const note = entry.note ? dim(` ${entry.note}`) : "";
  realConsole.log(
    `${dim(timestamp())} ${cyan(KIND_LETTER[entry.kind])} ${entry.path} ${dim(
      `${entry.durationMs.toFixed(1)}ms`,
    )} ${outcome}${note}`,
  );
  for (const line of entry.logLines) realConsole.log(`    ${line}`);
}

export function info(message: string) {
  if (!quiet) realConsole.log(`${dim(timestamp())} ${message}`);
}

/** Always printed, even when quiet (start-up and shutdown). */
export function notice(message: string) {
  realConsole.log(`${dim(timestamp())} ${message}`);
}

export function warn(message: string) {
  realConsole.warn(`${dim(timestamp())} ${yellow(message)}`);
}

export function error(message: string, cause?: unknown) {
  realConsole.error(`${dim(timestamp())} ${red(message)}`, cause ?? "");
}

/** The error's first line, past Convex's "[Request ID: …] Server Error" heading. */
function firstLine(text: string) {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  const heading = /^\[Request ID: [^\]]*\] Server Error$/.test(lines[0] ?? "");
  return (heading ? lines[1] : lines[0]) ?? text;
}

/** Formats console arguments the way Convex log lines look: `[LOG] 'text' 42`. */
export function formatLogLine(level: string, args: unknown[]): string {
  const body = args
    .map((arg) => (typeof arg === "string" ? `'${arg}'` : inspect(arg, { depth: 4 })))
    .join(" ");
  return `[${level}] ${body}`;
}
