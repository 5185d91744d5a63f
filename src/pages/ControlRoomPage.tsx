// /expanded-proposal/:ideaId/manage — the poster's control room for one idea (issue 36; product
// rules "Running an idea"): live stats, the brief and links to edit, the deadline to extend once,
// a top-up, the backers, and an update to email them. Only the idea's poster sees it; everyone
// else is told it is not theirs (the server refuses them too).
import { Link } from "react-router-dom";
import { useConvexAuth, useQuery } from "convex/react";
import { api } from "../../convex/_generated/api";
import IdeaFromRoute, { LOAD_ERROR_MESSAGE, type Idea } from "../features/ideas/IdeaFromRoute";
import NotFound from "../components/NotFound";
import PageFallback from "../components/PageFallback";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useIdeaStatus } from "../features/ideas/IdeaStatus";
import ControlRoomStats from "../features/controlRoom/ControlRoomStats";
import EditIdeaForm from "../features/controlRoom/EditIdeaForm";
import ExtendDeadline from "../features/controlRoom/ExtendDeadline";
import PosterBackersList from "../features/controlRoom/PosterBackersList";
import EmailBackers from "../features/controlRoom/EmailBackers";
import FundButton from "../features/money/FundButton";
import styles from "../features/controlRoom/ControlRoom.module.css";

export const CONTROL_ROOM_TITLE = "Control room";
export const NOT_YOURS = "Only the idea's poster can manage it.";
export const TOP_UP_LABEL = "Top up the bounty";

export default function ControlRoomPage() {
  return (
    <IdeaFromRoute
      className={`container page ${styles.controlRoomPage}`}
      skeleton={<PageFallback />}
      notFound={
        <NotFound title={LOAD_ERROR_MESSAGE} actions={[{ to: "/profile", label: "Your ideas" }]}>
          This idea may have been removed, or the link may be incomplete.
        </NotFound>
      }
    >
      {(idea) => <ControlRoomGate idea={idea} />}
    </IdeaFromRoute>
  );
}

function ControlRoomGate({ idea }: { idea: Idea }) {
  useDocumentTitle(`${CONTROL_ROOM_TITLE}: ${idea.title}`);
  const { isAuthenticated, isLoading } = useConvexAuth();
  if (isLoading) return <PageFallback />;
  if (!isAuthenticated)
    return (
      <NotFound
        title="Please sign in to manage your idea."
        actions={[{ to: "/login", label: "Sign in" }]}
      >
        The control room is for the idea's poster.
      </NotFound>
    );
  return <ControlRoom idea={idea} />;
}

function ControlRoom({ idea }: { idea: Idea }) {
  const overview = useQuery(api.controlRoom.overview, { ideaId: idea._id });
  const status = useIdeaStatus(idea);
  if (overview === undefined) return <PageFallback />;
  if (overview === null)
    return (
      <NotFound
        title={NOT_YOURS}
        actions={[{ to: `/expanded-proposal/${idea._id}`, label: "Back to the idea" }]}
      >
        Only the person who posted “{idea.title}” can edit it, extend it or write to its backers.
      </NotFound>
    );
  const open = status.stage === "open";
  return (
    <article className={styles.controlRoom} aria-labelledby="control-room-title">
      <nav aria-label="Breadcrumb" className={styles.controlRoomBack}>
        <Link to={`/expanded-proposal/${idea._id}`}>
          <span aria-hidden="true">←</span> Back to the idea
        </Link>
      </nav>
      <header className={styles.controlRoomHeader}>
        <p className="eyebrow">{CONTROL_ROOM_TITLE}</p>
        <h1 id="control-room-title" className={styles.controlRoomTitle}>
          {idea.title}
        </h1>
        <p className={styles.controlRoomStatus}>
          <span className={open ? "badge badge-success" : "badge"}>{status.badge}</span>{" "}
          {open ? status.expiry : null}
        </p>
      </header>

      <ControlRoomStats stats={overview.stats} />

      <div className={styles.controlRoomGrid}>
        <div className={styles.controlRoomMain}>
          <EditIdeaForm idea={idea} open={open} coreFixed={overview.coreFixed} />
          <EmailBackers
            ideaId={idea._id}
            backers={overview.stats.backers}
            lastEmailAt={overview.lastBackerEmailAt}
          />
          <PosterBackersList ideaId={idea._id} />
        </div>
        <aside className={styles.controlRoomAside} aria-label="Deadline and bounty">
          <ExtendDeadline idea={idea} open={open} extension={overview.extension} />
          <section className={`card ${styles.controlRoomCard}`} aria-labelledby="top-up-title">
            <h2 id="top-up-title" className={styles.controlRoomCardTitle}>
              {TOP_UP_LABEL}
            </h2>
            {open ? (
              <>
                <p className={styles.controlRoomHint}>
                  Your own contribution, like any backer's: it goes to the winning video — never to
                  a video of yours — or back to your card.
                </p>
                <FundButton ideaId={idea._id} expired={!open} label={TOP_UP_LABEL} />
              </>
            ) : (
              <p className={styles.controlRoomHint}>The idea is closed: it takes no more money.</p>
            )}
          </section>
        </aside>
      </div>
    </article>
  );
}
