import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { VOTE_RULE_TEXTS } from "../../../convex/model/voteRule";
import styles from "./VoteBreakdown.module.css";

/**
 * A submission's votes: all of them and those that decide money (product rules "Votes"), with
 * the rule one click away. Its query reads no identity, so every viewer shares one result.
 */
export default function VoteBreakdown({ submissionId }: { submissionId: string }) {
  const breakdown = useQuery(api.submissions.voteBreakdown, { submissionId });
  if (!breakdown) return null;
  return (
    <details className={styles.voteBreakdown} data-testid="vote-breakdown">
      <summary>
        <span>
          {VOTE_RULE_TEXTS.allVotes}: <strong>{breakdown.allVotes}</strong>
        </span>
        <span aria-hidden="true"> · </span>
        <span>
          {VOTE_RULE_TEXTS.countedVotes}: <strong>{breakdown.countedVotes}</strong>
        </span>
        <span aria-hidden="true"> — </span>
        <span className={styles.voteBreakdownQuestion}>{VOTE_RULE_TEXTS.question}</span>
      </summary>
      <p className={styles.voteBreakdownRule}>{VOTE_RULE_TEXTS.rule}</p>
    </details>
  );
}
