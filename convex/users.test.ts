import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { upsertUserFromSignIn } from "./model/accounts";
import { displayNameFrom, isProfileComplete } from "./model/users";
import { as, createUser, newBackend } from "./test.setup";

describe("display names", () => {
  test("fall back from full name to name to the email's local part to 'Anonymous'", () => {
    expect(displayNameFrom({ fullName: "Ada Lovelace", name: "ada", email: "a@x.com" })).toBe(
      "Ada Lovelace",
    );
    expect(displayNameFrom({ fullName: "  ", name: "ada", email: "a@x.com" })).toBe("ada");
    expect(displayNameFrom({ name: null, email: "grace.hopper@navy.mil" })).toBe("grace.hopper");
    expect(displayNameFrom({ email: "" })).toBe("Anonymous");
    expect(displayNameFrom({})).toBe("Anonymous");
    // A provider's name with nothing visible, or a profane one, is skipped.
    expect(displayNameFrom({ fullName: "\u200B\u3164", name: "ada" })).toBe("ada");
    expect(displayNameFrom({ fullName: "Phuck You", email: "pat@x.com" })).toBe("pat");
  });
});

describe("sign-in creates and updates users", () => {
  test("a first sign-in creates the user with name, email, avatar and last sign-in", async () => {
    const t = newBackend();
    const userId = await t.run((ctx) =>
      upsertUserFromSignIn(ctx, {
        existingUserId: null,
        profile: {
          id: "g1",
          fullName: "Ada Lovelace",
          name: "Ada",
          email: "Ada@Example.com",
          emailVerified: true,
          image: "https://img/ada.png",
        },
      }),
    );
    const me = await as(t, userId).query(api.users.current, {});
    expect(me).toMatchObject({
      displayName: "Ada Lovelace",
      email: "ada@example.com",
      avatarUrl: "https://img/ada.png",
      needsOnboarding: true,
      accountType: null,
      preferredPlatform: null,
    });
    expect(me!.lastSignIn).toBeGreaterThan(0);
  });

  test("each display-name fallback is applied to the stored user", async () => {
    const t = newBackend();
    const cases = [
      [{ fullName: "Full Name", name: "nick", email: "local@x.com" }, "Full Name"],
      [{ name: "nick", email: "local@x.com" }, "nick"],
      [{ email: "local@x.com" }, "local"],
      [{}, "Anonymous"],
    ] as const;
    for (const [profile, expected] of cases) {
      const userId = await t.run((ctx) =>
        upsertUserFromSignIn(ctx, { existingUserId: null, profile: { id: "x", ...profile } }),
      );
      expect((await as(t, userId).query(api.users.current, {}))!.displayName).toBe(expected);
    }
  });

  test("a later sign-in updates the record but keeps a name the person chose", async () => {
    const t = newBackend();
    const first = {
      id: "g1",
      fullName: "Ada Lovelace",
      email: "ada@example.com",
      emailVerified: true,
    };
    const userId = await t.run((ctx) =>
      upsertUserFromSignIn(ctx, { existingUserId: null, profile: first }),
    );
    await as(t, userId).mutation(api.users.updateDisplayName, { displayName: "  Countess   Ada " });
    const again = await t.run((ctx) =>
      upsertUserFromSignIn(ctx, {
        existingUserId: userId,
        profile: { ...first, fullName: "Augusta Ada King", image: "https://img/new.png" },
      }),
    );
    expect(again).toBe(userId);
    const me = (await as(t, userId).query(api.users.current, {}))!;
    expect(me.displayName).toBe("Countess Ada");
    expect(me.avatarUrl).toBe("https://img/new.png");
  });

  test("the same verified email through Google and Discord is one person", async () => {
    const t = newBackend();
    const viaGoogle = await t.run((ctx) =>
      upsertUserFromSignIn(ctx, {
        existingUserId: null,
        profile: { id: "g1", fullName: "Ada", email: "ada@example.com", emailVerified: true },
      }),
    );
    const viaDiscord = await t.run((ctx) =>
      upsertUserFromSignIn(ctx, {
        existingUserId: null,
        profile: { id: "d1", fullName: "Ada L", email: "ADA@example.com", emailVerified: true },
      }),
    );
    expect(viaDiscord).toBe(viaGoogle);
  });

  test("an unverified email is never linked to an existing person", async () => {
    const t = newBackend();
    const owner = await t.run((ctx) =>
      upsertUserFromSignIn(ctx, {
        existingUserId: null,
        profile: { id: "g1", email: "ada@example.com", emailVerified: true },
      }),
    );
    const impostor = await t.run((ctx) =>
      upsertUserFromSignIn(ctx, {
        existingUserId: null,
        profile: { id: "d9", email: "ada@example.com", emailVerified: false },
      }),
    );
    expect(impostor).not.toBe(owner);
  });
});

