// The brief (issue 29): "What should the video show?" — optional, at most 2,000 characters,
// through the content filter, on the idea's card, in the REST shapes beside the spec's
// unchanged fields, and in the share preview.
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { as, createUser, newBackend, type Backend, messageOf } from "./test.setup";
import { MESSAGES, validateIdea } from "./model/ideaValidation";

const DAY = 24 * 3600 * 1000;
const idea = (brief?: string) => ({
  oneLiner: "Bridges of Lisbon",
  platform: "YouTube" as const,
  durations: ["MEDIUM" as const],
  expiration: Date.now() + 5 * DAY,
  links: ["https://example.com/lisbon"],
  ...(brief === undefined ? {} : { brief }),
});

const count = (t: Backend) =>
  t.run(async (ctx) => (await ctx.db.query("proposals").take(10)).length);

describe("the brief", () => {
  test("is kept with its paragraphs, shown on the card, and absent ideas say null", async () => {
    const t = newBackend();
    const me = as(t, await createUser(t));
    const withBrief = await me.mutation(
      api.ideas.create,
      idea("  Walk every bridge at dawn.\n\n\n\nKeep it under 20 minutes.\u200B  "),
    );
    const card = await t.query(api.ideas.get, { ideaId: withBrief });
    expect(card?.brief).toBe("Walk every bridge at dawn.\n\nKeep it under 20 minutes.");
    // The spec's description stays the supporting links.
    expect(card?.description).toBe("Supporting Links:\n- https://example.com/lisbon");

    const without = await me.mutation(api.ideas.create, idea());
    expect((await t.query(api.ideas.get, { ideaId: without }))?.brief).toBeNull();
    const blank = await me.mutation(api.ideas.create, idea(" \n \u200B "));
    expect((await t.query(api.ideas.get, { ideaId: blank }))?.brief).toBeNull();
  });

  test("is refused with a clear message when profane, restricted or too long, and nothing is written", async () => {
    const t = newBackend();
    const me = as(t, await createUser(t));
    expect(
      await messageOf(me.mutation(api.ideas.create, idea("Show the sh1t on the bridge"))),
    ).toBe(MESSAGES.briefContent);
    expect(
      await messageOf(me.mutation(api.ideas.create, idea("Inspired by pornhub.com/lisbon"))),
    ).toBe(MESSAGES.briefContent);
    expect(await messageOf(me.mutation(api.ideas.create, idea("x".repeat(2001))))).toBe(
      MESSAGES.briefTooLong,
    );
    expect(await count(t)).toBe(0);
    // Exactly 2,000 characters is fine, and innocent words that look rude are too.
    await me.mutation(api.ideas.create, idea("y".repeat(2000)));
    await me.mutation(api.ideas.create, idea("Assassins, the cockpit, and Scunthorpe in class."));
    expect(await count(t)).toBe(2);
  });

  test("the spec's checks come first: a bad date is reported before a bad brief", () => {
    const now = Date.now();
    const result = validateIdea({ ...idea("sh1t"), expiration: now - 1 }, now);
    expect(result).toEqual({ ok: false, message: MESSAGES.date });
  });

  test("REST: the list and the detail add `brief` and keep the spec's fields; submit accepts one", async () => {
    const t = newBackend();
    const ada = await createUser(t);
    const created = await as(t, ada).fetch("/server/api/proposals/submit", {
      method: "POST",
      body: JSON.stringify({
        oneLiner: "Street food of Lagos",
        description: "Supporting Links:\n- https://example.com/lagos",
        brief: "Eat at five stalls; subtitles please.",
        platform: "YouTube",
        expiration: new Date(Date.now() + 10 * DAY).toISOString(),
        selectedDurations: ["MEDIUM"],
      }),
    });
    expect(created.status).toBe(201);
    // The spec's response key (§7: proposal.id).
    const { proposal } = (await created.json()) as { proposal: { id: string } };

    const detail = (await (await t.fetch(`/server/api/proposals/${proposal.id}`)).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(detail)).toEqual([
      "id",
      "title",
      "description",
      "expiration",
      "platform",
      "duration",
      "brief",
    ]);
    expect(detail.brief).toBe("Eat at five stalls; subtitles please.");
    expect(detail.description).toBe("Supporting Links:\n- https://example.com/lagos");

    const list = (await (await t.fetch("/server/api/proposals")).json()) as Record<
      string,
      unknown
    >[];
    expect(Object.keys(list[0]!)).toEqual([
      "id",
      "title",
      "description",
      "brief",
      "platform",
      "duration",
      "expiration",
      "bountyAmount",
      "submissionCount",
      "votes",
      "userVote",
    ]);
    expect(list[0]!.brief).toBe("Eat at five stalls; subtitles please.");

    // A profane brief is the caller's error (400 with the words), never a 5xx.
    const refused = await as(t, ada).fetch("/server/api/proposals/submit", {
      method: "POST",
      body: JSON.stringify({
        oneLiner: "Street food of Accra",
        brief: "f u c k it",
        platform: "YouTube",
        expiration: new Date(Date.now() + 10 * DAY).toISOString(),
        selectedDurations: ["MEDIUM"],
      }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(MESSAGES.briefContent);
  });

  test("the share preview describes the idea by its brief", async () => {
    const t = newBackend();
    const id = await as(t, await createUser(t)).mutation(
      api.ideas.create,
      idea("Walk every bridge at dawn, with a drone shot of each."),
    );
    const html = await (await t.fetch(`/share/${id}`)).text();
    expect(html).toMatch(
      /<meta property="og:description" content="[^"]*Walk every bridge at dawn, with a drone shot of each\./,
    );
    // Searching finds words of the brief.
    const found = await t.query(api.ideas.list, {
      view: "open",
      sort: "recent",
      search: "drone",
      paginationOpts: { numItems: 10, cursor: null },
    });
    expect(found.page.map((p) => p._id)).toEqual([id]);
  });
});
