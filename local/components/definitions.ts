// Evaluates component definitions (`convex.config` files) the way a Convex deployment does when
// code is pushed (the backend's AppDefinitionEvaluator): each definition is a self-contained
// bundle whose imports of other definitions are `./_componentDeps/<base64url(path)>`; those are
// evaluated first (post-order) and each import is answered with a small module carrying the
// child's evaluated metadata, its definition path and its default name. The result is the
// component tree both offline codegen (codegen.ts) and the local runtime use.

/** One definition as the CLI pushes it: its bundled source and the definitions it imports. */
export interface DefinitionSource {
  source: string;
  dependencies: string[];
}

/** A child component as a definition declares it (`app.use(definition, {name, env})`). */
export interface ChildComponent {
  name: string;
  /** The child's definition path (its directory relative to the functions folder). */
  path: string;
  args: unknown[];
  /** Values bound by `use(…, {env})`; null when none. */
  env: [string, { type: "value"; value: string } | { type: "envVar"; name: string }][] | null;
}

/** What `export()` of an evaluated definition returns, with its path. */
export interface EvaluatedDefinition {
  path: string;
  definitionType: { type: "app" } | { type: "childComponent"; name: string; args: unknown[] };
  childComponents: ChildComponent[];
  httpMounts?: Record<string, string>;
  exports: unknown;
  envVars?: [string, unknown][];
  [key: string]: unknown;
}

/** The app's own definition path. */
export const APP_DEFINITION = "";

const SOURCE_MAP_COMMENT = /^\/\/# sourceMappingURL=.*$/gm;
const COMPONENT_DEP = /(["'])\.\/_componentDeps\/([A-Za-z0-9_-]+)\1/g;

export function componentDepSpecifier(definitionPath: string): string {
  return `./_componentDeps/${Buffer.from(definitionPath, "utf8").toString("base64url")}`;
}

function dataUrl(source: string): string {
  return "data:text/javascript;base64," + Buffer.from(source, "utf8").toString("base64");
}

/** Evaluates every definition reachable from the app's, children first. */
export async function evaluateDefinitions(
  sources: ReadonlyMap<string, DefinitionSource>,
): Promise<Map<string, EvaluatedDefinition>> {
  const evaluated = new Map<string, EvaluatedDefinition>();
  const visiting = new Set<string>();
  const visit = async (definitionPath: string): Promise<EvaluatedDefinition> => {
    const done = evaluated.get(definitionPath);
    if (done) return done;
    if (visiting.has(definitionPath))
      throw new Error(`Component definitions import each other in a cycle at "${definitionPath}".`);
    const definition = sources.get(definitionPath);
    if (!definition) throw new Error(`No component definition at "${definitionPath}".`);
    visiting.add(definitionPath);
    for (const dependency of definition.dependencies) await visit(dependency);
    const source = definition.source.replace(COMPONENT_DEP, (_match, _quote, encoded: string) => {
      const childPath = Buffer.from(encoded, "base64url").toString("utf8");
      const child = evaluated.get(childPath);
      if (!child)
        throw new Error(`"${definitionPath}" imports "${childPath}", which it does not list.`);
      const defaultName =
        child.definitionType.type === "childComponent" ? child.definitionType.name : undefined;
      const module =
        `export default { export: () => (${JSON.stringify(child)}), ` +
        `componentDefinitionPath: ${JSON.stringify(childPath)}, ` +
        `defaultName: ${JSON.stringify(defaultName)} };`;
      return JSON.stringify(dataUrl(module));
    });
    // A source map comment would point Node at a file next to a data: URL.
    const imported = (await import(dataUrl(source.replace(SOURCE_MAP_COMMENT, "")))) as {
      default?: { export?: () => unknown };
    };
    if (typeof imported.default?.export !== "function")
      throw new Error(
        `"${definitionPath || "convex.config"}" must export default defineApp() or defineComponent().`,
      );
    // Round-tripped through JSON: what a deployment stores is the serialized form.
    const result = JSON.parse(JSON.stringify(imported.default.export())) as EvaluatedDefinition;
    result.path = definitionPath;
    evaluated.set(definitionPath, result);
    visiting.delete(definitionPath);
    return result;
  };
  await visit(APP_DEFINITION);
  return evaluated;
}

/** One installed instance of a component, as the tree of `use()` calls lays them out. */
export interface ComponentInstance {
  /** `"resend"`, `"resend/emailWorkpool"`; the app itself is `""`. */
  componentPath: string;
  definitionPath: string;
  /** Environment variables bound by the parent's `use(…, {env})`. */
  env: Record<string, string>;
}

/**
 * Every component instance under the app, parents before children. An env var a parent binds
 * from its own environment (`{type: "envVar"}`) is looked up in the parent's bindings.
 */
export function componentInstances(
  definitions: ReadonlyMap<string, EvaluatedDefinition>,
): ComponentInstance[] {
  const instances: ComponentInstance[] = [];
  const walk = (
    definitionPath: string,
    componentPath: string,
    ownEnv: Record<string, string>,
  ): void => {
    const definition = definitions.get(definitionPath);
    if (!definition) throw new Error(`No evaluated definition at "${definitionPath}".`);
    for (const child of definition.childComponents) {
      if (child.name.includes("/"))
        throw new Error(`Component name "${child.name}" cannot contain "/".`);
      const childPath = componentPath === "" ? child.name : `${componentPath}/${child.name}`;
      const env: Record<string, string> = {};
      for (const [name, binding] of child.env ?? []) {
        const value = binding.type === "value" ? binding.value : ownEnv[binding.name];
        if (value !== undefined) env[name] = value;
      }
      instances.push({ componentPath: childPath, definitionPath: child.path, env });
      walk(child.path, childPath, env);
    }
  };
  walk(APP_DEFINITION, "", {});
  return instances;
}
