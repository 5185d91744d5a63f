// Text search with Convex's semantics, checked against the examples of Convex's text-search
// docs: terms split on whitespace and punctuation and lower-cased, prefix match only on the
// final term, BM25 relevance with ties newest first, 16 terms, 1,024 documents, and
// `filterFields` as equality filters.
import { afterAll, beforeAll, expect, test } from "vitest";
import { ConvexClient, ConvexHttpClient } from "convex/browser";
import { api, fixtureCopy, startRuntime, waitFor, type RuntimeProcess } from "./harness.js";

let runtime: RuntimeProcess;
let copy: ReturnType<typeof fixtureCopy>;
let http: ConvexHttpClient;

beforeAll(async () => {
  copy = fixtureCopy();
  runtime = await startRuntime(copy);
  http = new ConvexHttpClient(runtime.url);
});

afterAll(async () => {
  await runtime?.stop();
  copy?.cleanup();
});

const add = (body: string, channel?: string) => http.mutation(api.search.add, { body, channel });
const find = (text: string, options: { channel?: string; limit?: number } = {}) =>
  http.query(api.search.find, { text, ...options }) as Promise<string[]>;

test('"hello hi" is split into terms that each match whole words, ignoring case and punctuation', async () => {
  await add("Hello, world!");
  await add("hi there");
  await add("HIGHLIGHTS of the week");
  await add("say hello-hi to everyone");
  expect(new Set(await find("hello hi"))).toEqual(
    // "hi" is the final term, so it also matches words it begins ("highlights").
    new Set(["Hello, world!", "hi there", "HIGHLIGHTS of the week", "say hello-hi to everyone"]),
  );
  // Only the final term is a prefix: "hell" must match a whole word when another term follows.
  expect(await find("hell there")).toEqual(["hi there"]);
  expect(new Set(await find("there hell"))).toEqual(
    new Set(["hi there", "Hello, world!", "say hello-hi to everyone"]),
  );
  expect(await find("WORLD!!")).toEqual(["Hello, world!"]);
});

test('search("body", "r") matches "rabbit" and "send request"', async () => {
  await add("rabbit", "#r");
  await add("send request", "#r");
  await add("blue car", "#r");
  expect(new Set(await find("r", { channel: "#r" }))).toEqual(new Set(["rabbit", "send request"]));
  // No fuzzy matching: a typo finds nothing.
  expect(await find("rabit", { channel: "#r" })).toEqual([]);
});

test("results come in BM25 relevance order, ties newest first", async () => {
  const channel = "#rank";
  await add("zebra", channel);
  await add("zebra quokka", channel);
  await add("zebra quokka wombat koala lemur", channel);
  await add("zebras", channel);
  // Matching more of the query's terms ranks first; then the shorter field; the final term
  // also matches words it begins ("zebras"), at half weight.
  expect(await find("quokka zebra", { channel })).toEqual([
    "zebra quokka",
    "zebra quokka wombat koala lemur",
    "zebra",
    "zebras",
  ]);
  // A whole word outranks a word of the same length that the final term only begins, even a
  // newer one; a shorter field outranks a longer one.
  const zebra = await find("zebra", { channel });
  expect(zebra).toHaveLength(4);
  expect(zebra[0]).toBe("zebra");
  expect(zebra.indexOf("zebra")).toBeLessThan(zebra.indexOf("zebras"));
  expect(zebra.indexOf("zebra quokka")).toBeLessThan(
    zebra.indexOf("zebra quokka wombat koala lemur"),
  );
  // Equal scores: the newest document first.
  const older = await add("narwhal twin", "#tie");
  const newer = await add("narwhal twin", "#tie");
  const { page } = (await http.query(api.search.page, {
    text: "narwhal",
    paginationOpts: { numItems: 10, cursor: null },
  })) as { page: string[] };
  expect(page).toEqual([newer, older]);
});

test("filterFields are equality filters, and only indexed filter fields are allowed", async () => {
  await add("meeting notes", "#general");
  await add("meeting agenda", "#random");
  expect(await find("meeting", { channel: "#random" })).toEqual(["meeting agenda"]);
  expect(await find("meeting", { channel: "#nowhere" })).toEqual([]);
  await expect(http.query(api.search.filterOnSearchField, {})).rejects.toThrow(
    'Search query against posts.search_body contains an equality filter on "body" but that field isn\'t indexed for filtering in `filterFields`.',
  );
});

