// Who hears about what (product rules "Notifications"). One function per product event, called
// once where the change happens (money code, submissions, the idea's lifecycle). Each computes
// exactly who the event concerns, never its actor, and delivers each (event, person) at most
// once through a dedupe key. An idea's news goes to its followers (posters and contributors
// follow automatically), in pages, by a scheduled fan-out so the money transactions stay small.
import type { Doc, Id } from "../_generated/dataModel";
import type { MutationCtx, QueryCtx } from "../_generated/server";
import { internal } from "../_generated/api";
import { judgingEndsAt } from "./labels";
import { DAY_MS } from "./labels";
import { KIND_INFO, NOTIFICATION_KINDS, type NotificationKind } from "./notificationKinds";
import type { Standing } from "./ideaPageKinds";
import { bestStandingOf } from "./judging";
import { contributionsOf, mayPick } from "./money/stake";
import { refundFinished } from "./money/rules";
import { refundOwner } from "./money/refunds";
import { followersCounter, readCounter } from "./counters";

export const FAN_OUT_PAGE = 100;
/** Claim-window reminders: this many days before the window ends. */
export const CLAIM_REMINDER_DAYS = [7, 1] as const;
/** A won video's email waits for the idea's settlement batches so its amount is the total. */
export const WON_EMAIL_DELAY_MS = 2 * 60 * 1000;

// --- Preferences and follows ----------------------------------------------------------------

export async function preferenceOf(
  ctx: QueryCtx,
  userId: Id<"users">,
  kind: NotificationKind,
): Promise<{ inApp: boolean; email: boolean }> {
  const row = await ctx.db
    .query("notificationPrefs")
    .withIndex("by_user_kind", (q) => q.eq("userId", userId).eq("kind", kind))
    .unique();
  return row
    ? { inApp: row.inApp, email: row.email }
    : { inApp: true, email: KIND_INFO[kind].defaultEmail };
}

export async function preferencesOf(ctx: QueryCtx, userId: Id<"users">) {
  return await Promise.all(
    NOTIFICATION_KINDS.map(async (kind) => ({ kind, ...(await preferenceOf(ctx, userId, kind)) })),
  );
}

export async function setPreference(
  ctx: MutationCtx,
  userId: Id<"users">,
  kind: NotificationKind,
  change: { inApp?: boolean; email?: boolean },
) {
  const current = await preferenceOf(ctx, userId, kind);
  const row = await ctx.db
    .query("notificationPrefs")
    .withIndex("by_user_kind", (q) => q.eq("userId", userId).eq("kind", kind))
    .unique();
  const next = { ...current, ...change };
  if (row) await ctx.db.patch("notificationPrefs", row._id, next);
  else await ctx.db.insert("notificationPrefs", { userId, kind, ...next });
}

async function followRow(ctx: QueryCtx, userId: Id<"users">, ideaId: Id<"proposals">) {
  return await ctx.db
    .query("follows")
    .withIndex("by_user_idea", (q) => q.eq("userId", userId).eq("ideaId", ideaId))
    .unique();
}

export async function isFollowing(
  ctx: QueryCtx,
  userId: Id<"users">,
  ideaId: Id<"proposals">,
): Promise<boolean> {
  return (await followRow(ctx, userId, ideaId))?.following ?? false;
}

/** Follow or unfollow on purpose (the idea page's button). */
export async function setFollowing(
  ctx: MutationCtx,
  userId: Id<"users">,
  ideaId: Id<"proposals">,
  following: boolean,
) {
  const row = await followRow(ctx, userId, ideaId);
  if (row) {
    if (row.following !== following) await ctx.db.patch("follows", row._id, { following });
  } else await ctx.db.insert("follows", { userId, ideaId, following });
}

/** Posters and contributors follow automatically, unless they unfollowed before. */
export async function autoFollow(ctx: MutationCtx, userId: Id<"users">, ideaId: Id<"proposals">) {
  if ((await followRow(ctx, userId, ideaId)) === null)
    await ctx.db.insert("follows", { userId, ideaId, following: true });
}

// --- Delivery -------------------------------------------------------------------------------

type Fields = {
  submissionId?: Id<"submissions">;
  contributionId?: Id<"contributions">;
  amountCents?: number;
  deadline?: number;
  messageId?: Id<"ideaMessages">;
  updateId?: Id<"ideaUpdates">;
  editId?: Id<"ideaEdits">;
  standing?: Standing;
  caseId?: Id<"moderationCases">;
};

