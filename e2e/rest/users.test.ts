// Spec §7's routes about the caller, on the running stack: check-user (the sign-in flow's
// "does this person need onboarding?") and the profile's user record.
import { beforeAll, describe, expect, test } from "vitest";
import { call, expectError, expectOk } from "./support/http.js";
import { signIn, type Person } from "./support/people.js";
import * as shape from "./support/shapes.js";

let newcomer: Person;
let member: Person;

beforeAll(async () => {
  [newcomer, member] = await Promise.all([
    signIn("New Nia", { onboard: false }),
    signIn("Member Max"),
  ]);
});

describe("GET /server/api/check-user", () => {
  test("a person who has not onboarded needs onboarding (spec §4 auth flow)", async () => {
    const body = expectOk(
      await call("GET", "/server/api/check-user", { token: newcomer.token }),
      200,
      shape.checkUser,
    );
    expect(body.needsOnboarding).toBe(true);
    expect(body.user).toMatchObject({
      id: newcomer.id,
      email: newcomer.email,
      display_name: "New Nia",
      account_type: null,
      preferred_platform: null,
      platforms: {
        youtube: { connected: false, last_sync: null },
        tiktok: { connected: false, last_sync: null },
      },
    });
  });

  test("an onboarded person does not", async () => {
    const body = expectOk(
      await call("GET", "/server/api/check-user", { token: member.token }),
      200,
      shape.checkUser,
    );
    expect(body).toMatchObject({
      needsOnboarding: false,
      user: { id: member.id, account_type: "Creator", preferred_platform: "Both" },
    });
  });
});

describe("GET /server/api/profile/user", () => {
  test("gives the caller's Profile response (spec §3)", async () => {
    const body = expectOk(
      await call("GET", `/server/api/profile/user?userId=${member.id}`, { token: member.token }),
      200,
      shape.profileUser,
    );
    expect(body).toEqual({
      display_name: "Member Max",
      account_type: "Creator",
      preferred_platform: "Both",
      platforms: {
        youtube: { connected: false, last_sync: null },
        tiktok: { connected: false, last_sync: null },
      },
    });
  });

  test.each([
    ["another person's id", () => member.id],
    ["a malformed id", () => "not-an-id"],
  ])("?userId of %s is a 403", async (_, userId) => {
    expectError(
      await call("GET", `/server/api/profile/user?userId=${userId()}`, { token: newcomer.token }),
      403,
    );
  });
});
