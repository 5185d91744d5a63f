// One idea in each state the screens must agree on (issue 28), as the card fields every surface
// reads: open, judging, judging with no video that can win, awarded waiting for the winner's
// payout account, awarded with money frozen or on hold, awarded and paid, refunding, refunded.
// Dates at noon UTC, so every time zone the tests run in reads the same day.
import type { IdeaEnding } from "../../convex/model/ideaOutcome";

const DAY = 24 * 3600 * 1000;
/** The end of judging of the closed states: December 3, 2026. */
export const JUDGING_ENDS = Date.UTC(2026, 11, 3, 12);
const DEADLINE = JUDGING_ENDS - 7 * DAY;

export interface IdeaStateFixture {
  name: string;
  status: "open" | "judging" | "settled";
  expiration: number;
  bountyCents: number;
  backerCount: number;
  ending: IdeaEnding;
  /** What every surface must say. */
  says: { expiry: string; now: string | null; amount: string; note: string | null };
}

export function ideaStates(now = Date.now()): IdeaStateFixture[] {
  return [
    {
      name: "open",
      status: "open",
      expiration: now + 3 * DAY - 3600_000,
      bountyCents: 25_000,
      backerCount: 4,
      ending: { kind: "open" },
      says: { expiry: "3 days left", now: null, amount: "$250.00 · 4 backers", note: null },
    },
    {
      name: "judging",
      status: "judging",
      expiration: DEADLINE,
      bountyCents: 25_000,
      backerCount: 4,
      ending: { kind: "judging", until: JUDGING_ENDS, canWin: true, heldCents: 25_000 },
      says: {
        expiry: "Completed",
        now: "Judging until December 3, 2026",
        amount: "$250.00",
        note: "Winner to be announced December 3, 2026",
      },
    },
    {
      name: "judging with no video that can win",
      status: "judging",
      expiration: DEADLINE,
      bountyCents: 25_000,
      backerCount: 4,
      ending: { kind: "judging", until: JUDGING_ENDS, canWin: false, heldCents: 25_000 },
      says: {
        expiry: "Completed",
        now: "Refunding",
        amount: "$250.00",
        note: "No eligible video arrived",
      },
    },
    {
      name: "awarded, waiting for payouts",
      status: "settled",
      expiration: DEADLINE,
      bountyCents: 0,
      backerCount: 4,
      ending: {
        kind: "awarded",
        awardedCents: 25_000,
        paidOutCents: 0,
        waiting: { creatorName: "Lena", until: JUDGING_ENDS + 30 * DAY },
      },
      says: {
        expiry: "Completed",
        now: "Awarded",
        amount: "$250.00",
        note: "Waiting for Lena to set up payouts (until January 2, 2027)",
      },
    },
    {
      // Money that cannot move is never "waiting" or "being paid" (issue 26).
      name: "awarded, part frozen by a card dispute",
      status: "settled",
      expiration: DEADLINE,
      bountyCents: 0,
      backerCount: 4,
      ending: { kind: "awarded", awardedCents: 25_000, paidOutCents: 20_000, frozenCents: 5_000 },
      says: {
        expiry: "Completed",
        now: "Awarded",
        amount: "$250.00",
        note: "$50.00 frozen by a card dispute",
      },
    },
    {
      name: "awarded, a payment on hold",
      status: "settled",
      expiration: DEADLINE,
      bountyCents: 0,
      backerCount: 4,
      ending: { kind: "awarded", awardedCents: 25_000, paidOutCents: 0, onHoldCents: 25_000 },
      says: {
        expiry: "Completed",
        now: "Awarded",
        amount: "$250.00",
        note: "$250.00 held: a payment could not be made; our team is on it",
      },
    },
    {
      name: "awarded and paid",
      status: "settled",
      expiration: DEADLINE,
      bountyCents: 0,
      backerCount: 4,
      ending: { kind: "awarded", awardedCents: 25_000, paidOutCents: 25_000 },
      says: { expiry: "Completed", now: "Awarded", amount: "$250.00", note: "Paid out" },
    },
    {
      name: "refunding",
      status: "settled",
      expiration: DEADLINE,
      bountyCents: 0,
      backerCount: 4,
      ending: { kind: "refunded", refundedCents: 5_000, pendingCents: 20_000 },
      says: {
        expiry: "Completed",
        now: "Refunding",
        amount: "$250.00",
        note: "No eligible video arrived",
      },
    },
    {
      name: "refunded",
      status: "settled",
      expiration: DEADLINE,
      bountyCents: 0,
      backerCount: 4,
      ending: { kind: "refunded", refundedCents: 25_000, pendingCents: 0 },
      says: {
        expiry: "Completed",
        now: "Refunded",
        amount: "$250.00",
        note: "No eligible video arrived",
      },
    },
  ];
}
