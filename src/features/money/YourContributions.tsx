// <YourContributions ideaId />: the idea page's "Your contributions" card, live
// (`api.contributions.myFates`): each of the signed-in person's contributions to the idea, with
// where its money is now. Renders nothing for a visitor or someone who has not contributed.
import { useId } from "react";
import { Link } from "react-router-dom";
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { formatLongDate, formatMoney } from "../../../convex/model/labels";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { FateList, type ContributionFates } from "./FateList";
import BackerOptions from "../moves/BackerOptions";
import contributionViewStyles from "../contribution/ContributionView.module.css";
import ledgerStyles from "./Ledger.module.css";

export const YOUR_CONTRIBUTIONS_TITLE = "Your contributions";

export default function YourContributions({ ideaId }: { ideaId: string }) {
  return (
    <QueryErrorBoundary fallback={null}>
      <YourContributionsLive ideaId={ideaId} />
    </QueryErrorBoundary>
  );
}

function YourContributionsLive({ ideaId }: { ideaId: string }) {
  const contributions = useQuery(api.contributions.myFates, { ideaId });
  if (!contributions) return null;
  return <YourContributionsCard contributions={contributions} />;
}

/** The card itself, for a list of the person's contributions (newest first). */
export function YourContributionsCard({
  contributions,
  headingLevel = 2,
}: {
  contributions: ContributionFates[];
  headingLevel?: 2 | 3;
}) {
  const titleId = useId();
  if (contributions.length === 0) return null;
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <section
      className={`card ${contributionViewStyles.yourContributions}`}
      aria-labelledby={titleId}
    >
      <Heading id={titleId} className={ledgerStyles.ledgerTitle}>
        {YOUR_CONTRIBUTIONS_TITLE}
      </Heading>
      <ul className={contributionViewStyles.yourContributionsList}>
        {contributions.map((c) => (
          <li
            key={c.contributionId}
            className={contributionViewStyles.yourContribution}
            data-testid="your-contribution"
          >
            <p className={contributionViewStyles.yourContributionHead}>
              <strong>{formatMoney(c.amountCents)}</strong> on{" "}
              <time dateTime={new Date(c.createdAt).toISOString()}>
                {formatLongDate(c.createdAt)}
              </time>
              {c.sessionId ? (
                <>
                  {" · "}
                  <Link
                    to={`/contribution/${encodeURIComponent(c.sessionId)}`}
                    aria-label={`Details of your ${formatMoney(c.amountCents)} contribution`}
                  >
                    Details
                  </Link>
                </>
              ) : null}
            </p>
            {c.movedFrom ? (
              <p className={contributionViewStyles.fateListEmpty}>
                Moved here from{" "}
                <Link to={`/expanded-proposal/${c.movedFrom.ideaId}`}>“{c.movedFrom.title}”</Link>{" "}
                on {formatLongDate(c.movedFrom.at)} — the same payment, no new charge.
              </p>
            ) : null}
            {c.parts.length > 0 ? (
              <FateList parts={c.parts} />
            ) : (
              <p className={contributionViewStyles.fateListEmpty}>
                Waiting for Stripe to confirm the payment.
              </p>
            )}
            {c.options ? <BackerOptions options={c.options} amountCents={heldOf(c)} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What a contribution still holds for its backer (what a refund or a move would be). */
function heldOf(c: ContributionFates): number {
  const held = c.parts
    .filter((p) => p.state === "counting" || p.state === "waiting_to_move")
    .reduce((sum, p) => sum + p.amountCents, 0);
  return held > 0 ? held : c.amountCents;
}
