// Voting rules (spec §4, product rules): one vote per person per item; the same direction
// again clears it; the stored net count moves by new − old in the same transaction.
import type { VoteValue } from "./validators";

/** The vote after clicking `clicked` on an item currently voted `current`. */
export function toggleVote(current: VoteValue, clicked: 1 | -1): VoteValue {
  return current === clicked ? 0 : clicked;
}

/** How much the item's net count changes when a vote goes from `previous` to `next`. */
export function voteDelta(previous: VoteValue, next: VoteValue): number {
  return next - previous;
}