/**
 * Delivers one (event, person): the notification (shown in-app when that switch is on) and,
 * when the email switch is on, an email in the outbox. Returns the existing notification when
 * this (event, person) was already delivered.
 */
export async function deliver(
  ctx: MutationCtx,
  recipientId: Id<"users">,
  kind: NotificationKind,
  ideaId: Id<"proposals">,
  event: string,
  fields: Fields = {},
  /** `email: false`: in the app only, whatever the kind's switch (a backer stopped an idea's emails). */
  options: { email?: boolean } = {},
): Promise<{ created: boolean; notification: Doc<"notifications"> }> {
  const dedupeKey = `${event}|${recipientId}`;
  const existing = await ctx.db
    .query("notifications")
    .withIndex("by_dedupe", (q) => q.eq("dedupeKey", dedupeKey))
    .unique();
  if (existing) return { created: false, notification: existing };
  const pref = await preferenceOf(ctx, recipientId, kind);
  const now = Date.now();
  const id = await ctx.db.insert("notifications", {
    recipientId,
    kind,
    ideaId,
    ...fields,
    dedupeKey,
    inApp: pref.inApp,
    createdAt: now,
  });
  if (pref.email && options.email !== false) {
    const user = await ctx.db.get("users", recipientId);
    if (user?.email) {
      const emailId = await ctx.db.insert("emails", {
        notificationId: id,
        userId: recipientId,
        to: user.email,
        kind,
        state: "queued",
        idempotencyKey: `notification-${id}`,
        attempts: 0,
        nextAttemptAt: now,
      });
      const delay = kind === "video_won" ? WON_EMAIL_DELAY_MS : 0;
      await ctx.scheduler.runAfter(delay, internal.emails.send, { emailId });
    }
  }
  return { created: true, notification: (await ctx.db.get("notifications", id))! };
}

// --- An idea's news: to its followers, never the actor --------------------------------------

export type IdeaEvent = {
  ideaId: Id<"proposals">;
  kind:
    | "video_submitted"
    | "ending_soon"
    | "judging_started"
    | "outcome"
    | "question_asked"
    | "idea_update"
    | "idea_update_money";
  actorId?: Id<"users">;
  submissionId?: Id<"submissions">;
  messageId?: Id<"ideaMessages">;
  updateId?: Id<"ideaUpdates">;
};

function ideaEventKey(e: IdeaEvent) {
  if (e.kind === "video_submitted") return `${e.kind}:${e.submissionId}`;
  if (e.kind === "question_asked") return `${e.kind}:${e.messageId}`;
  if (e.kind === "idea_update" || e.kind === "idea_update_money") return `update:${e.updateId}`;
  return `${e.kind}:${e.ideaId}`;
}

/** Tells an idea's followers of an event, a page at a time (notifications.fanOut). */
export async function startFanOut(ctx: MutationCtx, e: IdeaEvent) {
  await ctx.scheduler.runAfter(0, internal.notifications.fanOut, {
    ...e,
    cursor: null,
    phase: "followers",
  });
}

/**
 * Who an idea's news reaches, in phases: its followers; then, for judging and the outcome, its
 * backers and the creators who submitted, followers or not (product rules "Judging together":
 * the outcome reaches every backer and every creator who submitted; "pick your winner" is a
 * money notice). Each (event, person) is delivered once, whichever phase reaches them first.
 */
export const FAN_OUT_PHASES = [
  "followers",
  "backers_paid",
  "backers_refunded",
  "creators",
] as const;
export type FanOutPhase = (typeof FAN_OUT_PHASES)[number];

/** The phases an event goes through after its followers. */
function reachesBeyondFollowers(kind: IdeaEvent["kind"]): boolean {
  return kind === "judging_started" || kind === "outcome";
}

