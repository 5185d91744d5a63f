// Which module state a function execution sees, as on Convex.
//
// Convex runs every query, mutation and action of the default runtime in a fresh V8 context:
// the function's module and everything it imports are evaluated anew, so nothing a module keeps
// at module level (a cache, a "sticky" shard, a global a package writes) carries from one
// execution into the next, nested calls (`ctx.runQuery`, `ctx.runMutation`, calls into
// components) included. The one exception is opt-in: a module that exports
// `experimental_reuseContext = true` may have its context, with its module state, reused for
// later queries and mutations of that module (get-convex/convex-backend,
// crates/isolate/src/environment/udf/mod.rs and analyze.rs; actions and HTTP actions always
// start fresh). At import time `Date.now()` is the deployment's time and `Math.random` is
// seeded with the deployment's seed, so every fresh context computes the same module-level
// values. `"use node"` modules run in Node, where a module stays loaded between calls.
//
// Here, each mutation, action and HTTP action (and each nested call of one) gets an instance of
// the bundle of its own, so nothing a transaction keeps in module state reaches another.
// Queries share one instance per build, which only queries use: a fresh instance of this app's
// larger modules takes 15–30 ms to initialize against a query's fraction of a millisecond, and
// a signed-in page runs dozens of queries per viewer. That is what Convex's opt-in reuse does
// for a module, applied to queries; a query cannot write, so whatever a query leaves in module
// state reaches only later queries, never a mutation. `CONVEX_LOCAL_FRESH_QUERIES=1` gives
// queries fresh instances too (exact, and slow).
//
// Instances for mutations and actions are prepared ahead while the runtime is idle (one spare
// per module recently used or loaded, as Convex keeps a fresh context ready), so a mutation
// does not wait for its module's initialization unless the runtime has been busy without pause:
// a page that shows a module's queries has a spare ready for that module's mutations.
import { atImportTime, type Deployment } from "./isolateGlobals.js";
import type { BundleInstance, IsolateBundle } from "./isolateScope.js";

export type ModuleExports = Record<string, unknown>;

/** How a module is loaded for one use. */
export interface ModuleSet {
  /** The module in the instance queries share (and analysis reads: registrations, routes). */
  shared(rel: string): ModuleExports;
  /** The module in an instance of its own: fresh module state. */
  fresh(rel: string): ModuleExports;
  /** Prepares one spare instance if one is wanted; false when none is. */
  prepareSpare(): boolean;
  /** Marks a module as worth a spare instance (it has mutations or actions). */
  want(rel: string): void;
}

/** Modules with a spare instance ready, at most (about 3 MB each for this app's). */
const MAX_SPARES = 16;

export const freshQueries = () => process.env.CONVEX_LOCAL_FRESH_QUERIES === "1";

/** The modules of one isolate bundle (the app's, or one component instance's). */
export function isolateModules(bundle: IsolateBundle, deployment: Deployment): ModuleSet {
  let sharedInstance: BundleInstance | null = null;
  const spares = new Map<string, ModuleExports>();
  /** Modules used fresh, least recently used first: the ones worth a spare. */
  const wanted = new Set<string>();
  const load = (instance: BundleInstance, rel: string) =>
    atImportTime(deployment, () => instance.require(rel));
  const want = (rel: string) => {
    wanted.delete(rel);
    wanted.add(rel);
    if (wanted.size > MAX_SPARES) {
      const oldest = wanted.values().next().value!;
      wanted.delete(oldest);
      spares.delete(oldest);
    }
  };
  return {
    want,
    shared(rel) {
      sharedInstance ??= bundle.instantiate();
      return load(sharedInstance, rel);
    },
    fresh(rel) {
      want(rel);
      const spare = spares.get(rel);
      if (spare) {
        spares.delete(rel);
        return spare;
      }
      return load(bundle.instantiate(), rel);
    },
    prepareSpare() {
      for (const rel of wanted) {
        if (spares.has(rel)) continue;
        try {
          spares.set(rel, load(bundle.instantiate(), rel));
        } catch {
          // A module that fails to initialize fails in the execution that needs it.
          wanted.delete(rel);
        }
        return true;
      }
      return false;
    },
  };
}

/** A module of a `"use node"` file: Node keeps it loaded, so every use shares it. */
export function nodeModules(load: (rel: string) => Promise<ModuleExports>) {
  const loaded = new Map<string, Promise<ModuleExports>>();
  return (rel: string) => {
    let module = loaded.get(rel);
    if (!module) loaded.set(rel, (module = load(rel)));
    return module;
  };
}
