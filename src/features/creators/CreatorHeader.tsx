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

export type CreatorProfile = NonNullable<FunctionReturnType<typeof api.creators.profile>>;

export const TOTALS_HIDDEN = "This creator keeps their earnings private.";

/** "40%", or "No judged videos yet". */
export function winRateText(rate: number | null): string {
  return rate === null ? "No judged videos yet" : `${Math.round(rate * 100)}%`;
}

// Each text is one text node, as index.html's first paint writes it: a sentence split into
// several paints a few pixels larger, and the browser counts the page's largest paint again.
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
    <header className={"card creator-header"} aria-labelledby="creator-name">
      <Avatar name={name} url={profile.avatarUrl} size={88} className="creator-header__avatar" />
      <div className="creator-header__text">
        <p className="eyebrow">Creator</p>
        <div className="creator-header__name-row">
          <h1 id="creator-name" className="creator-header__name">
            {name}
          </h1>
          {actions ? <div className="creator-header__actions">{actions}</div> : null}
        </div>
        {profile.channelName && profile.channelName !== profile.displayName ? (
          <p className="creator-header__since">{`${profile.displayName} on Bounties`}</p>
        ) : null}
        <p className="creator-header__since">
          {`On Bounties since ${formatLongDate(profile.memberSince)}`}
        </p>
        {profile.bio ? <p className="creator-header__bio">{profile.bio}</p> : null}
        {profile.channels.length > 0 ? (
          <ul className="creator-channels" aria-label="Connected channels">
            {profile.channels.map((c) => (
              <li key={c.platform}>
                <span className={`badge platform-badge--${c.platform}`}>{c.platform}</span>{" "}
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
      <dl className="creator-totals" aria-label="Record">
        <div className="creator-totals__item">
          <dt>Wins</dt>
          <dd>{record.wonVideos}</dd>
        </div>
        <div className="creator-totals__item">
          <dt>Total earned</dt>
          {profile.totals ? (
            <dd>{formatMoney(profile.totals.paidCents)}</dd>
          ) : (
            <dd className="creator-totals__hidden">{TOTALS_HIDDEN}</dd>
          )}
        </div>
        <div className="creator-totals__item">
          <dt>Win rate</dt>
          <dd className={record.winRate === null ? "creator-totals__hidden" : undefined}>
            {winRateText(record.winRate)}
          </dd>
          {record.judgedVideos > 0 ? (
            <dd className="creator-totals__rate-base">
              {`${record.wonVideos} of ${record.judgedVideos} judged ${record.judgedVideos === 1 ? "video" : "videos"}`}
            </dd>
          ) : null}
        </div>
      </dl>
    </header>
  );
}
