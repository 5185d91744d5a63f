// Real indexes: index ranges served from ordered structures must give exactly what Convex
// gives (index fields, then _creationTime, then _id; eq/gt/gte/lt/lte; desc; take; filters;
// cursors), checked against a plain model over seeded random data and queries. And read
// sets: a write re-runs a subscription only when it touches a range or document it read.
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { compareValues, type Value } from "convex/values";
import { api, fixtureCopy, startRuntime, waitFor, type RuntimeProcess } from "./harness.js";

let runtime: RuntimeProcess;
let copy: ReturnType<typeof fixtureCopy>;
let http: ConvexHttpClient;

beforeAll(async () => {
  copy = fixtureCopy();
  runtime = await startRuntime({ ...copy, env: { CONVEX_LOCAL_QUIET: "0" } });
  http = new ConvexHttpClient(runtime.url);
});

afterAll(async () => {
  await runtime?.stop();
  copy?.cleanup();
});

type Row = { _id: string; _creationTime: number; a?: Value; b: number; tag: string };
type Op = "eq" | "gt" | "gte" | "lt" | "lte";
type Expr = { op: Op; field: string; value: Value };
type Query = { index: string; range: Expr[]; order: "asc" | "desc"; take?: number; minB?: number };

// mulberry32: a small seeded generator, so a failure reproduces.
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEY_FIELDS: Record<string, string[]> = {
  by_a_b: ["a", "b", "_creationTime", "_id"],
  by_tag: ["tag", "_creationTime", "_id"],
  by_tag_b: ["tag", "b", "_creationTime", "_id"],
  by_creation_time: ["_creationTime", "_id"],
  by_id: ["_id"],
  table: ["_creationTime", "_id"],
};

function field(row: Row, name: string): Value | undefined {
  return (row as unknown as Record<string, Value | undefined>)[name];
}

/** What Convex returns: the documents in the range, in index order. */
function model(rows: Iterable<Row>, query: Query): string[] {
  const fields = KEY_FIELDS[query.index]!;
  const inRange = [...rows].filter((row) =>
    query.range.every(({ op, field: name, value }) => {
      const cmp = compareValues(field(row, name) as Value, value);
      return { eq: cmp === 0, gt: cmp > 0, gte: cmp >= 0, lt: cmp < 0, lte: cmp <= 0 }[op];
    }),
  );
  inRange.sort((x, y) => {
    for (const name of fields) {
      const cmp = compareValues(field(x, name) as Value, field(y, name) as Value);
      if (cmp !== 0) return query.order === "asc" ? cmp : -cmp;
    }
    return 0;
  });
  const filtered =
    query.minB === undefined ? inRange : inRange.filter((row) => row.b >= query.minB!);
  return filtered.slice(0, query.take ?? Infinity).map((row) => row._id);
}

const A_VALUES: (Value | undefined)[] = [undefined, null, -1, 0, 1, 2.5, "", "x", "y", false, true];

test("index ranges match a model of Convex's ordering over seeded random data and queries", async () => {
  const next = random(1402);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const rows = new Map<string, Row>();
  const write = async () => {
    const roll = next();
    const ids = [...rows.keys()];
    if (roll < 0.7 || ids.length < 5) {
      const a = pick(A_VALUES);
      const insert = {
        ...(a === undefined ? {} : { a }),
        b: Math.floor(next() * 6),
        tag: `t${Math.floor(next() * 4)}`,
      };
      const row = (await http.mutation(api.ranges.write, { insert })) as Row;
      rows.set(row._id, row);
    } else if (roll < 0.85) {
      const row = (await http.mutation(api.ranges.write, {
        patch: { id: pick(ids), b: Math.floor(next() * 6) },
      })) as Row;
      rows.set(row._id, row);
    } else {
      const id = pick(ids);
      await http.mutation(api.ranges.write, { remove: id });
      rows.delete(id);
    }
  };
  const randomQuery = (): Query => {
    const index = pick(Object.keys(KEY_FIELDS));
    const order = pick(["asc", "desc"] as const);
    const take = next() < 0.3 ? 1 + Math.floor(next() * 5) : undefined;
    const minB = next() < 0.2 ? Math.floor(next() * 6) : undefined;
    const sample = pick([...rows.values()]);
    const range: Expr[] = [];
    const bound = (name: string, value: Value) => {
      const lower = next() < 0.6 ? pick(["gt", "gte"] as const) : null;
      const upper = next() < 0.6 ? pick(["lt", "lte"] as const) : null;
      if (lower) range.push({ op: lower, field: name, value });
      if (upper) {
        const other = next() < 0.5 ? value : (field(pick([...rows.values()]), name) ?? null);
        range.push({ op: upper, field: name, value: other as Value });
      }
    };
    const eqThenBound = (fields: string[]) => {
      const equalities = Math.floor(next() * (fields.length + 1));
      for (let i = 0; i < equalities; i++)
        range.push({ op: "eq", field: fields[i]!, value: field(sample, fields[i]!) ?? null });
      if (equalities < fields.length)
        bound(fields[equalities]!, field(sample, fields[equalities]!) ?? null);
    };
    if (index === "by_a_b") eqThenBound(["a", "b"]);
    else if (index === "by_tag") eqThenBound(["tag"]);
    else if (index === "by_tag_b") eqThenBound(["tag", "b"]);
    else if (index === "by_creation_time") bound("_creationTime", sample._creationTime);
    else if (index === "by_id" && next() < 0.5)
      range.push({ op: "eq", field: "_id", value: sample._id });
    return {
      index,
      range,
      order,
      ...(take ? { take } : {}),
      ...(minB !== undefined ? { minB } : {}),
    };
  };

  let checked = 0;
  for (let round = 0; round < 6; round++) {
    for (let i = 0; i < 40; i++) await write();
    for (let i = 0; i < 25; i++) {
      const query = randomQuery();
      const got = ((await http.query(api.ranges.read, query)) as Row[]).map((row) => row._id);
      expect(got, JSON.stringify(query)).toEqual(model(rows.values(), query));
      checked += 1;
    }
    // Every page of a paginated range, joined, is the whole range in order.
    for (let i = 0; i < 4; i++) {
      const { take: _take, minB: _minB, ...query } = randomQuery();
      const numItems = 1 + Math.floor(next() * 4);
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 500; pages++) {
        const result = (await http.query(api.ranges.page, {
          ...query,
          paginationOpts: { numItems, cursor },
        })) as { page: Row[]; isDone: boolean; continueCursor: string };
        expect(result.page.length).toBeLessThanOrEqual(numItems);
        seen.push(...result.page.map((row) => row._id));
        if (result.isDone) break;
        cursor = result.continueCursor;
      }
      expect(seen, JSON.stringify(query)).toEqual(model(rows.values(), query));
    }
  }
  expect(checked).toBe(150);
}, 120_000);

