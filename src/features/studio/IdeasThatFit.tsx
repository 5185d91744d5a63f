// The studio's "Ideas that fit you": open ideas on the platforms the creator makes videos for,
// in the lengths they make, newest first — and what they make, which they can change. A new
// idea that fits is announced in the app (the inbox), and by email for those who turn on "A
// new idea that fits you" in Settings → Notifications.
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useMutation, useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../../convex/_generated/api";
import { DURATION_TIERS } from "../../../convex/model/labels";
import {
  DURATIONS,
  VIDEO_PLATFORMS,
  type Duration,
  type VideoPlatform,
} from "../../../convex/model/validators";
import { convexErrorMessage } from "../../lib/errors";
import { expiryLabel, formatMoney } from "../../lib/format";
import { toast } from "../../lib/toast";
import { useNow } from "../../lib/useNow";
import { Loading, SkeletonRows } from "../../components/ui/Skeleton";
import { EmptyState } from "../../components/ui/EmptyState";
import { LengthChips } from "../ideas/IdeaStatus";
import styles from "./Studio.module.css";

type Fits = FunctionReturnType<typeof api.studio.fits>;

export const NO_FITS = "No open idea fits what you make right now. New ones will show here.";
export const FITS_SAVED = "Saved. Ideas that fit you follow what you make.";

export default function IdeasThatFit() {
  const fits = useQuery(api.studio.fits, {});
  const ideas = useQuery(api.studio.ideasForMe, {});
  const now = useNow();
  return (
    <section className={`card ${styles.studioSection}`} aria-labelledby="studio-fits-heading">
      <h2 id="studio-fits-heading" className={styles.studioSectionTitle}>
        Ideas that fit you
      </h2>
      {fits ? <FitsForm key={fits.platforms.join() + fits.durations.join()} fits={fits} /> : null}
      <p className="hint">
        We tell you in your inbox when a new idea fits; turn on its email in{" "}
        <Link to="/profile?tab=settings">Settings → Notifications</Link>.
      </p>
      {ideas === undefined ? (
        <Loading label="Loading ideas that fit you...">
          <SkeletonRows count={2} className={styles.studioSkeletonRow} />
        </Loading>
      ) : ideas.length === 0 ? (
        <EmptyState text={NO_FITS} />
      ) : (
        <ul className={styles.fitList} aria-label="Open ideas that fit you">
          {ideas.map((idea) => (
            <li key={idea._id} className={styles.fitItem} data-testid="idea-that-fits">
              <Link to={`/expanded-proposal/${idea._id}`} className={styles.fitTitle}>
                {idea.title}
              </Link>
              <p className={styles.fitMeta}>
                <span className="badge">{idea.platform}</span>
                <span>{formatMoney(idea.bountyCents)} bounty</span>
                <span>{expiryLabel(idea.expiration, now)}</span>
              </p>
              <LengthChips durations={idea.durations} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the creator makes: platforms (at least one) and lengths (none: any length). */
function FitsForm({ fits }: { fits: Fits }) {
  const save = useMutation(api.studio.saveMyFits);
  const [platforms, setPlatforms] = useState<VideoPlatform[]>(fits.platforms);
  const [durations, setDurations] = useState<Duration[]>(fits.durations);
  const [busy, setBusy] = useState(false);
  const dirty =
    platforms.join() !== fits.platforms.join() || durations.join() !== fits.durations.join();

  function toggle<T>(list: T[], value: T): T[] {
    return list.includes(value) ? list.filter((x) => x !== value) : [...list, value];
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await save({ platforms, durations });
      toast.success(FITS_SAVED);
    } catch (error) {
      toast.error("Couldn't save what you make", {
        description: convexErrorMessage(error) ?? undefined,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.fitsForm} onSubmit={(e) => void submit(e)}>
      <fieldset className={styles.fitsGroup}>
        <legend>I make videos for</legend>
        {VIDEO_PLATFORMS.map((p) => (
          <label key={p} className={styles.fitsOption}>
            <input
              type="checkbox"
              checked={platforms.includes(p)}
              onChange={() => setPlatforms(toggle(platforms, p))}
            />
            {p}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.fitsGroup}>
        <legend>In these lengths (none: any)</legend>
        {DURATIONS.map((d) => (
          <label key={d} className={styles.fitsOption}>
            <input
              type="checkbox"
              checked={durations.includes(d)}
              onChange={() => setDurations(toggle(durations, d))}
            />
            {DURATION_TIERS[d].label}
            <span className="muted"> ({DURATION_TIERS[d].text.split(",")[0]})</span>
          </label>
        ))}
      </fieldset>
      <button
        type="submit"
        className="btn btn-secondary btn-sm"
        disabled={busy || (!dirty && fits.saved) || platforms.length === 0}
      >
        {busy ? "Saving..." : "Save what I make"}
      </button>
    </form>
  );
}
