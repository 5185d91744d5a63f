// `npm run codegen`: writes convex/_generated with the Convex CLI's own code generator,
// components included, without a deployment.
//
// The CLI's offline mode (`codegen --system-udfs`) never reads convex.config.ts, so it cannot
// write `components`. Its full mode bundles everything locally and asks a deployment for one
// thing: the analysis of the component definitions (`POST /api/deploy2/start_push`). This script
// answers that (and `/api/get_config_hashes`) from a loopback server that evaluates each
// definition the CLI sends, as the backend does (definitions.ts); the CLI then writes the files
// itself, exactly as `npx convex dev` would for this app. Only the definitions are analysed, not
// the functions, which is all JS codegen with the default settings reads: no `staticApi`,
// `staticDataModel` or `legacyComponentApi` in convex.json, and components come from npm
// packages (a component kept in this repository needs its functions analysed too).
//
//   npx tsx local/components/codegen.ts [project dir]   (default: this repository)
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { evaluateDefinitions, type DefinitionSource } from "./definitions.js";

const require = createRequire(import.meta.url);

/** The pinned `convex` package: its version is the "server" version the analysis reports. */
function convexPackage(projectDir: string): { version: string; cli: string } {
  const pkgPath = require.resolve("convex/package.json", { paths: [projectDir] });
  const { version } = JSON.parse(readFileSync(pkgPath, "utf8")) as { version: string };
  return { version, cli: path.join(path.dirname(pkgPath), "bin", "main.js") };
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  let body = Buffer.concat(chunks);
  const encoding = req.headers["content-encoding"];
  if (encoding === "br") body = brotliDecompressSync(body);
  else if (encoding === "gzip") body = gunzipSync(body);
  return body.length === 0 ? null : JSON.parse(body.toString("utf8"));
}

interface StartPushRequest {
  appDefinition: { definition: { source: string }; dependencies: string[] };
  componentDefinitions: {
    definitionPath: string;
    definition: { source: string };
    dependencies: string[];
  }[];
}

/** The `start_push` answer: the definitions' analysis, and no changes to any deployment state. */
export async function analysePush(request: StartPushRequest, serverVersion: string) {
  const sources = new Map<string, DefinitionSource>([
    [
      "",
      {
        source: request.appDefinition.definition.source,
        dependencies: request.appDefinition.dependencies,
      },
    ],
  ]);
  for (const component of request.componentDefinitions)
    sources.set(component.definitionPath, {
      source: component.definition.source,
      dependencies: component.dependencies,
    });
  const definitions = await evaluateDefinitions(sources);
  const analysis: Record<string, unknown> = {};
  for (const [definitionPath, definition] of definitions)
    analysis[definitionPath] = {
      definition,
      schema: null,
      functions: {},
      udfConfig: { serverVersion, importPhaseRngSeed: null, importPhaseUnixTimestamp: null },
    };
  return {
    environmentVariables: {},
    externalDepsId: null,
    componentDefinitionPackages: {},
    appAuth: [],
    analysis,
    app: {
      definitionPath: "",
      componentPath: "",
      args: {},
      childComponents: {},
      httpRoutes: { httpModuleRoutes: null, mounts: [] },
      exports: {},
    },
    schemaChange: { allocatedComponentIds: null, schemaIds: null },
  };
}

/** A loopback server answering the two requests codegen makes; anything else is a 404. */
function definitionsServer(serverVersion: string): Server {
  return createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      try {
        const body = await readBody(req);
        if (req.method === "POST" && req.url === "/api/get_config_hashes")
          return reply(200, {
            config: { functions: "convex/" },
            moduleHashes: [],
            nodeDependencies: [],
            udfServerVersion: serverVersion,
          });
        if (req.method === "POST" && req.url === "/api/deploy2/start_push")
          return reply(200, await analysePush(body as StartPushRequest, serverVersion));
        reply(404, {
          code: "NotFound",
          message: `codegen does not expect ${req.method} ${req.url}`,
        });
      } catch (e) {
        // The CLI prints the message: say which definition failed and why.
        reply(400, { code: "InvalidComponentDefinition", message: String(e) });
      }
    })();
  });
}

/** Runs the Convex CLI's codegen for `projectDir` against the loopback analysis server. */
export async function runCodegen(projectDir: string): Promise<number> {
  const { version, cli } = convexPackage(projectDir);
  const server = definitionsServer(version);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  try {
    return await new Promise<number>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          cli,
          "codegen",
          "--url",
          `http://127.0.0.1:${port}`,
          "--admin-key",
          "local-codegen",
          "--typecheck",
          "disable",
        ],
        {
          cwd: projectDir,
          stdio: "inherit",
          // No configured deployment may take over from --url; CI=1 keeps the CLI from reporting
          // errors to Convex's crash reporter (nothing is sent off this machine).
          env: {
            ...process.env,
            CI: "1",
            CONVEX_DEPLOYMENT: "",
            CONVEX_DEPLOY_KEY: "",
            CONVEX_SELF_HOSTED_URL: "",
            CONVEX_SELF_HOSTED_ADMIN_KEY: "",
          },
        },
      );
      child.once("error", reject);
      child.once("exit", (code) => resolve(code ?? 1));
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const projectDir = path.resolve(process.argv[2] ?? ".");
  process.exitCode = await runCodegen(projectDir);
}
