// Who may call each route (spec §6, §7), on the running stack: a route for signed-in people
// answers 401 `{ error }` to every token that does not name a signed-in person, and changes
// nothing; a route for anyone answers such a caller as it answers a visitor, except that money
// is never taken under a token the server cannot use (the contributor would lose sight of it).
import { beforeAll, describe, expect, test } from "vitest";
import { call, expectError } from "./support/http.js";
import {
  forgedToken,
  signIn,
  signedOutPerson,
  tamperedToken,
  tokenOfNobody,
  unsignedToken,
  type Person,
} from "./support/people.js";
import { ROUTES, type World } from "./support/routes.js";
import { newCheckout, newIdea, newSubmission, observe } from "./support/world.js";

let world: World;
let badTokens: [string, string | undefined][];

beforeAll(async () => {
  const owner = await signIn("Owner Olga");
  const creator = await signIn("Creator Cem");
  const ideaId = await newIdea(owner);
  const submissionId = await newSubmission(creator, ideaId);
  const sessionId = await newCheckout(owner, ideaId);
  world = { owner, ideaId, submissionId, sessionId };
  const signedOut: Person = await signedOutPerson();
  badTokens = [
    ["no token", undefined],
    ["a token signed with another key", await forgedToken(owner.token)],
    ["a token whose signature was altered", tamperedToken(owner.token)],
    ["an unsigned token (alg none)", unsignedToken(owner.token)],
    ["the token of a session that signed out", signedOut.token],
    ["a token that names no person", await tokenOfNobody(owner.token)],
    ["a token that is not a JWT", "garbage"],
  ];
});

describe.each(ROUTES.filter((route) => route.auth === "person"))(
  "$method $spec needs a signed-in person",
  (route) => {
    test("every other caller gets 401 and nothing changes", async () => {
      const before = await observe(world);
      for (const [who, token] of badTokens) {
        const answer = await call(route.method, route.path(world), {
          token,
          body: route.body?.(world),
        });
        expect.soft(answer.status, who).toBe(401);
        if (answer.status === 401) expectError(answer, 401, "Unauthorized");
      }
      expect(await observe(world)).toEqual(before);
    });
  },
);

describe.each(ROUTES.filter((route) => route.auth === "anyone" && route.method === "GET"))(
  "$method $spec answers anyone",
  (route) => {
    test("a token it cannot use is answered as a visitor", async () => {
      const visitor = await call(route.method, route.path(world), { body: route.body?.(world) });
      expect(visitor.status).toBe(200);
      for (const [who, token] of badTokens) {
        const answer = await call(route.method, route.path(world), { token });
        expect.soft([who, answer.status, answer.json], who).toEqual([who, 200, visitor.json]);
      }
    });
  },
);

test("a checkout under a token the server cannot use is refused (401), not taken anonymously", async () => {
  const before = await observe(world);
  for (const [who, token] of badTokens.filter(([, token]) => token !== undefined)) {
    const answer = await call("POST", "/server/api/stripe/create-checkout", {
      token,
      body: { postId: world.ideaId, amount: 500, type: "proposal", userId: null },
    });
    expect.soft(answer.status, who).toBe(401);
  }
  expect(await observe(world)).toEqual(before);
});
