// "Your idea is live": shown on the idea page right after its author posts it (SubmitIdeaPage
// navigates here with `justPosted` in the history state), with the share buttons, because the
// first backers usually come from the author's own friends.
import { useLocation } from "react-router-dom";
import ShareButtons from "./ShareButtons";
import styles from "./IdeaLiveNotice.module.css";

export interface JustPostedState {
  justPosted?: boolean;
}

export default function IdeaLiveNotice({ ideaId, title }: { ideaId: string; title: string }) {
  const location = useLocation();
  const state = location.state as JustPostedState | null;
  if (!state?.justPosted) return null;
  return (
    <section className={`card ${styles.shareLive} alert-success`} aria-labelledby="idea-live-title">
      <h2 id="idea-live-title" className={styles.shareLiveTitle}>
        Your idea is live!
      </h2>
      <p className={styles.shareLiveText}>
        Share it so friends can add to the bounty and creators can find it.
      </p>
      <ShareButtons ideaId={ideaId} title={title} />
    </section>
  );
}
