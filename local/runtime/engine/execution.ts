// What a function execution is while it runs: its context (kind, path, reads, log lines,
// journal), reached through AsyncLocalStorage from anywhere below it; its outcome; how its
// console output is captured and its errors described with Convex's texts; and the wrapper
// every registered function runs in (Convex's validation, nesting depth, reads of ctx.auth).
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { convexToJson, type JSONValue, type Value } from "convex/values";
import { replaceHandler, takeOverValidation } from "../convexTest/functions.js";
import { ReadSet } from "../indexes.js";
import { isError } from "../isolateScope.js";
import { formatLogLine, type ExecutionKind } from "../log.js";
import {
  argumentValidationError,
  ConvexSystemError,
  isConvexSystemError,
  returnsValidationError,
} from "../validation.js";

export type Identity = { subject: string; issuer: string; tokenIdentifier: string } & Record<
  string,
  unknown
>;
export type FunctionKind = "query" | "mutation" | "action";
export interface Journal {
  endCursor?: string;
}

/** What a function execution knows about itself while it runs. */
export interface ExecContext {
  kind: ExecutionKind;
  path: string;
  reads: ReadSet;
  logLines: string[];
  journalIn: Journal | null;
  journalOut: Journal | null;
  paginated: boolean;
  /** Extra data persisted with this execution's commit (e.g. a client mutation's result). */
  commitTag?: { result?: JSONValue } & Record<string, unknown>;
  /** Nesting depth of app function handlers currently running. */
  depth: number;
  /** Whether the function asked who the caller is: only then does its result depend on it. */
  readAuth: boolean;
}

export type Outcome =
  | {
      ok: true;
      value: JSONValue;
      logLines: string[];
      reads: ReadSet;
      journal: Journal | null;
      readAuth?: boolean;
    }
  | {
      ok: false;
      errorMessage: string;
      errorData?: JSONValue;
      logLines: string[];
      reads: ReadSet;
      journal: Journal | null;
      readAuth?: boolean;
    };

export const execStorage = new AsyncLocalStorage<ExecContext>();

/** A fresh context for an execution of the function at `path` (nothing read or logged yet). */
export function newExecContext(
  kind: ExecutionKind,
  path: string,
  options: { journal?: Journal | null; commitTag?: ExecContext["commitTag"] } = {},
): ExecContext {
  return {
    kind,
    path,
    reads: new ReadSet(),
    logLines: [],
    journalIn: options.journal ?? null,
    journalOut: null,
    paginated: false,
    commitTag: options.commitTag,
    depth: 0,
    readAuth: false,
  };
}

let consoleInstalled = false;
export function installConsoleCapture() {
  if (consoleInstalled) return;
  consoleInstalled = true;
  const real = globalThis.console;
  const levels: Record<string, string> = {
    log: "LOG",
    info: "INFO",
    warn: "WARN",
    error: "ERROR",
    debug: "DEBUG",
    trace: "LOG",
    table: "LOG",
    dir: "LOG",
  };
  globalThis.console = new Proxy(real, {
    get(target, prop, receiver) {
      const level = typeof prop === "string" ? levels[prop] : undefined;
      if (!level) return Reflect.get(target, prop, receiver) as unknown;
      return (...args: unknown[]) => {
        const ctx = execStorage.getStore();
        if (ctx) ctx.logLines.push(formatLogLine(level, args));
        else (target[prop as "log"] as (...a: unknown[]) => void)(...args);
      };
    },
  });
}

// Request ids are opaque (16 hex digits, as Convex shows them): a random prefix per process and
// a counter, so an execution does not pay for a call into the system's random source.
const requestPrefix = randomBytes(4).toString("hex");
let requestCounter = 0;

export function requestId() {
  requestCounter = (requestCounter + 1) >>> 0;
  return requestPrefix + requestCounter.toString(16).padStart(8, "0");
}

export function isConvexError(e: unknown): e is { data: Value; message: string } {
  return typeof e === "object" && e !== null && Symbol.for("ConvexError") in e;
}

export function describeError(
  e: unknown,
  reqId: string,
): { errorMessage: string; errorData?: JSONValue } {
  if (isConvexError(e)) {
    const data = e.data === undefined ? null : e.data;
    const shown = typeof data === "string" ? data : JSON.stringify(convexToJson(data));
    return {
      errorMessage: `[Request ID: ${reqId}] Server Error\nUncaught ConvexError: ${shown}`,
      errorData: convexToJson(data),
    };
  }
  if (isConvexSystemError(e)) {
    // Convex's own errors (validation, unknown functions) are not uncaught exceptions; the
    // backend's error text ends with a newline.
    return { errorMessage: `[Request ID: ${reqId}] Server Error\n${e.message}\n` };
  }
  const err = isError(e) ? e : new Error(String(e));
  return {
    errorMessage: `[Request ID: ${reqId}] Server Error\nUncaught ${err.name}: ${err.message}`,
  };
}

/** A function's ctx whose `auth.getUserIdentity` records that the caller's identity was read. */
function trackAuthReads(ctx: any, exec: ExecContext): any {
  const auth = ctx?.auth;
  if (!auth || typeof auth.getUserIdentity !== "function") return ctx;
  return {
    ...ctx,
    auth: {
      ...auth,
      getUserIdentity: () => {
        exec.readAuth = true;
        return auth.getUserIdentity();
      },
    },
  };
}

const INSTRUMENTED = Symbol("instrumented");

// Every function checks its arguments and return value with Convex's rules and wording
// (convex-test's own checks are switched off), and a client mutation's result is persisted
// in the same log record as its writes, so a replay after a crash answers with the original
// result instead of running the mutation again. Wrapping the handler covers every way a
// function is called: by clients, with ctx.run*, by the scheduler and by crons.
export function instrumentFunction(
  fn: any,
  tableOfId: (id: string) => string | null,
  isolateActionCtx: (ctx: any) => any,
) {
  if (fn[INSTRUMENTED]) return;
  fn[INSTRUMENTED] = true;
  const { args: argsValidator, returns: returnsValidator } = takeOverValidation(fn);
  const isMutation = Boolean(fn.isMutation);
  const isAction = Boolean(fn.isAction);
  const isQuery = Boolean(fn.isQuery);
  replaceHandler(fn, (original) => async (ctx: unknown, args: Value) => {
    if (isAction) ctx = isolateActionCtx(ctx);
    const exec = execStorage.getStore();
    // Only a query's result is cached, so only a query's reads of ctx.auth are recorded.
    if (exec && isQuery) ctx = trackAuthReads(ctx, exec);
    if (exec) exec.depth += 1;
    try {
      const argsProblem = argumentValidationError(argsValidator, args, tableOfId);
      if (argsProblem !== null) throw new ConvexSystemError(argsProblem);
      const result = await original(ctx, args);
      const returnsProblem = returnsValidationError(
        returnsValidator,
        result === undefined ? null : result,
        tableOfId,
      );
      if (returnsProblem !== null) throw new ConvexSystemError(returnsProblem);
      if (isMutation && exec && exec.depth === 1 && exec.commitTag) {
        exec.commitTag.result = convexToJson(result === undefined ? null : result);
      }
      return result;
    } catch (e) {
      // Only the function a client called reports Convex's error as its own; a nested
      // call's failure is an exception thrown into its caller.
      if (isConvexSystemError(e) && exec && exec.depth > 1) throw new Error(e.message);
      throw e;
    } finally {
      if (exec) exec.depth -= 1;
    }
  });
}
