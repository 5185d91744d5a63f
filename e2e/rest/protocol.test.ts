// HTTP itself on the running stack, for every route of the REST API: a method the route does
// not have is a 405 naming the ones it has, a body too large for any request is a 413, a path
// that is no route is a 404, and the web app's CORS preflight is answered. Each in `{ error }`.
import { beforeAll, describe, expect, test } from "vitest";
import { call, expectError, stack } from "./support/http.js";
import { signIn } from "./support/people.js";
import { ROUTES, type Route, type World } from "./support/routes.js";
import { newCheckout, newIdea, newSubmission, observe } from "./support/world.js";

let world: World;
beforeAll(async () => {
  const owner = await signIn("Owner Proto");
  const ideaId = await newIdea(owner);
  world = {
    owner,
    ideaId,
    submissionId: await newSubmission(await signIn("Creator Proto"), ideaId),
    sessionId: await newCheckout(owner, ideaId),
  };
});

/** Whether a concrete path is one of a route's (its `{id}` segments match anything). */
const matches = (route: Route, path: string) =>
  new RegExp(`^${route.spec.split("?")[0]!.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(
    path.split("?")[0]!,
  );

/** The methods the API has for a concrete path: its exact routes', else its patterns'. */
function methodsOf(path: string): string[] {
  const bare = path.split("?")[0]!;
  const exact = ROUTES.filter((route) => route.spec.split("?")[0] === bare);
  const routes = exact.length > 0 ? exact : ROUTES.filter((route) => matches(route, path));
  return [...new Set(routes.map((route) => route.method))].sort();
}

/** Whether some route of this method answers the path (GET /ideas/submit: the idea "submit"). */
const routedAs = (method: string, path: string) =>
  ROUTES.some((route) => route.method === method && matches(route, path));

// A GET of /ideas/submit is a GET of the idea "submit" (a malformed id, 400), not a 405.
const wrongMethods = ROUTES.flatMap((route) =>
  ["GET", "POST", "PUT", "PATCH", "DELETE"]
    .filter((method) => method !== route.method)
    .filter((method) => !routedAs(method, route.spec.replace(/\{[^}]+\}/g, "x")))
    .map((method) => ({ route, method, name: `${method} ${route.spec}` })),
);

describe("a method a route does not have", () => {
  test.each(wrongMethods)("$name is a 405 with Allow", async ({ route, method }) => {
    const path = route.path(world);
    const answer = await call(method, path, {
      token: world.owner.token,
      body: method === "GET" ? undefined : route.body?.(world),
    });
    expectError(answer, 405);
    expect(answer.headers.get("Allow")?.split(", ").sort()).toEqual(methodsOf(path));
  });
});

describe("a body too large", () => {
  const huge = JSON.stringify({ oneLiner: "x".repeat(1_100_000) });
  test.each(ROUTES.filter((route) => route.method === "POST"))(
    "POST $spec with a 1 MB body is a 413 and changes nothing",
    async (route) => {
      const before = await observe(world);
      expectError(
        await call("POST", route.path(world), { token: world.owner.token, body: huge }),
        413,
      );
      expect(await observe(world)).toEqual(before);
    },
  );
});

test.each(["/server/api/nope", "/server/api/proposals/a/b/c", "/server/nope", "/server/api/"])(
  "GET %s is a 404",
  async (path) => {
    expectError(await call("GET", path), 404, "Not found");
  },
);

test("the web app's CORS preflight is answered for its own origin only", async () => {
  const preflight = (origin: string) =>
    fetch(`${stack().siteUrl}/server/api/proposals/vote`, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });
  const own = await preflight(stack().env.SITE_URL!);
  expect(own.status).toBe(204);
  expect(own.headers.get("Access-Control-Allow-Origin")).toBe(stack().env.SITE_URL);
  expect(own.headers.get("Access-Control-Allow-Methods")).toBe("POST");
  const foreign = await preflight("https://evil.example");
  expect(foreign.headers.get("Access-Control-Allow-Origin")).toBeNull();
});