/** One page of an idea event's fan-out; returns where to go on (null: done). */
export async function fanOutPage(
  ctx: MutationCtx,
  e: IdeaEvent,
  cursor: string | null,
  phase: FanOutPhase = "followers",
): Promise<{ phase: FanOutPhase; cursor: string | null } | null> {
  const idea = await ctx.db.get("proposals", e.ideaId);
  if (idea === null) return null;
  const page = await candidatesPage(ctx, e.ideaId, phase, cursor);
  for (const userId of page.people) {
    if (userId === e.actorId) continue;
    await deliverIdeaEvent(ctx, e, idea, userId, phase === "followers");
  }
  if (!page.isDone) return { phase, cursor: page.continueCursor };
  const next = FAN_OUT_PHASES[FAN_OUT_PHASES.indexOf(phase) + 1];
  if (next === undefined || !reachesBeyondFollowers(e.kind)) return null;
  return { phase: next, cursor: null };
}

/** One page of the people a phase lists (anonymous payments name nobody). */
async function candidatesPage(
  ctx: QueryCtx,
  ideaId: Id<"proposals">,
  phase: FanOutPhase,
  cursor: string | null,
): Promise<{ people: Id<"users">[]; isDone: boolean; continueCursor: string }> {
  const opts = { numItems: FAN_OUT_PAGE, cursor };
  if (phase === "followers") {
    const page = await ctx.db
      .query("follows")
      .withIndex("by_idea_following", (q) => q.eq("ideaId", ideaId).eq("following", true))
      .paginate(opts);
    return { ...page, people: page.page.map((f) => f.userId) };
  }
  if (phase === "creators") {
    const page = await ctx.db
      .query("submissions")
      .withIndex("by_idea_votes", (q) => q.eq("ideaId", ideaId))
      .paginate(opts);
    return { ...page, people: page.page.map((s) => s.authorId) };
  }
  const status = phase === "backers_paid" ? "paid" : "refunded";
  const page = await ctx.db
    .query("contributions")
    .withIndex("by_idea_status", (q) => q.eq("ideaId", ideaId).eq("status", status))
    .paginate(opts);
  const people = page.page.flatMap((c) => (c.contributorId ? [c.contributorId] : []));
  return { ...page, people };
}

/**
 * One person's notice of an idea event, in the kind that fits their part in it: a backer who
 * may pick hears "pick your winner by" (a money notice), a backer hears where their money went,
 * a creator who submitted hears the outcome and where their video stood; a follower hears the
 * news itself. Someone reached beyond the followers with no such part hears nothing.
 */
async function deliverIdeaEvent(
  ctx: MutationCtx,
  e: IdeaEvent,
  idea: Doc<"proposals">,
  userId: Id<"users">,
  follows: boolean,
) {
  let kind: NotificationKind = e.kind;
  const fields: Fields = {
    ...(e.submissionId ? { submissionId: e.submissionId } : {}),
    ...(e.messageId ? { messageId: e.messageId } : {}),
    ...(e.updateId ? { updateId: e.updateId } : {}),
  };
  if (e.kind === "judging_started") {
    if (idea.submissionCount > 0 && (await mayPick(ctx, userId, idea, Date.now()))) {
      kind = "pick_winner";
      fields.deadline = judgingEndsAt(idea.expiration);
    }
    // A creator who submitted hears where their video stands.
    const own = idea.submissionCount > 0 ? await bestStandingOf(ctx, userId, idea._id) : null;
    if (own !== null) {
      fields.submissionId = own.submissionId;
      fields.standing = own.standing;
    }
    if (kind === "judging_started" && !follows && own === null) return;
  } else if (e.kind === "outcome") {
    if ((await contributionsOf(ctx, userId, idea._id, "backed")).length > 0) kind = "money_outcome";
    else if (await submittedTo(ctx, userId, idea._id)) kind = "creator_outcome";
    else if (!follows) return;
  }
  await deliver(ctx, userId, kind, e.ideaId, ideaEventKey(e), fields);
}

async function submittedTo(ctx: QueryCtx, userId: Id<"users">, ideaId: Id<"proposals">) {
  const own = await ctx.db
    .query("submissions")
    .withIndex("by_idea_author", (q) => q.eq("ideaId", ideaId).eq("authorId", userId))
    .first();
  return own !== null;
}

/** Whether anyone follows a person: most people have no followers, and their news costs nothing. */
async function hasFollowers(ctx: QueryCtx, personId: Id<"users">) {
  return (await readCounter(ctx, followersCounter(personId))) > 0;
}

/**
 * A video was submitted: the idea's followers, not its submitter, who now follows the idea; and
 * the people who follow the submitter.
 */
