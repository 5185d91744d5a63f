// Notifications: the inbox, follows, preferences, and the scheduled steps of model/notify.ts
// (idea fan-outs, the 24-hours reminder, claim-window reminders).
import { v } from "convex/values";
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { internal } from "./_generated/api";
import type { Id } from "./_generated/dataModel";
import type { QueryCtx } from "./_generated/server";
import { publicQuery, userMutation, userQuery, internalMutation } from "./functions";
import { literals } from "convex-helpers/validators";
import {
  FAN_OUT_PHASES,
  fanOutPage,
  isFollowing,
  notifyClaimReminder,
  notifyEndingSoon,
  preferencesOf,
  setFollowing,
  setPreference,
} from "./model/notify";
import {
  KIND_INFO,
  notificationKindValidator,
  notificationPath,
  notificationText,
} from "./model/notificationKinds";
import { makesVideos } from "./model/users";
import { payableDestination } from "./model/money/settlement";
import { notificationFactsOf } from "./model/notificationFacts";
import { backersPage, creatorsPage, type BackerEvent } from "./model/notifyPoster";
import { notifyUpdatePosted } from "./model/notifyIdeaPage";

const ideaKindValidator = v.union(
  v.literal("video_submitted"),
  v.literal("ending_soon"),
  v.literal("judging_started"),
  v.literal("outcome"),
  v.literal("question_asked"),
  v.literal("idea_update"),
  v.literal("idea_update_money"),
);

export const fanOut = internalMutation({
  args: {
    ideaId: v.id("proposals"),
    kind: ideaKindValidator,
    actorId: v.optional(v.id("users")),
    submissionId: v.optional(v.id("submissions")),
    messageId: v.optional(v.id("ideaMessages")),
    updateId: v.optional(v.id("ideaUpdates")),
    cursor: v.union(v.string(), v.null()),
    // Absent in fan-outs scheduled before phases existed: the followers.
    phase: v.optional(literals(...FAN_OUT_PHASES)),
  },
  returns: v.null(),
  handler: async (ctx, { cursor, phase, ...event }) => {
    const next = await fanOutPage(ctx, event, cursor, phase);
    if (next !== null)
      await ctx.scheduler.runAfter(0, internal.notifications.fanOut, { ...event, ...next });
    return null;
  },
});

/** One page of an edit's notice to the creators who submitted (model/notifyPoster.ts). */
export const fanOutCreators = internalMutation({
  args: { editId: v.id("ideaEdits"), cursor: v.union(v.string(), v.null()) },
  returns: v.null(),
  handler: async (ctx, { editId, cursor }) => {
    const next = await creatorsPage(ctx, editId, cursor);
    if (next !== null)
      await ctx.scheduler.runAfter(0, internal.notifications.fanOutCreators, {
        editId,
        cursor: next,
      });
    return null;
  },
});

/** One page of a notice to an idea's backers: an extension, or an update emailed to them. */
export const fanOutBackers = internalMutation({
  args: {
    ideaId: v.id("proposals"),
    kind: v.union(v.literal("deadline_extended"), v.literal("backer_update")),
    updateId: v.optional(v.id("ideaUpdates")),
    cursor: v.union(v.string(), v.null()),
  },
  returns: v.null(),
  handler: async (ctx, { cursor, ...args }) => {
    const event: BackerEvent =
      args.kind === "backer_update" && args.updateId
        ? { ideaId: args.ideaId, kind: "backer_update", updateId: args.updateId }
        : { ideaId: args.ideaId, kind: "deadline_extended" };
    const next = await backersPage(ctx, event, cursor);
    if (next !== null)
      await ctx.scheduler.runAfter(0, internal.notifications.fanOutBackers, {
        ...args,
        cursor: next,
      });
    // The backers heard first (by email); the update's other followers hear now, in the app
    // as they chose (the same key: nobody hears twice).
    else if (event.kind === "backer_update") {
      const update = await ctx.db.get("ideaUpdates", event.updateId);
      if (update) await notifyUpdatePosted(ctx, update);
    }
    return null;
  },
});

export const endingSoon = internalMutation({
  args: { ideaId: v.id("proposals") },
  returns: v.null(),
  handler: async (ctx, { ideaId }) => {
    await notifyEndingSoon(ctx, ideaId, Date.now());
    return null;
  },
});

export const claimReminder = internalMutation({
  args: { submissionId: v.id("submissions"), days: v.number() },
  returns: v.null(),
  handler: async (ctx, { submissionId, days }) => {
    await notifyClaimReminder(
      ctx,
      submissionId,
      days,
      Date.now(),
      async (s) => (await payableDestination(ctx, s)) !== null,
    );
    return null;
  },
});

// --- The inbox ------------------------------------------------------------------------------

const SIGN_IN = "Sign in to see your notifications.";

const inboxItemValidator = v.object({
  _id: v.id("notifications"),
  kind: notificationKindValidator,
  ideaId: v.id("proposals"),
  text: v.string(),
  link: v.string(),
  createdAt: v.number(),
  read: v.boolean(),
  // Content an operator hid: whether its author may still appeal (once), or did.
  appeal: v.optional(
    v.object({
      caseId: v.id("moderationCases"),
      state: v.union(v.literal("open"), v.literal("sent"), v.literal("closed")),
    }),
  ),
});

