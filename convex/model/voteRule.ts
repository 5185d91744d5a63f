// Which votes decide money (product rules "Votes"), in words the web app and the README show.
// The rule itself is model/money/rules.ts voteQualifies.
import { QUALIFYING_ACCOUNT_AGE_DAYS } from "./money/rules";

export const VOTE_RULE_TEXTS = {
  allVotes: "All votes",
  countedVotes: "Counted votes",
  question: "Which votes count?",
  rule: `The people's choice counts only votes from accounts that existed before the idea was posted and were at least ${QUALIFYING_ACCOUNT_AGE_DAYS} days old when the vote was cast. Every vote shows in the total; only counted votes decide who wins the money. Votes on videos close when judging ends. One vote per person, and nobody votes on their own video.`,
} as const;