export async function notifyVideoSubmitted(ctx: MutationCtx, submissionId: Id<"submissions">) {
  const s = await ctx.db.get("submissions", submissionId);
  if (s === null) return;
  await autoFollow(ctx, s.authorId, s.ideaId);
  await startFanOut(ctx, {
    ideaId: s.ideaId,
    kind: "video_submitted",
    actorId: s.authorId,
    submissionId,
  });
  // The people who follow its creator (model/community/follows.ts), if anyone does.
  if (await hasFollowers(ctx, s.authorId))
    await ctx.scheduler.runAfter(0, internal.follows.fanOut, {
      kind: "followed_video",
      personId: s.authorId,
      ideaId: s.ideaId,
      submissionId,
      cursor: null,
    });
}

/**
 * A video's proven creator took over its submission (product rules "Submissions"): the earlier
 * submitter is told, once per takeover.
 */
export async function notifyVideoClaimed(
  ctx: MutationCtx,
  submissionId: Id<"submissions">,
  earlierSubmitterId: Id<"users">,
) {
  const s = await ctx.db.get("submissions", submissionId);
  if (s === null) return;
  await deliver(
    ctx,
    earlierSubmitterId,
    "video_claimed",
    s.ideaId,
    `video_claimed:${submissionId}:${s.authorId}`,
    { submissionId },
  );
}

/** Awards a taken-over submission carried: its proven owner now hears they won them. */
export async function notifyClaimedAwards(
  ctx: MutationCtx,
  submissionId: Id<"submissions">,
  awards: Doc<"awards">[],
) {
  const first = awards[0];
  if (first === undefined) return;
  await deliver(ctx, first.creatorId, "video_won", first.ideaId, `video_won:${submissionId}`, {
    submissionId,
    amountCents: awards.reduce((sum, a) => sum + a.amountCents, 0),
    deadline: Math.min(...awards.map((a) => a.claimDeadline)),
  });
}

/**
 * A new idea: its poster follows it, their followers hear, the 24-hours reminder is scheduled,
 * and the creators it fits hear of it (studio.alertFits, a page at a time).
 */
export async function notifyIdeaPosted(ctx: MutationCtx, ideaId: Id<"proposals">) {
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea === null) return;
  await autoFollow(ctx, idea.authorId, ideaId);
  // The people who follow its poster (model/community/follows.ts), if anyone does.
  if (await hasFollowers(ctx, idea.authorId))
    await ctx.scheduler.runAfter(0, internal.follows.fanOut, {
      kind: "followed_idea",
      personId: idea.authorId,
      ideaId,
      cursor: null,
    });
  await scheduleEndingSoon(ctx, idea);
  await ctx.scheduler.runAfter(0, internal.studio.alertFits, {
    ideaId,
    platformIndex: 0,
    cursor: null,
  });
}

/** The 24-hours reminder for the idea's deadline (again when an extension moves it). */
export async function scheduleEndingSoon(ctx: MutationCtx, idea: Doc<"proposals">) {
  const at = idea.expiration - DAY_MS;
  if (at > Date.now())
    await ctx.scheduler.runAt(at, internal.notifications.endingSoon, { ideaId: idea._id });
}

/** A video was rated for the first time by someone: its creator hears (once per person). */
export async function notifyFeedback(
  ctx: MutationCtx,
  submission: Doc<"submissions">,
  raterId: Id<"users">,
) {
  await deliver(
    ctx,
    submission.authorId,
    "feedback_received",
    submission.ideaId,
    `feedback:${submission._id}:${raterId}`,
    { submissionId: submission._id },
  );
}

/** A poster invited a creator to their idea: the creator hears (once per idea). */
export async function notifyInvited(
  ctx: MutationCtx,
  creatorId: Id<"users">,
  ideaId: Id<"proposals">,
) {
  await deliver(ctx, creatorId, "invited", ideaId, `invited:${ideaId}`);
}

/** A new idea fits what a creator makes: they hear once. */
export async function notifyIdeaFits(
  ctx: MutationCtx,
  creatorId: Id<"users">,
  ideaId: Id<"proposals">,
) {
  await deliver(ctx, creatorId, "idea_fits", ideaId, `idea_fits:${ideaId}`);
}

