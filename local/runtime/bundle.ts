// Compiles a Convex functions folder the way `npx convex deploy` does. Default-runtime files are
// bundled together with the npm packages they import, with the Convex CLI's esbuild settings
// (browser platform, the "convex" and "module" conditions, names kept, NODE_ENV "production"),
// so every package runs the same build it runs on Convex, in one realm with the app (see
// isolateScope.ts). Only `convex` itself stays external: it is the runtime's own instance, the
// one whose registrations, validators and errors convex-test drives. `"use node"` files are
// bundled apart, for Node. Each build lands in a fresh folder so a reload imports fresh code.
import { build, type Plugin } from "esbuild";
import { builtinModules } from "node:module";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { installedComponents } from "../components/graph.js";
import type { Deployment } from "./isolateGlobals.js";
import { BUNDLE_RESULT, loadIsolateBundle } from "./isolateScope.js";
import { isolateModules, nodeModules, type ModuleExports } from "./modules.js";

/** The function modules of the app or of a component instance, by Convex module path. */
export interface FunctionModules {
  /** The module paths (`"messages"`, `"model/users"`). */
  paths: string[];
  /** The module as queries and analysis see it: the shared instance (modules.ts). */
  shared(rel: string): Promise<ModuleExports>;
  /**
   * The module in an instance of its own (fresh module state), for one execution; null for a
   * `"use node"` module, whose module state Node keeps (the shared one is it).
   */
  fresh(rel: string): ModuleExports | null;
  /** Prepares one spare instance ahead (idle time); false when none is wanted. */
  prepareSpare(): boolean;
  /** Marks a module as worth a spare instance. */
  want(rel: string): void;
}

export interface BuiltApp {
  /** Function modules by Convex module path (`"messages"`, `"model/users"`). */
  modules: FunctionModules;
  schema: unknown;
  authConfig: { providers?: unknown[] } | null;
  /** Watched source files, for reloads. */
  sourceDir: string;
  /** The installed components (convex.config.ts), parents before children. */
  components?: BuiltComponent[];
}

/** One installed instance of a component: its functions and schema. */
export interface BuiltComponent {
  /** `"resend"`, `"resend/emailWorkpool"`. */
  componentPath: string;
  modules: FunctionModules;
  schema: unknown;
}

const ENTRY_EXTENSIONS = [".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs"];
const SPECIAL_FILES = ["schema", "auth.config"];

/** Mirrors the Convex CLI's rules for which files are function modules. */
export function listModuleFiles(convexDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      const rel = path.relative(convexDir, full);
      if (statSync(full).isDirectory()) {
        if (rel === "_generated" || entry === "node_modules" || entry.startsWith(".")) continue;
        // A folder with its own convex.config.ts is a component's definition, not app
        // functions: the CLI skips it ("Skipping component directory").
        if (existsSync(path.join(full, "convex.config.ts"))) continue;
        walk(full);
        continue;
      }
      if (!ENTRY_EXTENSIONS.includes(path.extname(entry))) continue;
      if (entry.endsWith(".d.ts") || entry.startsWith(".") || entry.startsWith("#")) continue;
      if (rel.includes(" ")) continue;
      // Files with more than one dot (tests, auth.config) are not function modules.
      if ((entry.match(/\./g) ?? []).length > 1) continue;
      if (entry === "schema.ts" || entry === "schema.js") continue;
      const source = readFileSync(full, "utf8");
      if (!/^\s{0,100}(import|export)/m.test(source)) continue;
      files.push(full);
    }
  };
  walk(convexDir);
  return files.sort();
}

function findSpecialFile(convexDir: string, name: string): string | null {
  for (const ext of ENTRY_EXTENSIONS) {
    const candidate = path.join(convexDir, name + ext);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** A `"use node"` directive before any statement: the file runs in Node, not the isolate. */
export function isUseNodeFile(source: string): boolean {
  return /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use node["']/.test(source);
}

const NODE_BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith("_")));

/**
 * Refuses Node built-ins in default-runtime code, as Convex's isolate bundle does: there is no
 * `node:fs` or `crypto` module in the isolate, only in `"use node"` files.
 */
const refuseNodeBuiltins: Plugin = {
  name: "refuse-node-builtins",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      // A package's own imports resolve as esbuild's browser platform resolves them (its
      // "browser" field may map a built-in away); esbuild refuses the rest.
      if (args.importer.split(path.sep).includes("node_modules")) return undefined;
      const base = args.path.replace(/^node:/, "").split("/")[0]!;
      if (!args.path.startsWith("node:") && !NODE_BUILTINS.has(base)) return undefined;
      return {
        errors: [
          {
            text:
              `"${args.path}" is a Node.js built-in, which Convex's default runtime does not have. ` +
              `Move the code that needs it into a file that starts with "use node" (actions only), ` +
              `as \`npx convex deploy\` requires.`,
          },
        ],
      };
    });
  },
};

