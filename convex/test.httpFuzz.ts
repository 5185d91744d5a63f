// The HTTP fuzz's request generator, shared by the convex-test fuzz (convex/http.fuzz.test.ts)
// and the one against the running stack (e2e/rest/fuzz.test.ts): seeded, so both send the same
// hostile requests for the same seed. Every route of convex/http.ts, then malformed methods,
// paths, query strings, bodies, headers and callers. Pure code: no Convex, no convex-test.

const DAY = 24 * 3600 * 1000;

/** How many random cases after the sweep, and the seed (FUZZ_CASES, FUZZ_SEED). */
export const FUZZ_CASES = Number(process.env.FUZZ_CASES ?? 2000);
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** mulberry32: small, fast and the same sequence for the same seed everywhere. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, chance: (p: number) => next() < p };
}

const GARBAGE = [
  "",
  "x",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "prototype",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e400",
  "9007199254740993",
  "%00",
  "%",
  "%E0%A4%A",
  "..",
  "%2e%2e%2f",
  "eyJhIjoxfQ",
  "garbage-cursor",
  "[]",
  "{}",
  "'; DROP TABLE users;--",
  "<script>alert(1)</script>",
  "\u202e\u200b",
  "😀",
  "a".repeat(3000),
  "https://evil.example/",
  "//evil.example",
  "javascript:alert(1)",
];

/** The query parameters each route reads, tried more often than the others. */
function keysFor(path: string): string[] {
  if (path === "/server/api/proposals")
    return ["param", "path", "limit", "cursor", "query", "userId"];
  if (path === "/email/unsubscribe") return ["u", "k", "s"];
  if (path.startsWith("/api/auth/")) return ["code", "state", "redirectTo", "provider"];
  if (path.startsWith("/server/api/profile/")) return ["userId", "ideaIds"];
  if (path.endsWith("oauth")) return ["returnToSettings"];
  return ["userId"];
}
// The values most likely to break a lookup or a parser, tried more often than the rest.
const NASTY = ["__proto__", "constructor", "toString", "", "garbage", "%00", "-1", "1e400"];

export const FUZZ_ROUTES: [method: string, path: string][] = [
  ["GET", "/server/api/proposals"],
  ["POST", "/server/api/proposals/submit"],
  ["POST", "/server/api/proposals/vote"],
  ["GET", "/server/api/ideas/:id"],
  ["GET", "/server/api/proposals/:id/bounty"],
  ["GET", "/server/api/proposals/:id/platform"],
  ["GET", "/server/api/proposals/:id/submissions"],
  ["GET", "/server/api/stats"],
  ["POST", "/server/api/stripe/create-checkout"],
  ["GET", "/server/api/contributions/:id"],
  ["POST", "/server/api/contributions/:id/record"],
  ["POST", "/server/api/contributions/:id/payout"],
  ["GET", "/server/api/profile/proposals"],
  ["GET", "/server/api/profile/contributions"],
  ["GET", "/server/api/profile/submissions"],
  ["GET", "/server/api/profile/videos"],
  ["GET", "/server/api/profile/user"],
  ["GET", "/server/api/check-user"],
  ["POST", "/server/api/submissions/verify"],
  ["POST", "/server/api/submissions/submit"],
  ["POST", "/server/api/submissions/:id/vote"],
  ["GET", "/server/youtube/oauth"],
  ["GET", "/server/oauth"],
  ["POST", "/server/youtubeaccesstoken"],
  ["POST", "/server/tiktokaccesstoken"],
  ["POST", "/stripe/webhook"],
  ["POST", "/stripe/connect-webhook"],
  ["GET", "/email/unsubscribe"],
  ["POST", "/email/unsubscribe"],
  ["GET", "/api/auth/signin/:id"],
  ["GET", "/api/auth/callback/:id"],
  ["POST", "/api/auth/callback/:id"],
  ["GET", "/.well-known/openid-configuration"],
  ["GET", "/.well-known/jwks.json"],
  ["GET", "/nope"],
];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "FOO"];
const QUERY_KEYS = [
  "param",
  "path",
  "limit",
  "cursor",
  "returnToSettings",
  "code",
  "state",
  "redirectTo",
  "provider",
  "u",
  "k",
  "sig",
  "s",
  "userId",
  "__proto__",
  "constructor",
];
const BODY_FIELDS = [
  "oneLiner",
  "expiration",
  "selectedDurations",
  "platform",
  "ideaId",
  "vote",
  "link",
  "amount",
  "payoutMethod",
  "code",
  "state",
  "type",
  "data",
  "__proto__",
];

type Value = unknown;
function randomValue(r: ReturnType<typeof rng>, ids: string[], depth = 0): Value {
  switch (Math.floor(r.next() * (depth > 1 ? 6 : 8))) {
    case 0:
      return r.pick(GARBAGE);
    case 1:
      return r.pick([0, -1, 1, 1.5, 1e308, -0, 2 ** 53, 500, 100_000_000]);
    case 2:
      return r.pick([true, false, null]);
    case 3:
      return r.pick(ids);
    case 4:
      return r.pick(["https://youtu.be/abcdefghijk", "https://www.tiktok.com/@a/video/1", "SHORT"]);
    case 5:
      return Date.now() + r.pick([-DAY, 0, 5 * DAY, 400 * DAY]);
    case 6:
      return Array.from({ length: Math.floor(r.next() * 3) }, () => randomValue(r, ids, depth + 1));
    default: {
      const object: Record<string, Value> = {};
      for (let i = Math.floor(r.next() * 4); i > 0; i--)
        object[r.pick(BODY_FIELDS)] = randomValue(r, ids, depth + 1);
      return object;
    }
  }
}

