// A token counts only while its session exists (functions.ts, model/sessions.ts userOfSubject):
// after signing out, the not-yet-expired token is a visitor's everywhere.
import { afterEach, describe, expect, test, vi } from "vitest";
import { api } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import { as, createUser, newBackend, type Backend } from "./test.setup";
import { mockPlatforms } from "./test.platforms";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const DAY = 24 * 3600 * 1000;
const idea = {
  oneLiner: "Foxes of Berlin",
  platform: "Any" as const,
  durations: ["SHORT" as const],
  expiration: Date.now() + 5 * DAY,
  links: [],
};

/** What Convex Auth's signOut does: the session row goes (with its refresh tokens). */
async function signOut(t: Backend, userId: Id<"users">) {
  await t.run(async (ctx) => {
    const rows = await ctx.db
      .query("authSessions")
      .withIndex("userId", (q) => q.eq("userId", userId))
      .collect();
    for (const row of rows) await ctx.db.delete("authSessions", row._id);
  });
}

describe("sessions end when they end", () => {
  test("a signed-out token is refused by every kind of builder and on REST", async () => {
    mockPlatforms();
    const t = newBackend();
    const ada = await createUser(t, { name: "Ada" });
    const me = as(t, ada);
    expect((await me.query(api.users.current, {}))?._id).toBe(ada);
    await me.mutation(api.ideas.create, idea);
    expect((await me.fetch("/server/api/check-user")).status).toBe(200);

    await signOut(t, ada);
    // The same token (same subject) now names nobody.
    expect(await me.query(api.users.current, {})).toBeNull();
    await expect(me.mutation(api.ideas.create, idea)).rejects.toThrow(
      "Please sign in to submit an idea",
    );
    await expect(
      me.action(api.platforms.startConnection, { platform: "YouTube", returnToSettings: false }),
    ).rejects.toThrow("No user session found");
    expect((await me.fetch("/server/api/check-user")).status).toBe(401);
    expect((await me.fetch("/server/api/proposals")).status).toBe(200);
  });

  test("auth:isAuthenticated answers false for a signed-out token", async () => {
    const t = newBackend();
    const ada = await createUser(t);
    const me = as(t, ada);
    expect(await me.query(api.auth.isAuthenticated, {})).toBe(true);
    await signOut(t, ada);
    expect(await me.query(api.auth.isAuthenticated, {})).toBe(false);
    expect(await t.query(api.auth.isAuthenticated, {})).toBe(false);
  });

  test("a banned person's session, even one the ban did not end, names nobody", async () => {
    const t = newBackend();
    const bo = await createUser(t);
    const me = as(t, bo);
    expect(await me.query(api.auth.isAuthenticated, {})).toBe(true);
    await t.run((ctx) => ctx.db.patch("users", bo, { bannedAt: Date.now() }));
    expect(await me.query(api.auth.isAuthenticated, {})).toBe(false);
  });

  test("a session of someone else, or a made-up one, names nobody", async () => {
    const t = newBackend();
    const ada = await createUser(t);
    const bob = await createUser(t);
    const bobSession = await t.run((ctx) =>
      ctx.db.insert("authSessions", { userId: bob, expirationTime: Date.now() + DAY }),
    );
    for (const subject of [`${ada}|${bobSession}`, `${ada}|made-up`, `${ada}`]) {
      const caller = t.withIdentity({ subject, issuer: "https://convex.test" });
      expect(await caller.query(api.users.current, {})).toBeNull();
      await expect(caller.mutation(api.ideas.create, idea)).rejects.toThrow(
        "Please sign in to submit an idea",
      );
    }
  });

  test("the test helper's sessions are real rows, one per person", async () => {
    const t = newBackend();
    const ada = await createUser(t);
    await as(t, ada).query(api.users.current, {});
    await as(t, ada).query(api.users.current, {});
    const rows = await t.run((ctx) => ctx.db.query("authSessions").collect());
    expect(rows.map((r) => r.userId)).toEqual([ada]);
  });
});
