// How default-runtime code runs: in the runtime's own realm, inside a scope that shows it only
// the globals Convex's isolate has.
//
// Why one realm: code from another V8 context has its own `Error`, `Object`, `Uint8Array` and
// `Promise`, so every object that crosses between it and code of this realm fails `instanceof`
// checks (Hono's `onError` ignored the app's errors, `jose` refused `TextEncoder`'s bytes).
// On Convex, the app and its npm packages are bundled together into one isolate, where all of
// them share one set of built-ins; here they share this realm's, with the engine too.
//
// Why a scope: Convex's isolate has no Node globals (only `process.env`). The bundle is wrapped
// in a function whose parameters shadow every Node-only global (`Buffer`, `setImmediate`,
// `require`, `global`, ...), and whose `globalThis` is a per-instance global object that hides
// them too and keeps the app's own global writes away from the runtime's.
//
// Why instances: on Convex every query, mutation and action starts in a fresh V8 context, so
// module state (a module-level object, a global written by a package) never carries from one
// execution into the next. A bundle is compiled once and can be instantiated any number of
// times; each instance has its own module state and global object (see modules.ts for which
// execution gets which instance).
import vm from "node:vm";
import { readFileSync } from "node:fs";
import { isNativeError } from "node:util/types";

/** The Web platform globals Convex's default runtime provides besides the ECMAScript ones. */
export const ISOLATE_WEB_GLOBALS = new Set([
  "console",
  "fetch",
  "Request",
  "Response",
  "Headers",
  "FormData",
  "Blob",
  "File",
  "URL",
  "URLSearchParams",
  "TextEncoder",
  "TextDecoder",
  "atob",
  "btoa",
  "crypto",
  "Crypto",
  "CryptoKey",
  "SubtleCrypto",
  "AbortController",
  "AbortSignal",
  "Event",
  "EventTarget",
  "DOMException",
  "ReadableStream",
  "ReadableStreamDefaultReader",
  "WritableStream",
  "TransformStream",
  "TextEncoderStream",
  "TextDecoderStream",
  "CompressionStream",
  "DecompressionStream",
  "structuredClone",
  "queueMicrotask",
  "performance",
  "setTimeout",
  "clearTimeout",
  "setInterval",
  "clearInterval",
]);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The variable the isolate bundle (an IIFE, see bundle.ts) assigns its exports to. */
export const BUNDLE_RESULT = "__convexIsolateBundle";

/** Globals every ECMAScript realm has (read from a fresh V8 context). */
const ECMASCRIPT_GLOBALS = new Set(
  vm.runInNewContext("Object.getOwnPropertyNames(globalThis)") as string[],
);

/**
 * Node's globals that Convex's isolate lacks, plus the CommonJS module variables: each becomes
 * an `undefined` parameter of the module wrapper.
 */
export const HIDDEN_NODE_GLOBALS: string[] = [
  ...new Set([
    ...Object.getOwnPropertyNames(globalThis).filter(
      (name) =>
        IDENTIFIER.test(name) && !ECMASCRIPT_GLOBALS.has(name) && !ISOLATE_WEB_GLOBALS.has(name),
    ),
    "global",
    "Buffer",
    "setImmediate",
    "clearImmediate",
    "module",
    "exports",
    "__dirname",
    "__filename",
  ]),
].filter((name) => !["globalThis", "process", "require", BUNDLE_RESULT].includes(name));

type Env = Record<string, string | undefined>;

/** Of `process`, only `process.env` exists in Convex's isolate. */
function isolateProcessOf(env: () => Env) {
  return Object.freeze({
    get env() {
      return env();
    },
  });
}

/**
 * A per-build global object: reads fall through to this realm's globals (live, so the clock
 * installed by isolateGlobals.ts is seen), except the hidden Node globals; writes stay on it.
 */
function scopeGlobal(isolateProcess: ReturnType<typeof isolateProcessOf>): typeof globalThis {
  const own: Record<PropertyKey, unknown> = Object.create(null);
  const hidden = new Set<PropertyKey>(HIDDEN_NODE_GLOBALS);
  const proxy: typeof globalThis = new Proxy(own, {
    get(target, key) {
      if (key in target) return target[key];
      if (key === "globalThis") return proxy;
      if (key === "process") return isolateProcess;
      if (hidden.has(key)) return undefined;
      return Reflect.get(globalThis, key);
    },
    set(target, key, value) {
      target[key] = value;
      return true;
    },
    has(target, key) {
      return key in target || (!hidden.has(key) && key in globalThis);
    },
    getOwnPropertyDescriptor(target, key) {
      const ownDescriptor = Reflect.getOwnPropertyDescriptor(target, key);
      if (ownDescriptor) return ownDescriptor;
      if (hidden.has(key) || !(key in globalThis)) return undefined;
      return { value: proxy[key as keyof typeof globalThis], writable: true, configurable: true };
    },
    ownKeys(target) {
      const names = Reflect.ownKeys(globalThis).filter((key) => !hidden.has(key));
      return [...new Set([...Reflect.ownKeys(target), ...names])];
    },
  }) as unknown as typeof globalThis;
  return proxy;
}

/** One evaluation of an isolate bundle: its module state and its global object. */
export interface BundleInstance {
  /**
   * A module of this instance, initialized on first use (with the modules it imports), as
   * the isolate imports a module into a context.
   */
  require(rel: string): Record<string, unknown>;
}

export interface IsolateBundle {
  /**
   * Evaluates the bundle afresh: a new global object and new module state, as a new V8 context
   * has. The code is compiled once per bundle; only the modules a caller requires run.
   */
  instantiate(): BundleInstance;
}

/**
 * A bundle built for the isolate (bundle.ts), compiled once. `system` maps the specifiers the
 * bundle leaves external (`convex/server`, `convex/values`: the runtime's own instance, which
 * convex-test drives) to their module namespaces; `env` is its `process.env` (the runtime's
 * own by default: the app's environment variables).
 */
export function loadIsolateBundle(
  file: string,
  system: Map<string, unknown>,
  env: () => Env = () => process.env,
): IsolateBundle {
  const isolateProcess = isolateProcessOf(env);
  const requireSystem = (specifier: string) => {
    const found = system.get(specifier);
    if (found === undefined)
      throw new Error(`Cannot find module "${specifier}" (it is not bundled into the functions)`);
    return found;
  };
  const source = readFileSync(file, "utf8");
  const parameters = ["globalThis", "process", "require", ...HIDDEN_NODE_GLOBALS];
  const wrapper = new vm.Script(
    `(function (${parameters.join(", ")}) {${source}\nreturn ${BUNDLE_RESULT};\n})`,
    { filename: file },
  );
  const run = wrapper.runInThisContext() as (...args: unknown[]) => {
    modules: Record<string, () => Record<string, unknown>>;
  };
  return {
    instantiate() {
      const { modules } = run(scopeGlobal(isolateProcess), isolateProcess, requireSystem);
      return {
        require(rel) {
          const load = modules[rel];
          if (!load) throw new Error(`Could not find module for: "${rel}"`);
          return load();
        },
      };
    },
  };
}

/** Whether a thrown value is an Error (of this realm or, from a "use node" build, any). */
export const isError = (value: unknown): value is Error => isNativeError(value);