/** The runtime's own `convex`: external to the isolate bundle, shared with convex-test. */
const SYSTEM_PACKAGE = /^convex(\/.*)?$/;

/**
 * The Convex CLI's shims for the isolate: `server-only` is empty, and `async_hooks` is the
 * isolate's global `AsyncLocalStorage`.
 */
const convexShims: Plugin = {
  name: "convex-shims",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^server-only$/ }, (args) => ({
      path: args.path,
      namespace: "server-only-stub",
    }));
    pluginBuild.onLoad({ filter: /.*/, namespace: "server-only-stub" }, () => ({
      contents: "",
      loader: "js",
    }));
    pluginBuild.onResolve({ filter: /^(node:)?async_hooks$/ }, (args) => ({
      path: args.path,
      namespace: "async-hooks-shim",
    }));
    pluginBuild.onLoad({ filter: /.*/, namespace: "async-hooks-shim" }, () => ({
      contents:
        "export const AsyncLocalStorage = globalThis.AsyncLocalStorage;\n" +
        "export const AsyncResource = globalThis.AsyncResource;\n" +
        "export default { AsyncLocalStorage, AsyncResource };",
      loader: "js",
    }));
  },
};

let buildCounter = 0;

/** Each runtime process builds into its own folder; folders of processes that are gone are removed. */
function processBuildRoot(outRoot: string): string {
  mkdirSync(outRoot, { recursive: true });
  for (const name of readdirSync(outRoot)) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(path.join(outRoot, name), { recursive: true, force: true });
    }
  }
  return path.join(outRoot, String(process.pid));
}

/** One isolate bundle of some modules, and the `convex` specifiers it leaves external. */
async function buildIsolateBundle(
  entries: Record<string, string>,
  resolveDir: string,
  outfile: string,
  system: Map<string, unknown>,
): Promise<void> {
  const result = await build({
    stdin: {
      // Each module is initialized on its first require (synchronously, with what it imports),
      // once per instance of the bundle (isolateScope.ts).
      contents: `export const modules = {\n${Object.entries(entries)
        .map(([rel, file]) => `  ${JSON.stringify(rel)}: () => require(${JSON.stringify(file)}),`)
        .join("\n")}\n};`,
      resolveDir,
      sourcefile: "isolate-modules.js",
      loader: "js",
    },
    outfile,
    bundle: true,
    format: "iife",
    globalName: BUNDLE_RESULT,
    platform: "browser",
    target: "esnext",
    jsx: "automatic",
    conditions: ["convex", "module"],
    keepNames: true,
    define: { "process.env.NODE_ENV": '"production"' },
    external: ["convex", "convex/*"],
    plugins: [convexShims, refuseNodeBuiltins],
    sourcemap: "inline",
    metafile: true,
    logLevel: "silent",
  });
  // The specifiers of `convex` the bundle requires, loaded here (the runtime's instance).
  for (const output of Object.values(result.metafile.outputs))
    for (const imported of output.imports)
      if (imported.external && SYSTEM_PACKAGE.test(imported.path) && !system.has(imported.path))
        system.set(imported.path, await import(imported.path));
}

const relOf = (dir: string, file: string) =>
  path
    .relative(dir, file)
    .replace(/\.[^/.]+$/, "")
    .split(path.sep)
    .join("/");

