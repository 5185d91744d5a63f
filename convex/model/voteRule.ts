// Which votes decide money (product rules "Votes"), in words the web app and the README show.
// The rule itself is applied in model/settlement.ts (voteQualifies).

/** An account younger than this when judging ends, made after the idea, does not count. */
export const QUALIFYING_ACCOUNT_AGE_DAYS = 7;

export const VOTE_RULE_TEXTS = {
  allVotes: "All votes",
  countedVotes: "Counted votes",
  question: "Which votes count?",
  rule: `The people's choice counts only votes from accounts that existed before the idea was posted, or that are at least ${QUALIFYING_ACCOUNT_AGE_DAYS} days old when judging ends (7 days after the idea's deadline). Every vote shows in the total; only counted votes decide who wins the money. One vote per person, and nobody votes on their own video.`,
} as const;
