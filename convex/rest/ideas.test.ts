import { describe, expect, test } from "vitest";
import { api } from "../_generated/api";
import { as, createUser, newBackend } from "../test.setup";

const DAY = 24 * 3600 * 1000;
const body = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    oneLiner: "Street food of Lagos",
    description: "Supporting Links:\n- https://example.com/lagos",
    platform: "YouTube",
    expiration: new Date(Date.now() + 10 * DAY).toISOString(),
    selectedDurations: ["MEDIUM"],
    ...overrides,
  });

describe("REST: ideas", () => {
  test("submit: created for the caller, refused without a session, for someone else, or with a bad body", async () => {
    const t = newBackend();
    const ada = await createUser(t);
    const bob = await createUser(t);
    const post = (init: RequestInit, who = ada) =>
      as(t, who).fetch("/server/api/proposals/submit", { method: "POST", ...init });

    const created = await post({ body: body() });
    expect(created.status).toBe(201);
    const { proposal } = (await created.json()) as { proposal: { id: string } };
    const detail = await (await t.fetch(`/server/api/proposals/${proposal.id}`)).json();
    expect(detail).toMatchObject({
      id: proposal.id,
      title: "Street food of Lagos",
      platform: "YouTube",
      duration: "MEDIUM",
    });
    expect((detail as { description: string }).description).toContain("https://example.com/lagos");

    expect(
      (await t.fetch("/server/api/proposals/submit", { method: "POST", body: body() })).status,
    ).toBe(401);
    expect((await post({ body: body({ userId: bob }) })).status).toBe(403);
    expect((await post({ body: "{oops" })).status).toBe(400);
    expect((await post({ body: body({ selectedDurations: "MEDIUM" }) })).status).toBe(400);
    const invalid = await post({ body: body({ selectedDurations: [] }) });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: "Please select at least one video duration" });
    const all = await t.query(api.ideas.list, {
      view: "all",
      sort: "recent",
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(all.page).toHaveLength(1);
  });

  test("list: the spec's shape, sort by param, view by path, search by query, and only the caller's votes", async () => {
    const t = newBackend();
    const ada = await createUser(t);
    const bob = await createUser(t);
    const first = await as(t, ada).mutation(api.ideas.create, {
      oneLiner: "Cats in space",
      platform: "Any",
      durations: ["SHORT", "LONG"],
      expiration: Date.now() + DAY,
      links: [],
    });
    await as(t, ada).mutation(api.ideas.create, {
      oneLiner: "Dogs underwater",
      platform: "TikTok",
      durations: ["SHORT"],
      expiration: Date.now() + 2 * DAY,
      links: [],
    });
    await as(t, bob).mutation(api.ideas.vote, { ideaId: first, vote: 1 });

    const list = (await (
      await as(t, bob).fetch("/server/api/proposals?param=Popular&path=/ideas")
    ).json()) as Record<string, unknown>[];
    expect(list[0]).toEqual({
      id: first,
      title: "Cats in space",
      description: "",
      brief: null,
      platform: "Any",
      duration: "SHORT,LONG",
      expiration: expect.any(String),
      bountyAmount: 0,
      submissionCount: 0,
      votes: 1,
      userVote: 1,
    });
    const searched = (await (
      await t.fetch("/server/api/proposals?query=dogs&path=/discover")
    ).json()) as { title: string }[];
    expect(searched.map((p) => p.title)).toEqual(["Dogs underwater"]);
    expect((await t.fetch("/server/api/proposals?param=Sideways")).status).toBe(400);
    expect((await as(t, ada).fetch(`/server/api/proposals?userId=${bob}`)).status).toBe(403);
    expect((await t.fetch(`/server/api/proposals?userId=${bob}`)).status).toBe(403);
  });

  test("vote: sets the caller's vote; needs a session; refuses other people and bad bodies", async () => {
    const t = newBackend();
    const ada = await createUser(t);
    const bob = await createUser(t);
    const id = await as(t, ada).mutation(api.ideas.create, {
      oneLiner: "Birds",
      platform: "Any",
      durations: ["SHORT"],
      expiration: Date.now() + DAY,
      links: [],
    });
    const vote = (payload: unknown, who = bob) =>
      as(t, who).fetch("/server/api/proposals/vote", {
        method: "POST",
        body: JSON.stringify(payload),
      });
    const ok = await vote({ proposalId: id, vote: -1 });
    expect(await ok.json()).toEqual({ votes: -1, userVote: -1 });
    expect(
      (
        await t.fetch("/server/api/proposals/vote", {
          method: "POST",
          body: JSON.stringify({ proposalId: id, vote: 1 }),
        })
      ).status,
    ).toBe(401);
    expect((await vote({ proposalId: id, vote: 1, userId: ada })).status).toBe(403);
    expect((await vote({ proposalId: id, vote: 5 })).status).toBe(400);
    expect((await vote({ proposalId: "nope", vote: 1 })).status).toBe(400);
    const gone = await as(t, ada).mutation(api.ideas.create, {
      oneLiner: "Gone",
      platform: "Any",
      durations: ["SHORT"],
      expiration: Date.now() + DAY,
      links: [],
    });
    await t.run((ctx) => ctx.db.delete("proposals", gone));
    expect((await vote({ proposalId: gone, vote: 1 })).status).toBe(404);
    expect((await t.query(api.ideas.get, { ideaId: id }))!.votes).toBe(-1);
  });

  test("bounty, platform and stats", async () => {
    const t = newBackend();
    const ada = await createUser(t);
    const id = await as(t, ada).mutation(api.ideas.create, {
      oneLiner: "Birds",
      platform: "TikTok",
      durations: ["SHORT"],
      expiration: Date.now() + DAY,
      links: [],
    });
    await t.run((ctx) => ctx.db.patch("proposals", id, { bountyCents: 1250 }));
    expect(await (await t.fetch(`/server/api/proposals/${id}/bounty`)).json()).toEqual({
      total: 12.5,
    });
    expect(await (await t.fetch(`/server/api/proposals/${id}/platform`)).json()).toEqual({
      platform: "TikTok",
    });
    expect((await t.fetch(`/server/api/proposals/${id}/nonsense`)).status).toBe(404);
    expect((await t.fetch(`/server/api/proposals/missing-id`)).status).toBe(400);
    expect(await (await t.fetch("/server/api/stats")).json()).toEqual({
      activeUsers: 0,
      bounties: 1,
      originalVideos: 0,
    });
    await t.run((ctx) => ctx.db.delete("proposals", id));
    expect((await t.fetch(`/server/api/proposals/${id}/platform`)).status).toBe(404);
  });
});
