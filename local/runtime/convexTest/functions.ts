// convex-test's syscalls and Convex's registered functions, opened up: wrapping the syscall
// entry points, taking over argument and return validation, replacing a function's handler,
// and the accessors that run functions as an identity or for a client.
import type { convexTest } from "convex-test-engine";
import {
  globalState,
  registered,
  type AsyncSyscall,
  type ConvexTestGlobal,
  type Handler,
  type JsSyscall,
  type RegisteredFunction,
  type Syscall,
} from "./shapes.js";
import type { ValidatorJson } from "../validation.js";

// ----- Syscalls -----

/** Wraps the three syscall entry points; each hook is given convex-test's own. */
export function wrapSyscalls(
  g: ConvexTestGlobal,
  hooks: {
    syscall: (op: string, jsonArgs: string, original: Syscall) => string;
    asyncSyscall: (op: string, jsonArgs: string, original: AsyncSyscall) => Promise<string>;
    jsSyscall: (op: string, args: any, original: JsSyscall) => Promise<unknown>;
  },
): void {
  const state = globalState(g);
  // Called unbound, as convex-test's own callers do.
  const originalSync = state.syscall;
  state.syscall = (op: string, jsonArgs: string) => hooks.syscall(op, jsonArgs, originalSync);
  const originalAsync = state.asyncSyscall;
  state.asyncSyscall = (op: string, jsonArgs: string) =>
    hooks.asyncSyscall(op, jsonArgs, originalAsync);
  const originalJs = state.jsSyscall;
  state.jsSyscall = (op: string, args: any) => hooks.jsSyscall(op, args, originalJs);
}

// ----- Functions -----

/**
 * A registered function's argument and return validators; convex-test's own checks with them
 * are switched off, so the runtime can check with Convex's rules and wording.
 */
export function takeOverValidation(fn: object): {
  args: ValidatorJson;
  returns: ValidatorJson | null;
} {
  const registeredFn = registered(fn);
  const args = JSON.parse(registeredFn.exportArgs()) as ValidatorJson;
  const returns = JSON.parse(registeredFn.exportReturns()) as ValidatorJson | null;
  registeredFn.exportArgs = () => JSON.stringify({ type: "any" });
  registeredFn.exportReturns = () => "null";
  return { args, returns };
}

/** Replaces the handler convex-test runs for a registered function with `wrap(original)`. */
export function replaceHandler(fn: object, wrap: (original: Handler) => Handler): void {
  const registeredFn = registered(fn);
  registeredFn._handler = wrap(registeredFn._handler);
}

/** The function an HTTP route runs (a route may also be a bare function). */
export function httpActionHandler(
  action: object,
): (ctx: any, request: Request) => Promise<Response> {
  return (action as Partial<RegisteredFunction>)._handler ?? (action as any);
}

/**
 * An accessor that runs functions as `identity`. convex-test passes every claim on, though its
 * type names only the standard ones.
 */
export function withIdentity(t: ReturnType<typeof convexTest>, identity: Record<string, unknown>) {
  return t.withIdentity(identity as Parameters<typeof t.withIdentity>[0]);
}

/**
 * The same accessor with the request's client (`ctx.meta.getRequestMetadata()`'s `ip` and
 * `userAgent`), as Convex reports the address it saw. convex-test's public API.
 */
export function withClient<T extends { withRequestMetadata: (m: RequestClient) => T }>(
  accessor: T,
  client: RequestClient,
): T {
  return accessor.withRequestMetadata(client);
}

/** Who sent a request, as the runtime's servers saw it. */
export type RequestClient = { ip: string | null; userAgent: string | null };

/**
 * A function handle in convex-test's format (`function://<component path>;<udfPath>`): what
 * `createFunctionHandle` returns and every function reference accepts. Components store such
 * handles in their tables (a work pool's completion callback), so the format is persisted.
 */
export function functionHandle(componentPath: string, udfPath: string): string {
  return `function://${componentPath};${udfPath}`;
}

/** The component path and function of a handle; null for anything else. */
export function parseFunctionHandle(
  handle: string,
): { componentPath: string; udfPath: string } | null {
  const match = /^function:\/\/([^;]*);(.+)$/.exec(handle);
  return match ? { componentPath: match[1]!, udfPath: match[2]! } : null;
}