/** The scheduled reminder: only while the idea is open and really ends within 24 hours. */
export async function notifyEndingSoon(ctx: MutationCtx, ideaId: Id<"proposals">, now: number) {
  const idea = await ctx.db.get("proposals", ideaId);
  if (idea === null || idea.status !== "open") return;
  const left = idea.expiration - now;
  // A minute of slack for a scheduler that runs a little early.
  if (left <= 0 || left > DAY_MS + 60_000) return;
  await startFanOut(ctx, { ideaId, kind: "ending_soon" });
}

/** Judging started: followers; contributors who may pick are told until when. */
export async function notifyJudgingStarted(ctx: MutationCtx, ideaId: Id<"proposals">) {
  await startFanOut(ctx, { ideaId, kind: "judging_started" });
}

/** The outcome, once the idea is settled: the video awarded the most, or refunded. */
export async function notifyOutcome(ctx: MutationCtx, ideaId: Id<"proposals">) {
  const awards = await ctx.db
    .query("awards")
    .withIndex("by_idea_status", (q) => q.eq("ideaId", ideaId))
    .take(500);
  const totals = new Map<Id<"submissions">, number>();
  for (const a of awards)
    if (a.status !== "cancelled")
      totals.set(a.submissionId, (totals.get(a.submissionId) ?? 0) + a.amountCents);
  let top: Id<"submissions"> | undefined;
  for (const [id, cents] of totals) if (top === undefined || cents > totals.get(top)!) top = id;
  if (top === undefined) {
    const idea = await ctx.db.get("proposals", ideaId);
    top = idea?.peoplesChoiceId ?? undefined;
  }
  await startFanOut(ctx, { ideaId, kind: "outcome", ...(top ? { submissionId: top } : {}) });
}

// --- A creator: won, reminders, transfers ---------------------------------------------------

async function waitingAwards(ctx: QueryCtx, submissionId: Id<"submissions">) {
  const awards = await ctx.db
    .query("awards")
    .withIndex("by_submission", (q) => q.eq("submissionId", submissionId))
    .take(500);
  return awards.filter((a) => a.status === "waiting");
}

/**
 * An award was made to a video: its creator hears once per video (the amount adds up over the
 * idea's contributions); while not payable, "set up payouts by", with reminders scheduled.
 */
export async function notifyAwarded(ctx: MutationCtx, awardId: Id<"awards">) {
  const award = await ctx.db.get("awards", awardId);
  if (award === null) return;
  const waiting = award.status === "waiting";
  const { created, notification } = await deliver(
    ctx,
    award.creatorId,
    "video_won",
    award.ideaId,
    `video_won:${award.submissionId}`,
    {
      submissionId: award.submissionId,
      amountCents: award.amountCents,
      ...(waiting ? { deadline: award.claimDeadline } : {}),
    },
  );
  if (!created) {
    await ctx.db.patch("notifications", notification._id, {
      amountCents: (notification.amountCents ?? 0) + award.amountCents,
    });
    return;
  }
  if (!waiting) return;
  for (const days of CLAIM_REMINDER_DAYS) {
    const at = award.claimDeadline - days * DAY_MS;
    if (at > Date.now())
      await ctx.scheduler.runAt(at, internal.notifications.claimReminder, {
        submissionId: award.submissionId,
        days,
      });
  }
}

/** The scheduled claim reminder: no-op once the creator is payable or the award moved on. */
export async function notifyClaimReminder(
  ctx: MutationCtx,
  submissionId: Id<"submissions">,
  days: number,
  now: number,
  isPayable: (s: Doc<"submissions">) => Promise<boolean>,
) {
  const submission = await ctx.db.get("submissions", submissionId);
  if (submission === null) return;
  const waiting = await waitingAwards(ctx, submissionId);
  if (waiting.length === 0 || (await isPayable(submission))) return;
  const deadline = Math.min(...waiting.map((a) => a.claimDeadline));
  // Only when it is true: the window ends within `days` days (a minute of slack), not yet over.
  if (now >= deadline || deadline - now > days * DAY_MS + 60_000) return;
  await deliver(
    ctx,
    submission.authorId,
    "claim_reminder",
    submission.ideaId,
    `claim_reminder:${days}:${submissionId}`,
    {
      submissionId,
      amountCents: waiting.reduce((sum, a) => sum + a.amountCents, 0),
      deadline,
    },
  );
}

