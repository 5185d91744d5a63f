// Derived money, kept up to date in one place. Each table the ledger reads has a trigger here
// (registered once, in model/triggers.ts, and run by every mutation's database: functions.ts):
// after a write that changes what the ledger is computed from, the contribution's buckets,
// held reason and status, its ledger lines, its idea's totals and the platform's counters are
// refreshed before the write returns. No flow calls the refresh, so none can forget it.
//
// Recursion: the refresh writes through `innerDb` (contributions' derived fields, ledger lines,
// the idea's totals, counters), so its own writes run no trigger; and each trigger first checks
// that a field the ledger reads changed, so a write of anything else (a lease, a recheck time,
// a notice's date) costs nothing more.
import type { Change } from "convex-helpers/server/triggers";
import type { DataModel, Doc, Id } from "../../_generated/dataModel";
import type { MutationCtx } from "../../_generated/server";
import { refreshAwardLine, refreshMoney } from "./ledger";

type MoneyTable =
  "contributions" | "moneyMovements" | "stripeRefunds" | "stripeDisputes" | "awards";
type TriggerCtx = MutationCtx & { innerDb: MutationCtx["db"] };
export type MoneyTrigger<T extends MoneyTable> = (
  ctx: TriggerCtx,
  change: Change<DataModel, T>,
) => Promise<void>;

/** The fields of each table that the derived money is computed from (ledger.ts placeOf). */
export const LEDGER_INPUTS = {
  contributions: [
    "collectedCents",
    "paymentIntentId",
    "currency",
    "settled",
    // Why held money is held and until when (waiting to move, and for how long; an extension).
    "outcome",
    "moveBy",
    "movedToId",
    "placedForExpiration",
  ],
  moneyMovements: ["kind", "state", "amountCents", "settledAt"],
  stripeRefunds: [
    "paymentIntentId",
    "amountCents",
    "status",
    "createdAt",
    "failedAt",
    "movementId",
    "contributionId",
  ],
  stripeDisputes: ["paymentIntentId", "amountCents", "status", "contributionId"],
  awards: ["contributionId", "status", "amountCents", "passedBecause"],
} as const satisfies { [T in MoneyTable]: readonly (keyof Doc<T>)[] };

/** Whether a write changed what the ledger reads (a new or deleted row always does). */
export function changesLedger<T extends MoneyTable>(table: T, change: Change<DataModel, T>) {
  if (change.oldDoc === null || change.newDoc === null) return true;
  const before = change.oldDoc as Record<string, unknown>;
  const after = change.newDoc as Record<string, unknown>;
  return LEDGER_INPUTS[table].some((field) => before[field] !== after[field]);
}

/** The refresh, run with the database that triggers nothing. */
async function refresh(ctx: TriggerCtx, contributionId: Id<"contributions">) {
  await refreshMoney({ ...ctx, db: ctx.innerDb }, contributionId);
}

/** Every contribution paid by a payment (normally one). */
async function refreshPayment(ctx: TriggerCtx, paymentIntentId: string) {
  const paidBy = await ctx.innerDb
    .query("contributions")
    .withIndex("by_payment_intent", (q) => q.eq("paymentIntentId", paymentIntentId))
    .take(10);
  for (const c of paidBy) await refresh(ctx, c._id);
}

export const onContribution: MoneyTrigger<"contributions"> = async (ctx, change) => {
  // A checkout just started holds no money yet: nothing to place.
  if (change.operation === "insert" && change.newDoc.collectedCents === undefined) return;
  if (change.newDoc === null || !changesLedger("contributions", change)) return;
  await refresh(ctx, change.id);
};

export const onMovement: MoneyTrigger<"moneyMovements"> = async (ctx, change) => {
  const m = change.newDoc ?? change.oldDoc;
  if (changesLedger("moneyMovements", change)) await refresh(ctx, m.contributionId);
};

export const onRefund: MoneyTrigger<"stripeRefunds"> = async (ctx, change) => {
  if (!changesLedger("stripeRefunds", change)) return;
  for (const refund of new Set([change.oldDoc?.paymentIntentId, change.newDoc?.paymentIntentId]))
    if (refund !== undefined) await refreshPayment(ctx, refund);
};

export const onDispute: MoneyTrigger<"stripeDisputes"> = async (ctx, change) => {
  if (!changesLedger("stripeDisputes", change)) return;
  for (const dispute of new Set([change.oldDoc?.paymentIntentId, change.newDoc?.paymentIntentId]))
    if (dispute !== undefined) await refreshPayment(ctx, dispute);
};

export const onAward: MoneyTrigger<"awards"> = async (ctx, change) => {
  if (!changesLedger("awards", change)) return;
  await refreshAwardLine({ ...ctx, db: ctx.innerDb }, change.oldDoc, change.newDoc);
  // Who holds the money decides why it is held (waiting for the creator, being paid…).
  await refresh(ctx, (change.newDoc ?? change.oldDoc).contributionId);
};

/** The money tables' triggers, for model/triggers.ts to register (in this order). */
export const MONEY_TRIGGERS = {
  contributions: onContribution,
  moneyMovements: onMovement,
  stripeRefunds: onRefund,
  stripeDisputes: onDispute,
  awards: onAward,
} satisfies { [T in MoneyTable]: MoneyTrigger<T> };
