// A separate V8 context for default-runtime functions, with the globals Convex's isolate has and
// nothing of Node's: code built from `convex/` is evaluated here, so `process.version`, `Buffer`,
// `require`, `global` or `setImmediate` are missing at run time as they are on Convex, whether the
// code names them or reaches for `globalThis`. npm packages are not bundled in: they come from the
// runtime's own realm (one `convex` instance shared with convex-test), like a module cache.
import vm from "node:vm";
import { readFileSync } from "node:fs";
import { isNativeError } from "node:util/types";

/** The Web platform globals Convex's default runtime provides, taken from Node's realm. */
const WEB_GLOBALS = [
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
  "AbortController",
  "AbortSignal",
  "Event",
  "EventTarget",
  "ReadableStream",
  "WritableStream",
  "TransformStream",
  "structuredClone",
  "queueMicrotask",
  "performance",
  "setTimeout",
  "clearTimeout",
  "setInterval",
  "clearInterval",
] as const;

export interface IsolateContext {
  /** Evaluates a CommonJS module built for the isolate and returns its exports. */
  evaluate(file: string): Record<string, unknown>;
}

/**
 * Creates one context per build of the app. `packages` maps each npm specifier the build imports
 * to its module namespace, loaded beforehand in the runtime's realm.
 */
export function createIsolateContext(packages: Map<string, unknown>): IsolateContext {
  const sandbox: Record<string, unknown> = {};
  for (const name of WEB_GLOBALS) sandbox[name] = (globalThis as Record<string, unknown>)[name];
  // Of `process`, only `process.env` exists in Convex's isolate.
  sandbox.process = Object.freeze({
    get env() {
      return process.env;
    },
  });
  const context = vm.createContext(sandbox, { name: "convex isolate" });
  const contextGlobal = vm.runInContext("globalThis", context) as Record<string, unknown>;
  // The clock and Math.random read the running execution (frozen and seeded in queries and
  // mutations: see isolateGlobals.ts); read through at each call, so the order of installs
  // does not matter.
  Object.defineProperty(contextGlobal, "Date", {
    get: () => globalThis.Date,
    configurable: true,
  });
  (contextGlobal.Math as Math).random = () => Math.random();

  const requirePackage = (specifier: string) => {
    const found = packages.get(specifier);
    if (found === undefined)
      throw new Error(`Cannot find package "${specifier}" (it was not loaded for this build)`);
    return found;
  };
  const cache = new Map<string, Record<string, unknown>>();
  return {
    evaluate(file) {
      const cached = cache.get(file);
      if (cached) return cached;
      const source = readFileSync(file, "utf8");
      const wrapper = new vm.Script(`(function (exports, require, module) {${source}\n})`, {
        filename: file,
      });
      const moduleRecord = { exports: {} as Record<string, unknown> };
      const run = wrapper.runInContext(context) as (
        exports: unknown,
        require: (specifier: string) => unknown,
        module: unknown,
      ) => void;
      run(moduleRecord.exports, requirePackage, moduleRecord);
      cache.set(file, moduleRecord.exports);
      return moduleRecord.exports;
    },
  };
}

/** Whether a thrown value is an Error from any realm (functions' errors come from the isolate's). */
export const isError = (value: unknown): value is Error => isNativeError(value);