test("a mutation's range reads include its own uncommitted writes, in index order", async () => {
  await http.mutation(api.ranges.write, { insert: { b: 3, tag: "own" } });
  expect(await http.mutation(api.ranges.insertAndRead, { tag: "own", b: 1 })).toEqual([3, 1]);
});

test("a write re-runs only the subscriptions whose index ranges or documents it touches", async () => {
  const client = new ConvexClient(runtime.url);
  try {
    const insert = (tag: string, b: number) =>
      client.mutation(api.ranges.write, { insert: { b, tag } }) as Promise<Row>;
    const watched = await insert("watched", 1);
    const first = await insert("first", 5);
    const latest: Record<string, unknown> = {};
    client.onUpdate(api.ranges.tagged, { tag: "watched" }, (v: unknown) => (latest.tagged = v));
    client.onUpdate(api.ranges.firstOfTag, { tag: "first" }, (v: unknown) => (latest.first = v));
    client.onUpdate(api.ranges.one, { id: watched._id }, (v: unknown) => (latest.one = v));
    await waitFor(() => latest.tagged && latest.first && latest.one, 5000, "first results");
    const runs = () => ({
      tagged: runtime.executions("ranges:tagged", from),
      first: runtime.executions("ranges:firstOfTag", from),
      one: runtime.executions("ranges:one", from),
    });
    let from = runtime.output().length;
    // The runtime logs an execution before it sends the update, but its log reaches this
    // process through a pipe, which may arrive after the socket's message: wait for the line.
    const logged = (expected: Partial<ReturnType<typeof runs>>) =>
      waitFor(
        () =>
          Object.entries(expected).every(
            ([name, count]) => runs()[name as keyof ReturnType<typeof runs>] >= count!,
          ),
        5000,
        `the log of ${JSON.stringify(expected)}`,
      );

    // Outside every range read: another tag, and a key after the one row `first()` read.
    // The client's mutation completes only after the sync flush that follows its commit.
    await insert("elsewhere", 2);
    await insert("first", 9);
    expect(runs()).toEqual({ tagged: 0, first: 0, one: 0 });

    // Inside a range: a new row of the watched tag; a key before the row first() read.
    from = runtime.output().length;
    await insert("watched", 4);
    await waitFor(() => JSON.stringify(latest.tagged) === "[1,4]", 5000, "tagged update");
    await logged({ tagged: 1 });
    expect(runs()).toEqual({ tagged: 1, first: 0, one: 0 });
    from = runtime.output().length;
    await insert("first", 0);
    await waitFor(() => latest.first === 0, 5000, "first() update");
    await logged({ first: 1 });
    expect(runs()).toEqual({ tagged: 0, first: 1, one: 0 });

    // A document read by id: only a write to that document re-runs its reader (and the
    // range that holds it).
    from = runtime.output().length;
    await client.mutation(api.ranges.write, { patch: { id: first._id, b: 7 } });
    expect(runs().one).toBe(0);
    await client.mutation(api.ranges.write, { patch: { id: watched._id, b: 8 } });
    await waitFor(() => latest.one === 8, 5000, "get update");
    await logged({ tagged: 1, one: 1 });
    expect(runs()).toEqual({ tagged: 1, first: 0, one: 1 });
  } finally {
    await client.close();
  }
});
