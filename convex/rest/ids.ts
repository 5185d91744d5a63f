// Ids in REST paths and bodies. A string that is no id of the table is the caller's mistake
// (400); a well-formed id that names nothing is an unknown resource (404). Only a query can
// tell the two apart (ids are opaque; `normalizeId` knows them), so the routes ask `kinds`.
import { v } from "convex/values";
import { internalQuery, type ActionCtx } from "../_generated/server";
import type { Id } from "../_generated/dataModel";
import { internal } from "../_generated/api";
import { HttpError } from "./respond";

const TABLES = {
  proposals: { invalid: "Invalid proposal id.", missing: "Proposal not found" },
  submissions: { invalid: "Invalid submission id.", missing: "Submission not found" },
} as const;
type Table = keyof typeof TABLES;

const tableValidator = v.union(v.literal("proposals"), v.literal("submissions"));
const kindValidator = v.union(v.literal("malformed"), v.literal("missing"), v.literal("found"));
const MAX_IDS = 100;

/** For each string (at most 100): not an id of the table, an id naming nothing, or found. */
export const kinds = internalQuery({
  args: { table: tableValidator, ids: v.array(v.string()) },
  returns: v.array(kindValidator),
  handler: async (ctx, { table, ids }) =>
    await Promise.all(
      ids.slice(0, MAX_IDS).map(async (raw) => {
        const id = ctx.db.normalizeId(table, raw);
        if (id === null) return "malformed" as const;
        return (await ctx.db.get(table, id)) === null ? ("missing" as const) : ("found" as const);
      }),
    ),
});

type Ctx = Pick<ActionCtx, "runQuery">;

/** The id of an existing document of the table; else a 400 (malformed) or a 404 (unknown). */
export async function requireId<T extends Table>(ctx: Ctx, table: T, raw: string): Promise<Id<T>> {
  const [kind] = await ctx.runQuery(internal.rest.ids.kinds, { table, ids: [raw] });
  if (kind === "malformed") throw new HttpError(400, TABLES[table].invalid);
  if (kind === "missing") throw new HttpError(404, TABLES[table].missing);
  return raw as Id<T>;
}

/** After a lookup by `raw` found nothing: the 400 (malformed id) or 404 (unknown id) it is. */
export async function notFound(ctx: Ctx, table: Table, raw: string): Promise<never> {
  const [kind] = await ctx.runQuery(internal.rest.ids.kinds, { table, ids: [raw] });
  throw new HttpError(
    kind === "malformed" ? 400 : 404,
    TABLES[table][kind === "malformed" ? "invalid" : "missing"],
  );
}

/** A list of ids where unknown ones are fine but malformed ones are not (400); the first 100 count. */
export async function requireWellFormed(ctx: Ctx, table: Table, raws: string[]) {
  const found = await ctx.runQuery(internal.rest.ids.kinds, { table, ids: raws.slice(0, MAX_IDS) });
  if (found.includes("malformed")) throw new HttpError(400, TABLES[table].invalid);
}
