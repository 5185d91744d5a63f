import { cronJobs } from "convex/server";
import { internal } from "./_generated/api";

const crons = cronJobs();
// Every idea schedules its own transitions; this catches any that were missed.
crons.interval("sweep idea lifecycle", { minutes: 5 }, internal.ideas.sweep, {});
// The reconciler: any money movement whose attempt was lost or postponed, and pending refunds.
crons.interval("drive money movements", { minutes: 1 }, internal.movements.sweep, {});
// Claim windows whose scheduled end was missed.
crons.interval("expire claim windows", { minutes: 15 }, internal.settlement.expireClaims, {});
// Money whose backer's week to move it ended (its scheduled end was missed): refunded.
crons.interval("refund unmoved money", { minutes: 15 }, internal.moves.expireOverdue, {});
// Payments Stripe has not confirmed yet are asked about again every day.
crons.interval(
  "re-read unconfirmed payments",
  { hours: 1 },
  internal.settlement.recheckPending,
  {},
);
// Expired OAuth states and abandoned sign-in verifiers; rate-limit buckets nobody uses.
crons.interval(
  "sweep expired sign-in state",
  { minutes: 15 },
  internal.rateLimits.sweepExpired,
  {},
);
crons.interval(
  "sweep idle rate-limit buckets",
  { hours: 24 },
  internal.rateLimits.sweepBuckets,
  {},
);
// Emails whose scheduled attempt was lost.
crons.interval("send queued emails", { minutes: 5 }, internal.emails.sweep, {});
// The Resend component keeps every email it finalized until told to drop it.
crons.interval("drop week-old sent emails", { hours: 1 }, internal.emails.cleanup, {});
// The weekly digest (opt-in), Mondays at 13:17 UTC (off the busy top of the hour): morning in the Americas, afternoon in
// Europe. Each subscriber gets it at most once a week (model/community/digest.ts).
crons.weekly(
  "send the weekly digest",
  { dayOfWeek: "monday", hourUTC: 13, minuteUTC: 17 },
  internal.digest.start,
  {},
);
crons.interval("send queued digests", { minutes: 5 }, internal.digest.sweep, {});
export default crons;