async function appealStateOf(ctx: QueryCtx, caseId: Id<"moderationCases">) {
  const c = await ctx.db.get("moderationCases", caseId);
  const state =
    c?.appeal !== undefined
      ? ("sent" as const)
      : c?.state === "hidden"
        ? ("open" as const)
        : ("closed" as const);
  return { caseId, state };
}

export const inbox = userQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(inboxItemValidator),
  signInMessage: SIGN_IN,
  handler: async (ctx, { paginationOpts }) => {
    const result = await ctx.db
      .query("notifications")
      .withIndex("by_recipient", (q) => q.eq("recipientId", ctx.userId).eq("inApp", true))
      .order("desc")
      .paginate(paginationOpts);
    const page = await Promise.all(
      result.page.map(async (n) => {
        const idea = await ctx.db.get("proposals", n.ideaId);
        const text = notificationText(await notificationFactsOf(ctx, n, idea));
        return {
          _id: n._id,
          kind: n.kind,
          ideaId: n.ideaId,
          text,
          link: notificationPath(n.kind, n.ideaId, n.contributionId),
          createdAt: n.createdAt,
          read: n.readAt !== undefined,
          ...(n.kind === "content_hidden" && n.caseId
            ? { appeal: await appealStateOf(ctx, n.caseId) }
            : {}),
        };
      }),
    );
    return { ...result, page };
  },
});

const UNREAD_CAP = 99;

/** The bell's count (0 for visitors), capped: the bell shows "99+". */
export const unreadCount = publicQuery({
  args: {},
  returns: v.number(),
  handler: async (ctx) => {
    if (ctx.viewerId === null) return 0;
    const viewerId = ctx.viewerId;
    const unread = await ctx.db
      .query("notifications")
      .withIndex("by_recipient_unread", (q) =>
        q.eq("recipientId", viewerId).eq("inApp", true).eq("readAt", undefined),
      )
      .take(UNREAD_CAP + 1);
    return unread.length;
  },
});

export const markRead = userMutation({
  args: { notificationId: v.id("notifications") },
  returns: v.null(),
  signInMessage: SIGN_IN,
  handler: async (ctx, { notificationId }) => {
    const n = await ctx.db.get("notifications", notificationId);
    if (n === null || n.recipientId !== ctx.userId || n.readAt !== undefined) return null;
    await ctx.db.patch("notifications", notificationId, { readAt: Date.now() });
    return null;
  },
});

const MARK_ALL_BATCH = 200;

/** Marks unread notifications read, a batch per call; returns whether some are left. */
export const markAllRead = userMutation({
  args: {},
  returns: v.object({ more: v.boolean() }),
  signInMessage: SIGN_IN,
  handler: async (ctx) => {
    const unread = await ctx.db
      .query("notifications")
      .withIndex("by_recipient_unread", (q) =>
        q.eq("recipientId", ctx.userId).eq("inApp", true).eq("readAt", undefined),
      )
      .take(MARK_ALL_BATCH + 1);
    const now = Date.now();
    for (const n of unread.slice(0, MARK_ALL_BATCH))
      await ctx.db.patch("notifications", n._id, { readAt: now });
    return { more: unread.length > MARK_ALL_BATCH };
  },
});

// --- Follows --------------------------------------------------------------------------------

export const following = publicQuery({
  args: { ideaId: v.id("proposals") },
  returns: v.union(v.boolean(), v.null()),
  handler: async (ctx, { ideaId }) =>
    ctx.viewerId === null ? null : await isFollowing(ctx, ctx.viewerId, ideaId),
});

export const follow = userMutation({
  args: { ideaId: v.id("proposals"), follow: v.boolean() },
  returns: v.null(),
  signInMessage: "Sign in to follow this idea.",
  handler: async (ctx, { ideaId, follow }) => {
    const idea = await ctx.db.get("proposals", ideaId);
    if (idea === null) return null;
    await setFollowing(ctx, ctx.userId, ideaId, follow);
    return null;
  },
});

// --- Preferences ----------------------------------------------------------------------------

export const preferences = userQuery({
  args: {},
  returns: v.array(
    v.object({ kind: notificationKindValidator, inApp: v.boolean(), email: v.boolean() }),
  ),
  signInMessage: "Sign in to change your notifications.",
  handler: async (ctx) => {
    const prefs = await preferencesOf(ctx, ctx.userId);
    const user = await ctx.db.get("users", ctx.userId);
    // Rows about one's own videos only for people who make them.
    if (user !== null && (await makesVideos(ctx, user))) return prefs;
    return prefs.filter((p) => !KIND_INFO[p.kind].creator);
  },
});

export const setPreferences = userMutation({
  args: {
    kind: notificationKindValidator,
    inApp: v.optional(v.boolean()),
    email: v.optional(v.boolean()),
  },
  returns: v.null(),
  signInMessage: "Sign in to change your notifications.",
  handler: async (ctx, { kind, ...change }) => {
    await setPreference(ctx, ctx.userId, kind, change);
    return null;
  },
});
