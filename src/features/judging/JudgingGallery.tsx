// <JudgingGallery ideaId />: while an idea is judged, the videos that can win side by side, each
// with its player, its counted votes and "Finalist" when the poster marked it — and, for the
// people who may act: the pick (a backer who chose to pick), the finalist switch (the poster,
// at most 5), and the rating with private feedback (the poster and the backers). Live: a pick,
// a vote or a finalist anywhere shows at once. The date picks close is said once, above
// (PickStatus), never on each video.
import { Link } from "react-router-dom";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { Award, Check } from "lucide-react";
import clsx from "clsx";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { MAX_FINALISTS } from "../../../convex/model/ratingRules";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { convexErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import { useCurrentUser } from "../../lib/session";
import { useNow } from "../../lib/useNow";
import VideoPreview from "../creators/VideoPreview";
import { usePickWinner } from "./usePickWinner";
import VideoRating from "./VideoRating";
import styles from "./JudgingGallery.module.css";

type Choice = FunctionReturnType<typeof api.judging.pickChoices>[number];
type Role = FunctionReturnType<typeof api.judging.myRole>;

export const FINALIST = "Finalist";
export const FINALIST_FAILED = "Couldn't change the finalists";

const votes = (n: number) => `${n} counted ${n === 1 ? "vote" : "votes"}`;

export default function JudgingGallery({ ideaId }: { ideaId: Id<"proposals"> }) {
  return (
    <QueryErrorBoundary fallback={null}>
      <Gallery ideaId={ideaId} />
    </QueryErrorBoundary>
  );
}

function Gallery({ ideaId }: { ideaId: Id<"proposals"> }) {
  const outcome = useQuery(api.ideas.outcome, { ideaId });
  const judging = outcome?.kind === "judging" && outcome.leader !== null;
  const choices = useQuery(api.judging.pickChoices, judging ? { ideaId } : "skip");
  const role = useQuery(api.judging.myRole, judging ? { ideaId } : "skip");
  const stake = useQuery(api.contributions.myStake, judging ? { ideaId } : "skip");
  const { user } = useCurrentUser();
  const now = useNow();
  const { saving, pick } = usePickWinner();
  if (!judging || choices === undefined || choices.length === 0) return null;
  const canPick = stake?.canPick === true && now <= stake.pickDeadline;
  const finalists = choices.filter((c) => c.finalist).length;

  return (
    <section
      className={`card ${styles.gallery}`}
      aria-labelledby="judging-gallery-heading"
      data-testid="judging-gallery"
    >
      <div className={styles.galleryHeader}>
        <h2 id="judging-gallery-heading" className={styles.galleryTitle}>
          Judging gallery
        </h2>
        <p className={styles.galleryLead}>
          The {choices.length === 1 ? "video" : `${choices.length} videos`} that can win, side by
          side. Counted votes decide the money of backers who did not pick.
          {role?.isPoster
            ? ` You can mark up to ${MAX_FINALISTS} finalists (${finalists} marked).`
            : ""}
        </p>
      </div>
      <ul className={styles.galleryGrid}>
        {choices.map((choice) => (
          <GalleryItem
            key={choice._id}
            choice={choice}
            role={role}
            own={user?._id === choice.authorId}
            pickState={
              !canPick
                ? "none"
                : stake?.pickedSubmissionId === choice._id
                  ? "picked"
                  : user?._id === choice.authorId
                    ? "none"
                    : "pickable"
            }
            saving={saving === choice._id}
            busy={saving !== null}
            onPick={() => void pick(choice._id)}
            finalistsFull={finalists >= MAX_FINALISTS}
          />
        ))}
      </ul>
    </section>
  );
}

function GalleryItem({
  choice,
  role,
  own,
  pickState,
  saving,
  busy,
  onPick,
  finalistsFull,
}: {
  choice: Choice;
  role: Role | undefined;
  own: boolean;
  pickState: "none" | "pickable" | "picked";
  saving: boolean;
  busy: boolean;
  onPick: () => void;
  finalistsFull: boolean;
}) {
  const titleId = `gallery-${choice._id}`;
  const mine = role?.ratings.find((r) => r.submissionId === choice._id) ?? null;
  return (
    <li
      className={clsx(styles.galleryItem, choice.finalist && styles.isFinalist)}
      aria-labelledby={titleId}
      data-testid="gallery-video"
    >
      <VideoPreview
        platform={choice.platform}
        url={choice.url}
        title={choice.title}
        thumbnailUrl={choice.thumbnailUrl}
        durationSeconds={choice.durationSeconds}
        className={
          choice.platform === "TikTok" ? styles.galleryPlayerPortrait : styles.galleryPlayer
        }
      />
      <div className={styles.galleryText}>
        {choice.finalist ? (
          <span className={styles.finalistBadge}>
            <Award size={14} aria-hidden="true" /> {FINALIST}
          </span>
        ) : null}
        <h3 id={titleId} className={styles.galleryVideoTitle}>
          {choice.title}
        </h3>
        <p className={styles.galleryMeta}>
          by <Link to={`/creators/${choice.authorId}`}>{choice.creatorName}</Link> ·{" "}
          <strong>{votes(choice.countedVotes)}</strong>
        </p>
      </div>
      <div className={styles.galleryActions}>
        {pickState === "picked" ? (
          <p className={styles.galleryPicked}>
            <Check size={16} aria-hidden="true" /> Your pick
            <span className="visually-hidden">: {choice.title}</span>
          </p>
        ) : pickState === "pickable" ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy}
            aria-busy={saving || undefined}
            onClick={onPick}
          >
            {saving ? "Saving..." : "Pick this video"}
            <span className="visually-hidden">: {choice.title}</span>
          </button>
        ) : null}
        {role?.isPoster ? (
          <FinalistSwitch choice={choice} full={finalistsFull && !choice.finalist} />
        ) : null}
      </div>
      {role?.raterRole && !own ? (
        <VideoRating submissionId={choice._id} title={choice.title} mine={mine} />
      ) : null}
    </li>
  );
}

/** The poster's finalist switch on one video (at most 5 are marked). */
function FinalistSwitch({ choice, full }: { choice: Choice; full: boolean }) {
  const setFinalist = useMutation(api.judging.setFinalist);
  async function toggle() {
    try {
      await setFinalist({ submissionId: choice._id, finalist: !choice.finalist });
    } catch (error) {
      toast.error(FINALIST_FAILED, { description: convexErrorMessage(error) ?? undefined });
    }
  }
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      aria-pressed={choice.finalist}
      disabled={full}
      title={full ? `You marked ${MAX_FINALISTS} finalists already.` : undefined}
      onClick={() => void toggle()}
    >
      {choice.finalist ? "Finalist ✓" : "Mark as finalist"}
      <span className="visually-hidden">: {choice.title}</span>
    </button>
  );
}