/** How many awards of one video are read to tell its creator what was sent (one per payment). */
const AWARDS_PER_VIDEO_READ = 500;

/**
 * Transfers reached the creator's payout account: one notice per win. A video funded by several
 * payments is paid by a transfer per payment; the notice waits until none of them is still on
 * its way, then names everything that arrived since the last notice.
 */
export async function notifyTransferSent(ctx: MutationCtx, movementId: Id<"moneyMovements">) {
  const m = await ctx.db.get("moneyMovements", movementId);
  if (m === null || m.kind !== "transfer" || m.state !== "confirmed" || !m.awardId) return;
  const award = await ctx.db.get("awards", m.awardId);
  if (award === null) return;
  const transfers = await transfersToVideo(ctx, award.submissionId);
  if (transfers.some((t) => t.state === "planned" || t.state === "sent")) return;
  const arrived = [];
  for (const t of transfers)
    if (t.state === "confirmed" && !(await announced(ctx, t, award.creatorId))) arrived.push(t);
  if (arrived.length === 0) return;
  const now = Date.now();
  for (const t of arrived) await ctx.db.patch("moneyMovements", t._id, { announcedAt: now });
  await deliver(ctx, award.creatorId, "transfer_sent", m.ideaId, `transfer:${m._id}`, {
    submissionId: award.submissionId,
    amountCents: arrived.reduce((sum, t) => sum + t.amountCents, 0),
  });
}

/** Every transfer made for a video's awards. */
async function transfersToVideo(ctx: MutationCtx, submissionId: Id<"submissions">) {
  const awards = await ctx.db
    .query("awards")
    .withIndex("by_submission", (q) => q.eq("submissionId", submissionId))
    .take(AWARDS_PER_VIDEO_READ);
  const transfers: Doc<"moneyMovements">[] = [];
  for (const a of awards) {
    const movements = await ctx.db
      .query("moneyMovements")
      .withIndex("by_contribution", (q) => q.eq("contributionId", a.contributionId))
      .collect();
    transfers.push(...movements.filter((x) => x.kind === "transfer" && x.awardId === a._id));
  }
  return transfers;
}

/** Whether the creator was already told of a transfer (before announcedAt: by its own notice). */
async function announced(ctx: MutationCtx, t: Doc<"moneyMovements">, creatorId: Id<"users">) {
  if (t.announcedAt !== undefined) return true;
  const notice = await ctx.db
    .query("notifications")
    .withIndex("by_dedupe", (q) => q.eq("dedupeKey", `transfer:${t._id}|${creatorId}`))
    .unique();
  return notice !== null;
}

// --- A contributor: payment, refunds --------------------------------------------------------

/** A payment was confirmed: its (signed-in) contributor hears and follows the idea. */
export async function notifyPaymentConfirmed(
  ctx: MutationCtx,
  contributionId: Id<"contributions">,
) {
  const c = await ctx.db.get("contributions", contributionId);
  // Money moved in from another idea is no new payment: its backer moved it themselves.
  if (c === null || c.status !== "paid" || !c.contributorId || c.unmatched || c.movedFrom) return;
  await autoFollow(ctx, c.contributorId, c.ideaId);
  await deliver(ctx, c.contributorId, "payment_confirmed", c.ideaId, `paid:${c._id}`, {
    contributionId: c._id,
    amountCents: c.collectedCents ?? c.amountCents,
  });
}

/** A refund as Stripe last reported it: sent once it succeeded, failed if it failed. */
export async function notifyRefund(ctx: MutationCtx, refundId: string) {
  const refund = await ctx.db
    .query("stripeRefunds")
    .withIndex("by_refund", (q) => q.eq("refundId", refundId))
    .unique();
  if (refund === null) return;
  const end = refundFinished(refund.status);
  if (end === null) return;
  const outcome = end === "succeeded" ? ("refund_sent" as const) : ("refund_failed" as const);
  // Whose money it returned (its payment's money may have moved to another idea).
  const c = await refundOwner(ctx, refund);
  if (c === null || !c.contributorId) return;
  await deliver(ctx, c.contributorId, outcome, c.ideaId, `${outcome}:${refundId}`, {
    contributionId: c._id,
    amountCents: refund.amountCents,
  });
}
