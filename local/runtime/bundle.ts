// Compiles a Convex functions folder with esbuild, the way `convex deploy` does: every
// eligible file is a module, npm packages stay external (so they share one instance with
// convex-test), and each build lands in a fresh folder so a reload imports fresh code.
import { build, type Plugin } from "esbuild";
import { builtinModules } from "node:module";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

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
 * Convex's isolate has no Node globals: of `process` only `process.env` exists, and there is no
 * `Buffer`, `require`, `global` or `setImmediate`. Default-runtime modules are built with these
 * names bound at their top, so code that relies on Node's finds them missing locally as it would
 * on Convex. (npm packages stay external and keep Node's; "use node" files keep them too.)
 */
export const ISOLATE_GLOBALS_BANNER = [
  "const process = Object.freeze({ get env() { return globalThis.process.env; } });",
  "const Buffer = undefined, global = undefined, require = undefined, module = undefined,",
  "  exports = undefined, __dirname = undefined, __filename = undefined,",
  "  setImmediate = undefined, clearImmediate = undefined;",
].join("\n");

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
  // Default-runtime files and "use node" files are bundled apart, as the CLI does: only the
  // former are held to the isolate's rules.
  const nodeFiles = moduleFiles.filter((file) => isUseNodeFile(readFileSync(file, "utf8")));
  const isolateFiles = moduleFiles.filter((file) => !nodeFiles.includes(file));
  const common = {
    outdir: outDir,
    outbase: convexDir,
    bundle: true,
    splitting: true,
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "inline",
    outExtension: { ".js": ".mjs" },
    logLevel: "silent",
    // `convex/_generated/*` imports resolve to the real files; they are plain JS.
  } as const;
  await build({
    ...common,
    entryPoints: [...isolateFiles, ...specials],
    // npm packages stay external so they share one instance with convex-test (they run in Node).
    platform: "node",
    plugins: [refuseNodeBuiltins],
    banner: { js: ISOLATE_GLOBALS_BANNER },
  });
  if (nodeFiles.length > 0)
    await build({
      ...common,
      entryPoints: nodeFiles,
      platform: "node",
      chunkNames: "_node/[name]-[hash]",
    });
  const outputFor = (file: string) => {
    const rel = path.relative(convexDir, file).replace(/\.[^/.]+$/, "");
    return {
      rel: rel.split(path.sep).join("/"),
      url: pathToFileURL(path.join(outDir, `${rel}.mjs`)),
    };
  };
  const modules = new Map<string, ModuleLoader>();
  for (const file of moduleFiles) {
    const { rel, url } = outputFor(file);
    modules.set(rel, () => import(url.href) as Promise<Record<string, unknown>>);
  }
  const load = async (name: string) => {
    const file = specials.find((candidate) => outputFor(candidate).rel === name);
    if (!file) return null;
    const mod = (await import(outputFor(file).url.href)) as { default?: unknown };
    return mod.default ?? null;
  };
  const schema = await load("schema");
  const authConfig = (await load("auth.config")) as BuiltApp["authConfig"];
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