test("a query uses only its first 16 terms", async () => {
  await add("ocelot", "#terms");
  const fifteen = Array.from({ length: 15 }, (_, i) => `filler${i}`).join(" ");
  expect(await find(`${fifteen} ocelot`, { channel: "#terms" })).toEqual(["ocelot"]);
  expect(await find(`${fifteen} extra ocelot`, { channel: "#terms" })).toEqual([]);
});

test("search results paginate without gaps or repeats, and a live page grows in place", async () => {
  const channel = "#pages";
  for (let i = 0; i < 7; i++) await add(`gecko ${"word ".repeat(i)}`, channel);
  const seen: string[] = [];
  let cursor: string | null = null;
  for (;;) {
    const result = (await http.query(api.search.page, {
      text: "gecko",
      paginationOpts: { numItems: 3, cursor },
    })) as { page: string[]; isDone: boolean; continueCursor: string };
    seen.push(...result.page);
    if (result.isDone) break;
    cursor = result.continueCursor;
  }
  expect(seen).toHaveLength(7);
  expect(new Set(seen).size).toBe(7);

  const client = new ConvexClient(runtime.url);
  let latest: string[] = [];
  client.onUpdate(
    api.search.page,
    { text: "gecko", paginationOpts: { numItems: 3, cursor: null } },
    (value: { page: string[] }) => (latest = value.page),
  );
  await waitFor(() => latest.length === 3, 5000, "the first page");
  // The shortest body ranks first, so the new document joins the pinned first page.
  const id = await add("gecko", channel);
  await waitFor(() => latest.includes(id), 5000, "the new result on the live page");
  expect(latest).toHaveLength(4);
  await client.close();
});

test("a search reads at most 1,024 documents", async () => {
  await http.mutation(api.search.addMany, { count: 1030, body: "axolotl", channel: "#bulk" });
  await http.mutation(api.search.addMany, { count: 5, body: "axolotl", channel: "#small" });
  expect(await find("axolotl", { limit: 10 })).toHaveLength(10);
  await expect(find("axolotl")).rejects.toThrow(
    "Search query scanned too many documents (fetched 1024). Consider using a smaller limit, paginating the query, or using a filter field to limit the number of documents pulled from the search index.",
  );
  expect(await find("axolotl", { channel: "#small" })).toHaveLength(5);
});

test("the index follows every commit, and a mutation's search sees its own writes", async () => {
  const a = (await http.mutation(api.search.add, { body: "okapi crossing" })) as string;
  const b = (await http.mutation(api.search.add, { body: "okapi stripes" })) as string;
  const c = (await http.mutation(api.search.add, { body: "plain horse" })) as string;
  const find = (text: string) => http.query(api.search.find, { text });
  expect(((await find("okapi")) as string[]).sort()).toEqual(["okapi crossing", "okapi stripes"]);
  await http.mutation(api.search.setBody, { id: a, body: "bongo crossing" });
  expect(await find("okapi")).toEqual(["okapi stripes"]);
  expect(await find("bong")).toEqual(["bongo crossing"]);
  await http.mutation(api.search.remove, { id: b });
  expect(await find("okapi")).toEqual([]);
  // Inside one mutation: a new okapi, a horse turned okapi, and the bongo deleted.
  expect(
    await http.mutation(api.search.writeThenFind, {
      insert: "baby okapi",
      patch: c,
      patchTo: "okapi after all",
      remove: a,
    }),
  ).toEqual(["baby okapi", "okapi after all"]);
  expect(await find("bongo")).toEqual([]);
});

test("a write that keeps the searched text still moves the document between filters", async () => {
  const id = (await http.mutation(api.search.add, {
    body: "tapir swimming",
    channel: "#zoo",
  })) as string;
  const inChannel = (channel: string) => http.query(api.search.find, { text: "tapir", channel });
  expect(await inChannel("#zoo")).toEqual(["tapir swimming"]);
  await http.mutation(api.search.setChannel, { id, channel: "#river" });
  expect(await inChannel("#zoo")).toEqual([]);
  expect(await inChannel("#river")).toEqual(["tapir swimming"]);
});