function randomBody(
  r: ReturnType<typeof rng>,
  ids: string[],
): string | Uint8Array<ArrayBuffer> | undefined {
  switch (Math.floor(r.next() * 8)) {
    case 0:
      return undefined;
    case 1:
      return r.pick(["", "{", "null", "[]", '"x"', "1", '{"__proto__":{"admin":true}}']);
    case 2:
      return new Uint8Array(Array.from({ length: 64 }, () => Math.floor(r.next() * 256)));
    case 3:
      return `code=${r.pick(GARBAGE)}&state=${r.pick(GARBAGE)}`;
    case 4:
      return JSON.stringify({ x: "y".repeat(200_000) });
    default: {
      const object: Record<string, Value> = {};
      for (let i = 1 + Math.floor(r.next() * 4); i > 0; i--)
        object[r.pick(BODY_FIELDS)] = randomValue(r, ids);
      return JSON.stringify(object);
    }
  }
}

function randomPath(r: ReturnType<typeof rng>, template: string, ids: string[]): string {
  let path = template.replace(":id", () =>
    r.chance(0.4)
      ? r.pick(ids)
      : encodeURIComponent(r.pick([...GARBAGE, "discord", "google", "resend"])),
  );
  if (r.chance(0.1)) path += "/";
  if (r.chance(0.05)) path = path.replace("/server/", "/server//");
  if (r.chance(0.05)) path += `/${encodeURIComponent(r.pick(GARBAGE))}`;
  const params: string[] = [];
  const known = keysFor(template);
  for (let i = Math.floor(r.next() * 4); i > 0; i--) {
    const key = r.chance(0.7) ? r.pick(known) : r.pick(QUERY_KEYS);
    const value = r.chance(0.25) ? r.pick(ids) : r.chance(0.5) ? r.pick(NASTY) : r.pick(GARBAGE);
    params.push(`${key}=${r.chance(0.8) ? encodeURIComponent(value) : value}`);
  }
  return params.length > 0 ? `${path}?${params.join("&")}` : path;
}

function randomHeaders(r: ReturnType<typeof rng>): Record<string, string> {
  const headers: Record<string, string> = {};
  if (r.chance(0.6))
    headers["Content-Type"] = r.pick([
      "application/json",
      "application/x-www-form-urlencoded",
      "text/plain",
      "multipart/form-data; boundary=x",
      "application/json; charset=utf-16",
      "garbage",
    ]);
  if (r.chance(0.3))
    headers.Authorization = r.pick([
      "Bearer garbage",
      "Bearer ",
      "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
      "Convex admin",
      "Basic YTpi",
    ]);
  if (r.chance(0.2))
    headers["Stripe-Signature"] = r.pick(["t=1,v1=abc", "garbage", "t=__proto__,v1="]);
  if (r.chance(0.2))
    headers.Cookie = r.pick([
      "__Host-redirectTo=https://evil.example",
      "__Host-redirectTo=%E0%A4%A",
      "a=b; __proto__=x",
    ]);
  if (r.chance(0.2)) headers.Origin = r.pick(["https://evil.example", "null", "https://app.test"]);
  if (r.chance(0.1)) headers["X-Forwarded-For"] = r.pick(["1.2.3.4", "garbage", ""]);
  return headers;
}

/** One request of the fuzz, for a caller named by `who` (the environment maps it to a token). */
export interface FuzzRequest<Who extends string> {
  index: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Uint8Array<ArrayBuffer> | undefined;
  who: Who;
  /** One line for a failure message. */
  described: string;
}

/**
 * The fuzz's requests: first a sweep (every route with each of its parameters set to each of
 * the values most likely to break a lookup, signed in and not), then `cases` random ones.
 * `ids` are real ids of the environment (people, ideas) to mix in; `signedIn` and `anonymous`
 * name the sweep's two callers among `callers`.
 */
export function* fuzzRequests<Who extends string>(options: {
  seed: number;
  cases: number;
  ids: string[];
  callers: readonly Who[];
  anonymous: Who;
  signedIn: Who;
}): Generator<FuzzRequest<Who>> {
  const { ids, callers } = options;
  const r = rng(options.seed);
  const sweep: { method: string; path: string; who: Who }[] = [];
  for (const [method, template] of FUZZ_ROUTES)
    for (const key of keysFor(template))
      for (const value of NASTY)
        for (const who of [options.anonymous, options.signedIn])
          sweep.push({
            method,
            path: `${template.replace(":id", encodeURIComponent(value) || "x")}?${key}=${encodeURIComponent(value)}`,
            who,
          });
  for (let index = 0; index < sweep.length + options.cases; index++) {
    const swept = sweep[index];
    const [routeMethod, template] = r.pick(FUZZ_ROUTES);
    const method = swept?.method ?? (r.chance(0.75) ? routeMethod : r.pick(METHODS));
    const path = swept?.path ?? randomPath(r, template, ids);
    const body = method === "GET" || method === "HEAD" ? undefined : randomBody(r, ids);
    const headers = swept ? {} : randomHeaders(r);
    const who = swept?.who ?? r.pick(callers);
    const described = `#${index} ${who} ${method} ${path.slice(0, 200)} ${JSON.stringify(headers)} body=${
      typeof body === "string" ? body.slice(0, 120) : body ? "<bytes>" : "none"
    }`;
    yield { index, method, path, headers, body, who, described };
  }
}
