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
import { fixedModules, type BuiltApp } from "./bundle.js";
import { assertVersions } from "./convexTest/inventory.js";
import { Engine } from "./engine/engine.js";
import type { ExecContext } from "./engine/execution.js";
import { emptyState, type CommittedWrite } from "./engine/state.js";
import { counterOfId, decodeId, tableOfId } from "./ids.js";

export async function selfTest(): Promise<void> {
  assertVersions();
  const probe = {
    insert: mutationGeneric({
      args: {},
      handler: async (ctx) => {
        await ctx.db.insert("probe", { n: 1 });
        await ctx.scheduler.runAfter(60_000, makeFunctionReference<"mutation">("probe:insert"), {});
        return "inserted";
      },
    }),
    add: mutationGeneric({
      args: {},
      handler: async (ctx) => {
        for (const n of [5, 6, 8]) await ctx.db.insert("probe", { n });
        return await ctx.db.insert("probe", { n: 7 });
      },
    }),
    normalize: queryGeneric({
      args: { id: v.string() },
      handler: async (ctx, { id }) => [
        ctx.db.normalizeId("probe", id),
        ctx.db.normalizeId("other", id),
      ],
    }),
    byN: queryGeneric({
      args: { n: v.number() },
      handler: async (ctx, { n }) =>
        (
          await ctx.db
            .query("probe")
            .withIndex("by_n", (q) => q.eq("n", n))
            .collect()
        ).map((doc) => doc.n),
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
    modules: fixedModules({ probe }),
    schema: defineSchema({
      probe: defineTable({ n: v.number() }).index("by_n", ["n"]),
      other: defineTable({ n: v.number() }),
    }),
    authConfig: null,
    sourceDir: "",
  };
  const commits: { writes: CommittedWrite[]; ctx: ExecContext | undefined }[] = [];
  const state = emptyState();
  const engine = await Engine.create(app, state, (writes, ctx) => commits.push({ writes, ctx }));
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

  // The persisted id counter: a new id is made from it and moves it on, so documents
  // inserted after a restart never reuse a stored document's id.
  const counterBefore = state.nextDocId;
  const added = await engine.runPublic("mutation", "probe:add", {}, null);
  const newId = added.ok ? String(added.value) : "";
  if (counterOfId(newId) !== state.nextDocId - 1 || state.nextDocId !== counterBefore + 4)
    problems.push("new ids are not made from the persisted document counter");
  if (decodeId(newId) === null || tableOfId(state.tables, newId) !== "probe")
    problems.push("ids are not Convex-shaped ids of their table");
  const normalized = await engine.runPublic("query", "probe:normalize", { id: newId }, null);
  if (!normalized.ok || JSON.stringify(normalized.value) !== JSON.stringify([newId, null]))
    problems.push("normalizeId does not check the id's table");

  // Index ranges come from the ordered indexes and are recorded as read sets.
  const ranged = await engine.runPublic("query", "probe:byN", { n: 7 }, null);
  if (!ranged.ok || JSON.stringify(ranged.value) !== "[7]")
    problems.push(`index ranges return wrong rows (${JSON.stringify(ranged.ok && ranged.value)})`);
  const range = ranged.reads.ranges[0];
  if (
    !range ||
    range.index.name !== "by_n" ||
    range.index.size !== state.byTable.get("probe")?.size
  )
    problems.push("index ranges are not served from an ordered index");
  const outside = {
    id: "x",
    table: "probe",
    previous: null,
    doc: { _id: "x", _creationTime: 0, n: 8 },
  };
  const inside = { ...outside, doc: { ...outside.doc, n: 7 } };
  if (ranged.reads.touchedBy(outside) || !ranged.reads.touchedBy(inside))
    problems.push("read sets do not follow index ranges");

  const internalCall = await engine.runPublic("query", "probe:missing", {}, null);
  if (internalCall.ok) problems.push("unknown functions are callable");

  if (problems.length > 0) {
    throw new Error(
      `The local Convex runtime's self-test failed (convex or convex-test internals changed?):\n- ${problems.join("\n- ")}`,
    );
  }
}
