// <WinnerCard ideaId videoTitle />: an awarded idea's winner card (its own share page and image,
// convex/model/winnerCard.ts) on the idea page: the picture as unfurlers show it, and the ways to
// share it. Nothing when the app does not know where share pages live.
import { useState } from "react";
import { winnerCardLinksFor } from "../../lib/shareLink";
import ShareButtons from "./ShareButtons";
import styles from "./WinnerCard.module.css";

export default function WinnerCard({ ideaId, videoTitle }: { ideaId: string; videoTitle: string }) {
  const links = winnerCardLinksFor(ideaId);
  // A picture the page may not load (another origin's policy): the buttons stay.
  const [pictureFailed, setPictureFailed] = useState(false);
  if (links === null) return null;
  return (
    <div className={styles.winnerCard} data-testid="winner-card">
      <p className={styles.winnerCardHeading}>The winner card</p>
      {pictureFailed ? null : (
        <a href={links.page} target="_blank" rel="noopener noreferrer">
          <img
            className={styles.winnerCardImage}
            src={links.image}
            width={600}
            height={315}
            loading="lazy"
            alt={`The winner card: “${videoTitle}”`}
            onError={() => setPictureFailed(true)}
          />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
      <ShareButtons
        ideaId={ideaId}
        title={`“${videoTitle}” won`}
        url={links.page}
        asking={false}
        label="Share the winner card"
      />
    </div>
  );
}
