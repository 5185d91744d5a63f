// Compiles a Convex functions folder with esbuild, the way `convex deploy` does: every
// eligible file is a module, npm packages stay external (so they share one instance with
// convex-test), and each build lands in a fresh folder so a reload imports fresh code.
import { build, type Plugin } from "esbuild";
import { builtinModules } from "node:module";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createIsolateContext } from "./isolateContext.js";

export type ModuleLoader = () => Promise<Record<string, unknown>>;

export interface BuiltApp {
  /** Function modules by Convex module path (`"messages"`, `"model/users"`). */
  modules: Map<string, ModuleLoader>;
  schema: unknown;
  authConfig: { providers?: unknown[] } | null;
  /** Watched source files, for reloads. */
  sourceDir: string;
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

/**
 * npm packages are not bundled into the isolate's modules: each import of one becomes a small ES
 * module re-exporting, by name, what the context's `require` hands out (the package as loaded in
 * the runtime's realm). Re-exporting by name keeps ES semantics (`import Google from …` gets the
 * default export), which CommonJS interop in a `"type": "module"` package would not.
 */
const PACKAGE_NAMESPACE = "isolate-package";
/** Records in `packages` each package it re-exports, as loaded, for the context's `require`. */
const packagesThroughRequire = (packages: Map<string, unknown>): Plugin => ({
  name: "packages-through-require",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      // The re-exporting module's own `require` stays external.
      args.namespace === PACKAGE_NAMESPACE
        ? { path: args.path, external: true }
        : { path: args.path, namespace: PACKAGE_NAMESPACE },
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: PACKAGE_NAMESPACE }, async (args) => {
      const loaded = (await import(args.path)) as Record<string, unknown>;
      packages.set(args.path, loaded);
      const names = Object.keys(loaded);
      const lines = [`const m = require(${JSON.stringify(args.path)});`];
      names.forEach((name, i) => lines.push(`const e${i} = m[${JSON.stringify(name)}];`));
      lines.push(
        `export { ${names.map((name, i) => `e${i} as ${JSON.stringify(name)}`).join(", ")} };`,
      );
      return { contents: lines.join("\n"), loader: "js" };
    });
  },
});

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
  const common = {
    outdir: outDir,
    outbase: convexDir,
    bundle: true,
    target: "node20",
    // npm packages stay external: one instance of each, shared with convex-test.
    packages: "external",
    platform: "node",
    sourcemap: "inline",
    logLevel: "silent",
    // `convex/_generated/*` imports resolve to the real files; they are plain JS.
  } as const;
  // Default-runtime files and "use node" files are bundled apart, as the CLI does: only the
  // former are held to the isolate's rules, and they run in a V8 context of their own.
  const packages = new Map<string, unknown>();
  await build({
    ...common,
    entryPoints: [...isolateFiles, ...specials],
    format: "cjs",
    outExtension: { ".js": ".cjs" },
    plugins: [refuseNodeBuiltins, packagesThroughRequire(packages)],
  });
  if (nodeFiles.length > 0)
    await build({
      ...common,
      entryPoints: nodeFiles,
      format: "esm",
      splitting: true,
      outExtension: { ".js": ".mjs" },
      chunkNames: "_node/[name]-[hash]",
    });
  const isolate = createIsolateContext(packages);
  const outputFor = (file: string, extension: string) => {
    const rel = path.relative(convexDir, file).replace(/\.[^/.]+$/, "");
    return { rel: rel.split(path.sep).join("/"), file: path.join(outDir, `${rel}${extension}`) };
  };
  const modules = new Map<string, ModuleLoader>();
  for (const file of moduleFiles) {
    if (nodeFiles.includes(file)) {
      const { rel, file: output } = outputFor(file, ".mjs");
      const url = pathToFileURL(output).href;
      modules.set(rel, () => import(url) as Promise<Record<string, unknown>>);
    } else {
      const { rel, file: output } = outputFor(file, ".cjs");
      modules.set(rel, async () => isolate.evaluate(output));
    }
  }
  const load = (name: string) => {
    const file = specials.find((candidate) => outputFor(candidate, ".cjs").rel === name);
    if (!file) return null;
    return isolate.evaluate(outputFor(file, ".cjs").file).default ?? null;
  };
  const schema = load("schema");
  const authConfig = load("auth.config") as BuiltApp["authConfig"];
  pruneOldBuilds(outRoot, outDir);
  return { modules, schema, authConfig, sourceDir: convexDir };
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
