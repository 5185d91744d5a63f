// Settings shows the creator's tools and creator-only notification rows only to people who make
// videos: a Creator account, or anyone who connected a channel, submitted or opened payouts.
import { describe, expect, test } from "vitest";
import { api } from "./_generated/api";
import { as, createUser, newBackend } from "./test.setup";

const CREATOR_KINDS = ["video_won", "claim_reminder", "transfer_sent", "video_claimed"];

describe("creator tools in Settings", () => {
  test("a Viewer gets none; a Creator gets them; a Viewer with a payout account gets them", async () => {
    const t = newBackend();
    const viewer = await createUser(t, { accountType: "Viewer" });
    const creator = await createUser(t, { accountType: "Creator" });

    expect(await as(t, viewer).query(api.users.makesVideos, {})).toBe(false);
    const viewerKinds = (await as(t, viewer).query(api.notifications.preferences, {})).map(
      (p) => p.kind,
    );
    for (const kind of CREATOR_KINDS) expect(viewerKinds).not.toContain(kind);
    expect(viewerKinds).toContain("refund_sent");

    expect(await as(t, creator).query(api.users.makesVideos, {})).toBe(true);
    const creatorKinds = (await as(t, creator).query(api.notifications.preferences, {})).map(
      (p) => p.kind,
    );
    for (const kind of CREATOR_KINDS) expect(creatorKinds).toContain(kind);

    // What a person did wins over the type they picked: a Viewer who opened payouts is paid
    // through them, so they see them.
    await t.run((ctx) =>
      ctx.db.insert("payoutAccounts", { userId: viewer, stripeAccountId: "acct_1", ready: false }),
    );
    expect(await as(t, viewer).query(api.users.makesVideos, {})).toBe(true);
    expect(await t.query(api.users.makesVideos, {})).toBe(false);
  });
});
