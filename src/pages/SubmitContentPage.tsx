import { Link } from "react-router-dom";
import NotFound from "../components/NotFound";
import { VIDEO_LINK_MESSAGES } from "../../convex/model/videoLinks";
import IdeaFromRoute, { type Idea } from "../features/ideas/IdeaFromRoute";
import VideoLinkForm from "../features/creators/VideoLinkForm";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useNow } from "../lib/useNow";
import { Loading, Skeleton } from "../components/ui/Skeleton";

export {
  PAYMENT_SETTINGS_PATH,
  lengthsText,
  requiredPlatformText,
} from "../features/creators/submitVideoTexts";
import styles from "./SubmitContentPage.module.css";

/** /submit-content/:ideaId: submit a link to one's video for an idea. */
export default function SubmitContentPage() {
  return (
    <IdeaFromRoute
      className="container container-narrow page submit-content"
      skeleton={<SubmitSkeleton />}
      notFound={<IdeaNotFound />}
    >
      {(idea) => <SubmitContent idea={idea} />}
    </IdeaFromRoute>
  );
}

function SubmitContent({ idea }: { idea: Idea }) {
  const now = useNow();
  useDocumentTitle(`Submit your video: ${idea.title}`);
  const closed = idea.status !== "open" || idea.expiration <= now;
  return (
    <>
      <nav className="submit-content__back" aria-label="Breadcrumb">
        <Link to={`/expanded-proposal/${idea._id}`}>
          <span aria-hidden="true">←</span> Back to the idea
        </Link>
      </nav>
      <header className="page-header submit-content__header">
        <span className="eyebrow">Submit your video</span>
        <h1 className="submit-content__title">
          <Link to={`/expanded-proposal/${idea._id}`}>{idea.title}</Link>
        </h1>
      </header>
      {closed ? <ClosedCard idea={idea} /> : <VideoLinkForm idea={idea} now={now} />}
    </>
  );
}

function ClosedCard({ idea }: { idea: Idea }) {
  return (
    <section className={`card ${styles.submitContentClosed}`} aria-live="polite">
      <p className={styles.submitContentClosedText}>{VIDEO_LINK_MESSAGES.closed}</p>
      <div className={styles.submitContentClosedActions}>
        <Link to={`/expanded-proposal/${idea._id}`} className="btn btn-secondary">
          See the submissions
        </Link>
        <Link to="/ideas" className="btn btn-primary">
          Find an open bounty
        </Link>
      </div>
    </section>
  );
}

function SubmitSkeleton() {
  return (
    <Loading label="Loading the idea...">
      <Skeleton className={styles.submitContentSkeletonTitle} />
      <Skeleton className={styles.submitContentSkeletonCard} />
    </Loading>
  );
}

function IdeaNotFound() {
  useDocumentTitle("Idea not found");
  return (
    <NotFound title="This idea does not exist.">
      It may have been removed, or the link may be incomplete. Pick an open bounty to submit your
      video to.
    </NotFound>
  );
}
