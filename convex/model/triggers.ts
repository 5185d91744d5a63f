// What follows a write, registered in one place (convex-helpers' Triggers). Every mutation's
// database is `dbWithTriggers` (functions.ts builds every mutation with it, and lint forbids
// Convex's raw `mutation`/`internalMutation` anywhere else), so a write to a watched table runs
// its triggers before it returns, whichever code made it:
//   - money: the derived money of the contribution it concerns (model/money/triggers.ts);
//   - notifications: what the money tables' changes mean for people — a payment confirmed, an
//     award made, a refund sent or failed, a transfer confirmed (model/notify.ts). Money never
//     calls notifications; they read what happened from the money tables' own rows;
//   - the weekly leaderboards: what each payment still counts toward its idea's bounty, and
//     money confirmed paid to creators (model/community/boards.ts), read after the money's own
//     refresh. Money never calls them either.
// Tables nobody watches (votes, ideas, submissions, …) are written straight to the database,
// with no extra read: a vote costs what it cost before.
import { Triggers, writerWithTriggers } from "convex-helpers/server/triggers";
import type { TableNamesInDataModel } from "convex/server";
import type { DataModel } from "../_generated/dataModel";
import type { MutationCtx } from "../_generated/server";
import { changesLedger, MONEY_TRIGGERS } from "./money/triggers";
import { recordCreatorPayment, refreshFunding, refreshFundingOfPayment } from "./community/boards";
import { notifyAwarded, notifyPaymentConfirmed, notifyRefund, notifyTransferSent } from "./notify";
import { notifyMoveWaiting } from "./notifyPoster";

export const triggers = new Triggers<DataModel>();

// Money first: the notifications below may read the refreshed money.
triggers.register("contributions", MONEY_TRIGGERS.contributions);
triggers.register("moneyMovements", MONEY_TRIGGERS.moneyMovements);
triggers.register("stripeRefunds", MONEY_TRIGGERS.stripeRefunds);
triggers.register("stripeDisputes", MONEY_TRIGGERS.stripeDisputes);
triggers.register("awards", MONEY_TRIGGERS.awards);

// A payment became paid: its contributor hears (once: notify.ts dedupes every notice).
triggers.register("contributions", async (ctx, { oldDoc, newDoc }) => {
  if (newDoc?.status === "paid" && oldDoc?.status !== "paid" && oldDoc?.status !== "refunded")
    await notifyPaymentConfirmed(ctx, newDoc._id);
});
// Nobody delivered and its backer chose to move it: they hear until when they may.
triggers.register("contributions", async (ctx, { oldDoc, newDoc }) => {
  if (newDoc?.outcome === "move_waiting" && oldDoc?.outcome !== "move_waiting")
    await notifyMoveWaiting(ctx, newDoc._id);
});
// An award was made: its creator hears that their video won.
triggers.register("awards", async (ctx, { operation, id }) => {
  if (operation === "insert") await notifyAwarded(ctx, id);
});
// Stripe says a refund succeeded or failed.
triggers.register("stripeRefunds", async (ctx, { oldDoc, newDoc }) => {
  if (newDoc !== null && newDoc.status !== oldDoc?.status) await notifyRefund(ctx, newDoc.refundId);
});
// A transfer reached the creator's payout account.
triggers.register("moneyMovements", async (ctx, { oldDoc, newDoc }) => {
  if (newDoc?.kind === "transfer" && newDoc.state === "confirmed" && oldDoc?.state !== "confirmed")
    await notifyTransferSent(ctx, newDoc._id);
});

// The boards, after the money's refresh: they read the buckets it left. Their own writes go to
// tables nobody watches, through the database that triggers nothing.
triggers.register("contributions", async (ctx, change) => {
  if (change.newDoc !== null && changesLedger("contributions", change))
    await refreshFunding({ ...ctx, db: ctx.innerDb }, change.id);
});
triggers.register("moneyMovements", async (ctx, change) => {
  const { oldDoc, newDoc } = change;
  const db = { ...ctx, db: ctx.innerDb };
  if (newDoc !== null && changesLedger("moneyMovements", change))
    await refreshFunding(db, newDoc.contributionId);
  if (newDoc?.state === "confirmed" && oldDoc?.state !== "confirmed")
    await recordCreatorPayment(db, newDoc, Date.now());
});
triggers.register("stripeRefunds", async (ctx, change) => {
  if (changesLedger("stripeRefunds", change))
    await refreshFundingOfPayments({ ...ctx, db: ctx.innerDb }, change);
});
triggers.register("stripeDisputes", async (ctx, change) => {
  if (changesLedger("stripeDisputes", change))
    await refreshFundingOfPayments({ ...ctx, db: ctx.innerDb }, change);
});

/** A refund or dispute names its payment: the payments it was and is about. */
async function refreshFundingOfPayments(
  ctx: MutationCtx,
  change: {
    oldDoc: { paymentIntentId: string } | null;
    newDoc: { paymentIntentId: string } | null;
  },
) {
  for (const intent of new Set([change.oldDoc?.paymentIntentId, change.newDoc?.paymentIntentId]))
    if (intent !== undefined) await refreshFundingOfPayment(ctx, intent);
}

type TableName = TableNamesInDataModel<DataModel>;
const watched = (table: TableName) => triggers.registered[table] !== undefined;

/**
 * The database of every mutation: writes to a watched table go through the triggers; any other
 * write goes straight to Convex's database (the triggers' writer would read the document
 * before and after every patch, whichever its table).
 */
export function dbWithTriggers(ctx: MutationCtx): MutationCtx["db"] {
  const db = ctx.db;
  const withTriggers = writerWithTriggers(ctx, db, triggers);
  type Write = (...args: unknown[]) => Promise<unknown>;
  const direct = db as unknown as Record<"patch" | "replace" | "delete", Write>;
  const triggered = withTriggers as unknown as Record<"patch" | "replace" | "delete", Write>;
  // `patch(table, id, value)` names its table; `patch(id, value)` (and `delete(id)`) lets the
  // triggers' writer find it.
  const route =
    (op: "patch" | "replace" | "delete", namedArgs: number): Write =>
    (...args) =>
      args.length === namedArgs && !watched(args[0] as TableName)
        ? direct[op]!.apply(db, args)
        : triggered[op]!(...args);
  return {
    ...withTriggers,
    patch: route("patch", 3),
    replace: route("replace", 3),
    delete: route("delete", 2),
  } as unknown as MutationCtx["db"];
}