export async function buildApp(convexDir: string, cacheRoot: string): Promise<BuiltApp> {
  const outRoot = processBuildRoot(cacheRoot);
  const moduleFiles = listModuleFiles(convexDir);
  const specials = SPECIAL_FILES.map((name) => findSpecialFile(convexDir, name)).filter(
    (file): file is string => file !== null,
  );
  buildCounter += 1;
  const outDir = path.join(outRoot, String(buildCounter));
  mkdirSync(outDir, { recursive: true });
  const nodeFiles = moduleFiles.filter((file) => isUseNodeFile(readFileSync(file, "utf8")));
  const isolateFiles = moduleFiles.filter((file) => !nodeFiles.includes(file));
  // Default-runtime files: one bundle that evaluates each module on its first import, as
  // the isolate loads a module and the chunks it shares with others once.
  const isolateBundle = path.join(outDir, "isolate.js");
  const system = new Map<string, unknown>();
  await buildIsolateBundle(
    Object.fromEntries(
      [...isolateFiles, ...specials].map((file) => [relOf(convexDir, file), file]),
    ),
    convexDir,
    isolateBundle,
    system,
  );
  if (nodeFiles.length > 0)
    await build({
      entryPoints: nodeFiles,
      outdir: outDir,
      outbase: convexDir,
      bundle: true,
      target: "node20",
      // npm packages stay external: Node's own, one instance shared with convex-test.
      packages: "external",
      platform: "node",
      format: "esm",
      splitting: true,
      outExtension: { ".js": ".mjs" },
      chunkNames: "_node/[name]-[hash]",
      sourcemap: "inline",
      logLevel: "silent",
    });
  // Deployed now: module-level code of every instance of this build sees this time and seed.
  const deployment: Deployment = { at: Date.now(), seed: (Math.random() * 2 ** 32) >>> 0 };
  const components = await buildComponents(convexDir, outDir, system, deployment);
  const isolate = isolateModules(loadIsolateBundle(isolateBundle, system), deployment);
  const node = nodeModules(
    (rel) => import(pathToFileURL(path.join(outDir, `${rel}.mjs`)).href) as Promise<ModuleExports>,
  );
  const nodeRels = new Set(nodeFiles.map((file) => relOf(convexDir, file)));
  const modules: FunctionModules = {
    paths: moduleFiles.map((file) => relOf(convexDir, file)),
    shared: async (rel) => (nodeRels.has(rel) ? node(rel) : isolate.shared(rel)),
    fresh: (rel) => (nodeRels.has(rel) ? null : isolate.fresh(rel)),
    prepareSpare: () => isolate.prepareSpare(),
    want: (rel) => {
      if (!nodeRels.has(rel)) isolate.want(rel);
    },
  };
  const special = (name: string) =>
    specials.some((file) => relOf(convexDir, file) === name)
      ? (isolate.shared(name).default ?? null)
      : null;
  const schema = special("schema");
  const authConfig = special("auth.config") as BuiltApp["authConfig"];
  pruneOldBuilds(outRoot, outDir);
  return { modules, schema, authConfig, sourceDir: convexDir, components };
}

/**
 * The installed components (convex.config.ts): one isolate bundle per definition folder, and
 * instances of its own per component instance, so each instance has its own module state and
 * its own environment (the deployment's URLs and what its parent binds with `use(…, {env})`),
 * as on Convex.
 */
async function buildComponents(
  convexDir: string,
  outDir: string,
  system: Map<string, unknown>,
  deployment: Deployment,
): Promise<BuiltComponent[]> {
  const instances = await installedComponents(convexDir);
  const bundles = new Map<string, { file: string; rels: string[]; hasSchema: boolean }>();
  for (const instance of instances) {
    if (bundles.has(instance.definitionDir)) continue;
    const dir = instance.definitionDir;
    const files = listModuleFiles(dir);
    const nodeOnly = files.filter((file) => isUseNodeFile(readFileSync(file, "utf8")));
    if (nodeOnly.length > 0)
      throw new Error(
        `The local runtime cannot run "use node" modules of components yet (${nodeOnly.join(", ")}).`,
      );
    const schemaFile = findSpecialFile(dir, "schema");
    const entries = Object.fromEntries(files.map((file) => [relOf(dir, file), file]));
    if (schemaFile) entries["schema"] = schemaFile;
    const file = path.join(outDir, `component-${bundles.size}.js`);
    await buildIsolateBundle(entries, dir, file, system);
    bundles.set(dir, { file, rels: files.map((f) => relOf(dir, f)), hasSchema: !!schemaFile });
  }
  const components: BuiltComponent[] = [];
  for (const instance of instances) {
    const { file, rels, hasSchema } = bundles.get(instance.definitionDir)!;
    const env = {
      CONVEX_CLOUD_URL: process.env.CONVEX_CLOUD_URL,
      CONVEX_SITE_URL: process.env.CONVEX_SITE_URL,
      ...instance.env,
    };
    const isolate = isolateModules(
      loadIsolateBundle(file, system, () => env),
      deployment,
    );
    const modules: FunctionModules = {
      paths: rels,
      shared: async (rel) => isolate.shared(rel),
      fresh: (rel) => isolate.fresh(rel),
      prepareSpare: () => isolate.prepareSpare(),
      want: (rel) => isolate.want(rel),
    };
    const schema = hasSchema ? (isolate.shared("schema").default ?? null) : null;
    components.push({ componentPath: instance.componentPath, modules, schema });
  }
  return components;
}

// Keep the build folder from growing without bound; the current build and a few before it
// stay (an in-flight action may still import from the previous one).
function pruneOldBuilds(outRoot: string, keep: string) {
  const builds = readdirSync(outRoot)
    .map((name) => path.join(outRoot, name))
    .filter((dir) => dir !== keep)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const dir of builds.slice(3)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Modules given as objects (the self-test's, unit tests'): one instance for every use, as
 * `"use node"` modules are.
 */
export function fixedModules(modules: Record<string, ModuleExports>): FunctionModules {
  return {
    paths: Object.keys(modules),
    shared: async (rel) => {
      const mod = modules[rel];
      if (!mod) throw new Error(`Could not find module for: "${rel}"`);
      return mod;
    },
    fresh: () => null,
    prepareSpare: () => false,
    want: () => undefined,
  };
}
