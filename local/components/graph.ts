// The component tree of a functions folder, for the local runtime: `convex.config.ts` and each
// installed component's `convex.config.js` are bundled the way the Convex CLI bundles them for a
// push (an import of another definition becomes `./_componentDeps/<path>`), then evaluated as a
// deployment evaluates them (definitions.ts). Codegen gets the same tree from the CLI itself.
import { build, type Plugin } from "esbuild";
import { existsSync } from "node:fs";
import path from "node:path";
import {
  APP_DEFINITION,
  componentDepSpecifier,
  componentInstances,
  evaluateDefinitions,
  type ComponentInstance,
  type DefinitionSource,
} from "./definitions.js";

const CONFIG_FILES = [
  "convex.config.ts",
  "convex.config.js",
  "convex.config.mts",
  "convex.config.mjs",
];
const CONFIG_IMPORT = /(^|\/)convex\.config(\.[cm]?[jt]s)?$/;

/** The app's `convex.config` file, or null when it installs no components. */
export function appConfigFile(convexDir: string): string | null {
  for (const name of CONFIG_FILES) {
    const file = path.join(convexDir, name);
    if (existsSync(file)) return file;
  }
  return null;
}

/** A component instance with the folder its functions are in. */
export interface InstalledComponent extends ComponentInstance {
  /** The folder of its `convex.config.js` (and of its functions and schema). */
  definitionDir: string;
}

/** A definition path as the CLI writes one: relative to the functions folder, with `/`. */
function definitionPathOf(convexDir: string, dir: string): string {
  return path.relative(convexDir, dir).split(path.sep).join("/");
}

/** Bundles one definition; each import of another definition is left as a `_componentDeps` import. */
async function bundleDefinition(
  convexDir: string,
  file: string,
): Promise<{ source: string; dependencies: Map<string, string> }> {
  const dependencies = new Map<string, string>();
  const componentDeps: Plugin = {
    name: "component-deps",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: CONFIG_IMPORT }, async (args) => {
        if (args.kind === "entry-point" || args.pluginData === "component-deps") return undefined;
        const resolved = await pluginBuild.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: "component-deps",
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        const definitionPath = definitionPathOf(convexDir, path.dirname(resolved.path));
        dependencies.set(definitionPath, resolved.path);
        return { path: componentDepSpecifier(definitionPath), external: true };
      });
    },
  };
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["convex", "module"],
    target: "esnext",
    plugins: [componentDeps],
    logLevel: "silent",
  });
  return { source: result.outputFiles[0]!.text, dependencies };
}

/**
 * Every component instance the app installs, parents before children; an empty list when the
 * folder has no `convex.config`.
 */
export async function installedComponents(convexDir: string): Promise<InstalledComponent[]> {
  const appConfig = appConfigFile(convexDir);
  if (!appConfig) return [];
  const sources = new Map<string, DefinitionSource>();
  const dirs = new Map<string, string>([[APP_DEFINITION, convexDir]]);
  const queue: [string, string][] = [[APP_DEFINITION, appConfig]];
  while (queue.length > 0) {
    const [definitionPath, file] = queue.shift()!;
    if (sources.has(definitionPath)) continue;
    const { source, dependencies } = await bundleDefinition(convexDir, file);
    sources.set(definitionPath, { source, dependencies: [...dependencies.keys()] });
    for (const [dependency, dependencyFile] of dependencies) {
      dirs.set(dependency, path.dirname(dependencyFile));
      queue.push([dependency, dependencyFile]);
    }
  }
  const definitions = await evaluateDefinitions(sources);
  return componentInstances(definitions).map((instance) => ({
    ...instance,
    definitionDir: dirs.get(instance.definitionPath)!,
  }));
}
