// The end of a bounty, role by role (issue 29): the videos a contributor may pick while judging,
// and where a creator's own video stands. Every money fact comes from the money rules
// (model/money/rules.ts isEligible, model/money/settlement.ts currentPeoplesChoice; the stored `eligible` and
// `qualifiedVotes` of submissions that they keep); nothing here decides money.
import type { Doc, Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import type { Standing } from "./ideaPageKinds";
import { isEligible } from "./money/rules";
import { currentPeoplesChoice } from "./money/settlement";

/** More eligible videos than a pick list can show is more than anyone can compare. */
export const PICK_CHOICES_MAX = 50;
/** A person's own videos on one idea, read for their standing. */
const OWN_VIDEOS_MAX = 20;

/** The videos that can win, most counted votes first, at most 50 (a list to pick from). */
export async function eligibleVideos(ctx: QueryCtx, ideaId: Id<"proposals">) {
  const rows = await ctx.db
    .query("submissions")
    .withIndex("by_idea_eligible_qualified", (q) => q.eq("ideaId", ideaId).eq("eligible", true))
    .order("desc")
    .take(PICK_CHOICES_MAX);
  return rows.filter(isEligible);
}

/** Where one video stands now, against the people's choice of the moment. */
export function standingAgainst(
  submission: Doc<"submissions">,
  leader: Doc<"submissions"> | null,
): Standing {
  return {
    eligible: isEligible(submission),
    leading: leader?._id === submission._id,
    countedVotes: submission.qualifiedVotes ?? 0,
    leaderVotes: leader === null ? null : (leader.qualifiedVotes ?? 0),
  };
}

/** A person's videos on an idea with where each stands (none: they submitted nothing). */
export async function standingsOf(
  ctx: QueryCtx,
  userId: Id<"users">,
  ideaId: Id<"proposals">,
): Promise<{ submission: Doc<"submissions">; standing: Standing }[]> {
  const own = await ctx.db
    .query("submissions")
    .withIndex("by_idea_author", (q) => q.eq("ideaId", ideaId).eq("authorId", userId))
    .take(OWN_VIDEOS_MAX);
  if (own.length === 0) return [];
  const leader = await currentPeoplesChoice(ctx, ideaId);
  return own.map((submission) => ({ submission, standing: standingAgainst(submission, leader) }));
}

/** The person's best-placed video on the idea (leading, else eligible with most votes). */
export async function bestStandingOf(
  ctx: QueryCtx,
  userId: Id<"users">,
  ideaId: Id<"proposals">,
): Promise<{ submissionId: Id<"submissions">; standing: Standing } | null> {
  const all = await standingsOf(ctx, userId, ideaId);
  const score = (s: Standing) => (s.leading ? 2e9 : 0) + (s.eligible ? 1e9 : 0) + s.countedVotes;
  const best = all.sort((a, b) => score(b.standing) - score(a.standing))[0];
  return best ? { submissionId: best.submission._id, standing: best.standing } : null;
}
