// The creator page's header, like a channel's: the channel's picture and name from the platform
// (else the person's), their name on Bounties, the bio they wrote, their channels, and their
// record — wins, total earned (unless hidden), win rate. `actions` sits beside the name: the
// poster's "Invite to my idea" today; a Follow or Report button is one more element there.
import type { ReactNode } from "react";
import type { FunctionReturnType } from "convex/server";
import { ExternalLink } from "lucide-react";
import type { api } from "../../../convex/_generated/api";
import Avatar from "../../components/Avatar";
import { formatLongDate, formatMoney } from "../../lib/format";
import { moduleClass } from "../../lib/moduleClass";
import pageStyles from "../../pages/CreatorPage.module.css";
import submissionCardStyles from "./SubmissionCard.module.css";
import styles from "./CreatorHeader.module.css";

export type CreatorProfile = NonNullable<FunctionReturnType<typeof api.creators.profile>>;

export const TOTALS_HIDDEN = "This creator keeps their earnings private.";

/** "40%", or "No judged videos yet". */
export function winRateText(rate: number | null): string {
  return rate === null ? "No judged videos yet" : `${Math.round(rate * 100)}%`;
}

export default function CreatorHeader({
  profile,
  actions,
}: {
  profile: CreatorProfile;
  actions?: ReactNode;
}) {
  const name = profile.channelName ?? profile.displayName;
  const { record } = profile;
  return (
    <header className={`card ${pageStyles.creatorHeader}`} aria-labelledby="creator-name">
      <Avatar
        name={name}
        url={profile.avatarUrl}
        size={88}
        className={pageStyles.creatorHeaderAvatar}
      />
      <div className={pageStyles.creatorHeaderText}>
        <p className="eyebrow">Creator</p>
        <div className={styles.nameRow}>
          <h1 id="creator-name" className={pageStyles.creatorHeaderName}>
            {name}
          </h1>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
        {profile.channelName && profile.channelName !== profile.displayName ? (
          <p className={pageStyles.creatorHeaderSince}>{profile.displayName} on Bounties</p>
        ) : null}
        <p className={pageStyles.creatorHeaderSince}>
          On Bounties since {formatLongDate(profile.memberSince)}
        </p>
        {profile.bio ? <p className={styles.bio}>{profile.bio}</p> : null}
        {profile.channels.length > 0 ? (
          <ul className={pageStyles.creatorChannels} aria-label="Connected channels">
            {profile.channels.map((c) => (
              <li key={c.platform}>
                <span
                  className={`badge ${moduleClass(submissionCardStyles, `platform-badge--${c.platform}`)}`}
                >
                  {c.platform}
                </span>{" "}
                {c.url ? (
                  <a href={c.url} target="_blank" rel="noopener noreferrer">
                    {c.name}
                    <ExternalLink size={12} aria-hidden="true" />
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : (
                  c.name
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted creator-channels--none">No channel connected.</p>
        )}
      </div>
      <dl className={pageStyles.creatorTotals} aria-label="Record">
        <div className={pageStyles.creatorTotalsItem}>
          <dt>Wins</dt>
          <dd>{record.wonVideos}</dd>
        </div>
        <div className={pageStyles.creatorTotalsItem}>
          <dt>Total earned</dt>
          {profile.totals ? (
            <dd>{formatMoney(profile.totals.paidCents)}</dd>
          ) : (
            <dd className={pageStyles.creatorTotalsHidden}>{TOTALS_HIDDEN}</dd>
          )}
        </div>
        <div className={pageStyles.creatorTotalsItem}>
          <dt>Win rate</dt>
          <dd className={record.winRate === null ? pageStyles.creatorTotalsHidden : undefined}>
            {winRateText(record.winRate)}
          </dd>
          {record.judgedVideos > 0 ? (
            <dd className={styles.rateBase}>
              {record.wonVideos} of {record.judgedVideos} judged{" "}
              {record.judgedVideos === 1 ? "video" : "videos"}
            </dd>
          ) : null}
        </div>
      </dl>
    </header>
  );
}