describe("onboarding", () => {
  test("a profile is complete only with both an account type and a platform", () => {
    expect(isProfileComplete({ accountType: "Creator", preferredPlatform: "YouTube" })).toBe(true);
    expect(isProfileComplete({ accountType: "Creator", preferredPlatform: undefined })).toBe(false);
    expect(isProfileComplete({ accountType: undefined, preferredPlatform: "Both" })).toBe(false);
  });

  test("saving both choices completes the profile and tells whether a type existed before", async () => {
    const t = newBackend();
    const userId = await createUser(t, { accountType: undefined, preferredPlatform: undefined });
    const me = as(t, userId);
    expect((await me.query(api.users.current, {}))!.needsOnboarding).toBe(true);
    expect(
      await me.mutation(api.users.saveOnboarding, {
        accountType: "Creator",
        preferredPlatform: "TikTok",
      }),
    ).toEqual({
      hadAccountType: false,
    });
    expect(await me.query(api.users.current, {})).toMatchObject({
      needsOnboarding: false,
      accountType: "Creator",
      preferredPlatform: "TikTok",
    });
    expect(
      await me.mutation(api.users.saveOnboarding, {
        accountType: "Business",
        preferredPlatform: "Both",
      }),
    ).toEqual({
      hadAccountType: true,
    });
  });

  test("a missing or unknown choice is refused and nothing is saved", async () => {
    const t = newBackend();
    const userId = await createUser(t, { accountType: undefined, preferredPlatform: undefined });
    const me = as(t, userId);
    await expect(
      me.mutation(api.users.saveOnboarding, { accountType: "Creator" } as never),
    ).rejects.toThrow();
    await expect(
      me.mutation(api.users.saveOnboarding, { preferredPlatform: "YouTube" } as never),
    ).rejects.toThrow();
    await expect(
      me.mutation(api.users.saveOnboarding, {
        accountType: "Admin",
        preferredPlatform: "YouTube",
      } as never),
    ).rejects.toThrow();
    expect(await me.query(api.users.current, {})).toMatchObject({
      accountType: null,
      preferredPlatform: null,
    });
  });

  test("a visitor cannot save onboarding", async () => {
    const t = newBackend();
    await expect(
      t.mutation(api.users.saveOnboarding, { accountType: "Viewer", preferredPlatform: "Both" }),
    ).rejects.toThrow(/User data not available/);
  });
});

describe("profiles are private to their owner", () => {
  test("current returns only the caller; a visitor gets null", async () => {
    const t = newBackend();
    const ada = await createUser(t, { name: "Ada" });
    const bob = await createUser(t, { name: "Bob" });
    expect((await as(t, bob).query(api.users.current, {}))!.displayName).toBe("Bob");
    expect(await t.query(api.users.current, {})).toBeNull();
    void ada;
  });

  test("display names are validated and only the caller's changes", async () => {
    const t = newBackend();
    const ada = await createUser(t, { name: "Ada" });
    const bob = await createUser(t, { name: "Bob" });
    await expect(
      as(t, ada).mutation(api.users.updateDisplayName, { displayName: "   " }),
    ).rejects.toThrow(/display name/);
    await expect(
      as(t, ada).mutation(api.users.updateDisplayName, { displayName: "x".repeat(51) }),
    ).rejects.toThrow(/at most 50/);
    // Invisible and control characters are no name; they are stripped from a real one.
    for (const displayName of ["\u200B\u200B", "\u202E\u2066", "\u0000\u0007", "\u3164", "\u0301"])
      await expect(
        as(t, ada).mutation(api.users.updateDisplayName, { displayName }),
      ).rejects.toThrow("Please enter a display name.");
    // The content filter applies to names too.
    for (const displayName of ["f u c k face", "Phuck", "sh1t lord"])
      await expect(
        as(t, ada).mutation(api.users.updateDisplayName, { displayName }),
      ).rejects.toThrow("Please choose a display name without inappropriate words.");
    await as(t, ada).mutation(api.users.updateDisplayName, { displayName: "A\u200Bda\u202E L.\n" });
    expect((await as(t, ada).query(api.users.current, {}))!.displayName).toBe("Ada L.");
    await as(t, ada).mutation(api.users.updateDisplayName, { displayName: "Nikon N16 fan" });
    expect((await as(t, bob).query(api.users.current, {}))!.displayName).toBe("Bob");
    await expect(t.mutation(api.users.updateDisplayName, { displayName: "Ghost" })).rejects.toThrow(
      /sign in/,
    );
  });
});

describe("REST: check-user and profile/user", () => {
  test("check-user needs a valid session: 401 without one, the user and needsOnboarding with one", async () => {
    const t = newBackend();
    expect((await t.fetch("/server/api/check-user")).status).toBe(401);
    const userId = await createUser(t, {
      name: "Ada",
      accountType: undefined,
      preferredPlatform: undefined,
    });
    const response = await as(t, userId).fetch("/server/api/check-user");
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      user: Record<string, unknown>;
      needsOnboarding: boolean;
    };
    expect(body.needsOnboarding).toBe(true);
    expect(body.user).toMatchObject({ id: userId, display_name: "Ada", account_type: null });
  });

  test("a session whose user no longer exists is refused", async () => {
    const t = newBackend();
    const userId = await createUser(t);
    await t.run((ctx) => ctx.db.delete("users", userId));
    expect((await as(t, userId).fetch("/server/api/check-user")).status).toBe(401);
  });

  test("profile/user answers for the caller and refuses requests about someone else", async () => {
    const t = newBackend();
    const ada = await createUser(t, {
      name: "Ada",
      accountType: "Creator",
      preferredPlatform: "YouTube",
    });
    const bob = await createUser(t, { name: "Bob" });
    const own = await as(t, ada).fetch(`/server/api/profile/user?userId=${ada}`);
    expect(await own.json()).toEqual({
      display_name: "Ada",
      account_type: "Creator",
      preferred_platform: "YouTube",
      platforms: {
        youtube: { connected: false, last_sync: null },
        tiktok: { connected: false, last_sync: null },
      },
    });
    expect((await as(t, ada).fetch(`/server/api/profile/user?userId=${bob}`)).status).toBe(403);
    expect((await t.fetch(`/server/api/profile/user?userId=${ada}`)).status).toBe(401);
  });
});
