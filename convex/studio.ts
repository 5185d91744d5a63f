// A creator's studio (/studio, issue 37): earnings and their statement, where each submission
// stands, ideas that fit what they make (and the alert when a new one is posted). Thin over
// model/studio.ts and model/ideaFits.ts; every query is the caller's own.
import { paginationOptsValidator, paginationResultValidator } from "convex/server";
import { v } from "convex/values";
import { internalMutation, userMutation, userQuery } from "./functions";
import { internal } from "./_generated/api";
import {
  earningLineValidator,
  earningsOf,
  standingRowValidator,
  standingsPage,
} from "./model/studio";
import { alertFitsPage, fitsOf, ideasThatFit, saveFits } from "./model/ideaFits";
import { ideaCardValidator, toCard } from "./model/ideas";
import { durationValidator, videoPlatformValidator } from "./model/validators";
import { limit } from "./model/rateLimits";

const SIGN_IN = "Please sign in to open your studio.";

/** Every line of the caller's earnings (the studio's table and its CSV statement). */
export const earnings = userQuery({
  args: {},
  returns: v.array(earningLineValidator),
  signInMessage: SIGN_IN,
  handler: async (ctx) => await earningsOf(ctx, ctx.userId),
});

/** The caller's submissions, newest first, with where each stands now. */
export const standings = userQuery({
  args: { paginationOpts: paginationOptsValidator },
  returns: paginationResultValidator(standingRowValidator),
  signInMessage: SIGN_IN,
  handler: async (ctx, { paginationOpts }) => await standingsPage(ctx, ctx.userId, paginationOpts),
});

const fitsValidator = v.object({
  platforms: v.array(videoPlatformValidator),
  durations: v.array(durationValidator),
  saved: v.boolean(),
});

/** What the caller makes: platforms and lengths (from their preferred platform until saved). */
export const fits = userQuery({
  args: {},
  returns: fitsValidator,
  signInMessage: SIGN_IN,
  handler: async (ctx) => {
    const user = (await ctx.db.get("users", ctx.userId))!;
    return await fitsOf(ctx, user);
  },
});

export const saveMyFits = userMutation({
  args: { platforms: v.array(videoPlatformValidator), durations: v.array(durationValidator) },
  returns: v.null(),
  signInMessage: SIGN_IN,
  handler: async (ctx, { platforms, durations }) => {
    await limit(ctx, "creatorProfile", ctx.userId);
    await saveFits(ctx, ctx.userId, platforms, durations);
    return null;
  },
});

/** Open ideas that fit what the caller makes, newest first, as cards. */
export const ideasForMe = userQuery({
  args: {},
  returns: v.array(ideaCardValidator),
  signInMessage: SIGN_IN,
  handler: async (ctx) => {
    const user = (await ctx.db.get("users", ctx.userId))!;
    return await Promise.all((await ideasThatFit(ctx, user)).map((idea) => toCard(ctx, idea)));
  },
});

/** One page of a new idea's alert to the creators it fits (scheduled by notifyIdeaPosted). */
export const alertFits = internalMutation({
  args: {
    ideaId: v.id("proposals"),
    platformIndex: v.number(),
    cursor: v.union(v.string(), v.null()),
  },
  returns: v.null(),
  handler: async (ctx, { ideaId, platformIndex, cursor }) => {
    const next = await alertFitsPage(ctx, ideaId, platformIndex, cursor);
    if (next !== null)
      await ctx.scheduler.runAfter(0, internal.studio.alertFits, { ideaId, ...next });
    return null;
  },
});
