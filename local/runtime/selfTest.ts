// A start-up check of every convex-test internal the engine relies on. If an upgrade of
// `convex` or `convex-test` changes them, the runtime stops with a clear message instead of
// silently losing writes or live updates.
import {
  defineSchema,
  defineTable,
  makeFunctionReference,
  mutationGeneric,
  queryGeneric,
} from "convex/server";
import { v, type JSONValue } from "convex/values";
import type { BuiltApp } from "./bundle.js";
import { Engine, emptyState, type CommittedWrite, type ExecContext } from "./engine.js";

export async function selfTest(): Promise<void> {
  const probe = {
    insert: mutationGeneric({
      args: {},
      handler: async (ctx) => {
        await ctx.db.insert("probe", { n: 1 });
        await ctx.scheduler.runAfter(60_000, makeFunctionReference<"mutation">("probe:insert"), {});
        return "inserted";
      },
    }),
    page: queryGeneric({
      args: { numItems: v.number() },
      handler: async (ctx, { numItems }) => {
        console.log("probe");
        return await ctx.db.query("probe").order("desc").paginate({ numItems, cursor: null });
      },
    }),
  };
  const app: BuiltApp = {
    modules: new Map([["probe", async () => probe]]),
    schema: defineSchema({ probe: defineTable({ n: v.number() }) }),
    authConfig: null,
    sourceDir: "",
  };
  const commits: { writes: CommittedWrite[]; ctx: ExecContext | undefined }[] = [];
  const engine = await Engine.create(app, emptyState(), (writes, ctx) =>
    commits.push({ writes, ctx }),
  );
  const problems: string[] = [];

  const tag: Record<string, unknown> & { result?: JSONValue } = { probe: true };
  const inserted = await engine.runPublic("mutation", "probe:insert", {}, null, { commitTag: tag });
  if (!inserted.ok) problems.push(`mutation failed: ${inserted.errorMessage}`);
  const tables = commits.flatMap((c) => c.writes.map((w) => w.table));
  if (!tables.includes("probe")) problems.push("committed writes are not reported");
  if (!tables.includes("_scheduled_functions")) problems.push("scheduling is not intercepted");
  if (commits[0]?.ctx?.commitTag !== tag || tag.result !== "inserted") {
    problems.push("mutation results are not recorded with their commit");
  }

  await engine.runPublic("mutation", "probe:insert", {}, null);
  const first = await engine.runPublic("query", "probe:page", { numItems: 1 }, null);
  if (!first.ok || !first.reads.has("probe")) problems.push("query reads are not tracked");
  if (!first.logLines.some((line) => line.includes("probe")))
    problems.push("console output is not captured");
  if (!first.journal?.endCursor) problems.push("paginated queries produce no journal");
  await engine.runPublic("mutation", "probe:insert", {}, null);
  const again = await engine.runPublic("query", "probe:page", { numItems: 1 }, null, {
    journal: first.journal,
  });
  // Newest first: the new row joins the pinned first page instead of pushing a row off it.
  const pageLength = again.ok ? (again.value as { page: unknown[] }).page.length : -1;
  if (pageLength !== 2) problems.push(`journals do not pin the page end (got ${pageLength} rows)`);

  const internalCall = await engine.runPublic("query", "probe:missing", {}, null);
  if (internalCall.ok) problems.push("unknown functions are callable");

  if (problems.length > 0) {
    throw new Error(
      `The local Convex runtime's self-test failed (convex or convex-test internals changed?):\n- ${problems.join("\n- ")}`,
    );
  }
}
