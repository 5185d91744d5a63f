// What Convex's isolate changes about two globals, for queries and mutations: `Date.now()` (and
// `new Date()`) is frozen for the function's run, and `Math.random` is a generator seeded per
// execution, so a query's result depends only on its arguments and the data it reads.
// Actions, HTTP actions and the runtime's own code keep the real clock and randomness.
//
// The replacements are installed on the runtime's realm, which functions and their npm packages
// share (isolateScope.ts): one clock for all of them, chosen per execution context.
import { appNow, componentClockLead, setComponentClockContext } from "./clock.js";
import { currentComponentPath } from "./convexTest/inventory.js";
import { execStorage, type ExecContext } from "./engine/execution.js";

const inComponentFunction = () => currentComponentPath() !== "";

interface Frozen {
  now: number;
  random: () => number;
}
const frozenByExecution = new WeakMap<ExecContext, Frozen>();
let installed = false;
/** While a module is being imported: the deployment's time and seed (see `atImportTime`). */
let importing: Frozen | null = null;

/** When and with what seed the functions were deployed (built, locally). */
export interface Deployment {
  at: number;
  seed: number;
}

/**
 * Runs `load` (a module's synchronous initialization) as Convex imports a module: code at
 * module level sees the deployment's time as `Date.now()`, and `Math.random` seeded with the
 * deployment's seed, so `const globalRand = Math.random()` is the same in every fresh context
 * of one deployment (Convex's runtime documentation, "Using randomness and time").
 */
export function atImportTime<T>(deployment: Deployment, load: () => T): T {
  const outer = importing;
  importing = { now: deployment.at, random: seededRandom(deployment.seed) };
  try {
    return load();
  } finally {
    importing = outer;
  }
}

/** A small seeded generator (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 32-bit FNV-1a of a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Replaces `Date` and `Math.random` with versions that read the running execution: inside a
 * query or mutation, the time of its first clock read (functions cannot observe time before
 * it) and a generator seeded from the execution; elsewhere the real ones. Call once, after the
 * shiftable clock is installed.
 */
export function installIsolateGlobals(): void {
  if (installed) return;
  installed = true;
  setComponentClockContext(inComponentFunction);
  const OuterDate = globalThis.Date;
  const outerNow = OuterDate.now.bind(OuterDate);
  const outerRandom = Math.random.bind(Math);
  // A component's function reads the clock ahead by this much (see clock.ts).
  const componentLead = () => (inComponentFunction() ? componentClockLead() : 0);
  const frozen = (): Frozen | null => {
    if (importing) return importing;
    const ctx = execStorage.getStore();
    if (!ctx || (ctx.kind !== "query" && ctx.kind !== "mutation")) return null;
    let state = frozenByExecution.get(ctx);
    if (!state) {
      const now = appNow();
      // Per execution: from the function, the time and a real random draw.
      const seed = hash(`${ctx.path}:${now}:${outerRandom()}`);
      state = { now, random: seededRandom(seed) };
      frozenByExecution.set(ctx, state);
    }
    return state;
  };
  class IsolateDate extends OuterDate {
    constructor(...args: unknown[]) {
      const state = args.length === 0 ? frozen() : null;
      if (state) super(state.now + componentLead());
      else super(...(args as [number]));
    }
    static override now() {
      const state = frozen();
      return state ? state.now + componentLead() : outerNow();
    }
  }
  globalThis.Date = IsolateDate as DateConstructor;
  Math.random = () => {
    const state = frozen();
    return state ? state.random() : outerRandom();
  };
}
