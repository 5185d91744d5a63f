import "../styles/submit.css";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { useConvexAuth, useMutation } from "convex/react";
import { toast } from "sonner";
import { api } from "../../convex/_generated/api";
// The content filter comes with validateIdea: the page pre-checks with the server's own rules.
import { MESSAGES, validateIdea } from "../../convex/model/ideas";
import {
  DEFAULT_DEADLINE_DAYS,
  LINK_MAX_LENGTH,
  MAX_DEADLINE_DAYS,
  MAX_LINKS,
  TITLE_MAX_LENGTH,
} from "../../convex/model/ideaText";
import { DAY_MS, DURATION_TIERS } from "../../convex/model/labels";
import {
  deadlineHint,
  durationLine,
  formatLongDate,
  formatMoney,
  platformLine,
} from "../lib/format";
import {
  DURATIONS,
  IDEA_PLATFORMS,
  type Duration,
  type IdeaPlatform,
} from "../../convex/model/validators";
import SupportingLinksField from "../components/submit/SupportingLinksField";
import { convexErrorMessage } from "../lib/errors";
import { clearIdeaDraft, readIdeaDraft, saveIdeaDraft, type IdeaDraft } from "../lib/ideaDraft";
import { fromLocalDateTimeValue, toLocalDateTimeValue } from "../lib/localDateTime";
import { newLinkItem, type LinkItem } from "../lib/supportingLinks";
import { TOAST_IDS } from "../lib/toasts";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useNow } from "../lib/useNow";

export const GENERIC_ERROR_MESSAGE = "Something went wrong. Please try again.";

/** "SHORT (under 3 mins, best for Shorts, Reels or TikTok)" and so on (spec §2). */
export const DURATION_OPTIONS = DURATIONS.map((key) => ({
  key,
  label: `${key} (${DURATION_TIERS[key].text})`,
}));

const PLATFORM_DESCRIPTIONS: Record<IdeaPlatform, string> = {
  YouTube: "Videos and Shorts on YouTube",
  TikTok: "Short vertical videos on TikTok",
  Any: "YouTube or TikTok, whichever the creator prefers",
};

function ideaFromState(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("idea" in state)) return null;
  const idea = (state as { idea?: unknown }).idea;
  return typeof idea === "string" ? idea : null;
}

interface FormStart {
  draft: IdeaDraft;
  restored: boolean;
}

/** The form's first values: a draft kept while signing in, the idea passed from the landing page. */
function initialForm(state: unknown): FormStart {
  const saved = readIdeaDraft();
  const fromState = ideaFromState(state);
  const draft: IdeaDraft = saved ?? {
    oneLiner: "",
    platform: null,
    durations: [],
    deadline: toLocalDateTimeValue(Date.now() + DEFAULT_DEADLINE_DAYS * DAY_MS),
    links: [],
  };
  return {
    draft: fromState !== null ? { ...draft, oneLiner: fromState } : draft,
    restored: saved !== null,
  };
}

/** /submit: post a video idea with its platform, durations, deadline and supporting links. */
export default function SubmitIdeaPage() {
  useDocumentTitle("Submit an idea");
  const location = useLocation();
  const navigate = useNavigate();
  const { isLoading: sessionLoading, isAuthenticated } = useConvexAuth();
  const createProposal = useMutation(api.proposals.create);
  const now = useNow();

  const [start] = useState(() => initialForm(location.state));
  const [oneLiner, setOneLiner] = useState(start.draft.oneLiner);
  const [platform, setPlatform] = useState<IdeaPlatform | null>(start.draft.platform);
  const [durations, setDurations] = useState<Duration[]>(start.draft.durations);
  const [deadline, setDeadline] = useState(start.draft.deadline);
  const [links, setLinks] = useState<LinkItem[]>(() => start.draft.links.map(newLinkItem));
  const [submitting, setSubmitting] = useState(false);

  // A restored draft has done its job once it is back in the form.
  useEffect(() => {
    if (start.restored) clearIdeaDraft();
  }, [start.restored]);

  const ideaId = useId();
  const ideaHintId = useId();
  const counterId = useId();
  const deadlineId = useId();
  const deadlineHintId = useId();
  const ideaInput = useRef<HTMLInputElement>(null);
  const deadlineInput = useRef<HTMLInputElement>(null);
  const platformGroup = useRef<HTMLFieldSetElement>(null);
  const durationGroup = useRef<HTMLFieldSetElement>(null);
  const linksGroup = useRef<HTMLFieldSetElement>(null);

  const expiration = fromLocalDateTimeValue(deadline);
  const orderedDurations = DURATIONS.filter((d) => durations.includes(d));
  const tooLong = oneLiner.trim().length > TITLE_MAX_LENGTH;
  const deadlineValid = Number.isFinite(expiration) && expiration > now;

  function toggleDuration(duration: Duration, checked: boolean) {
    setDurations((current) =>
      checked
        ? [...current.filter((d) => d !== duration), duration]
        : current.filter((d) => d !== duration),
    );
  }

  /** Puts focus on the field a validation message is about. */
  function focusProblem(message: string) {
    const firstInput = (group: HTMLFieldSetElement | null) =>
      group?.querySelector<HTMLInputElement>("input:not(:disabled)");
    switch (message) {
      case MESSAGES.date:
      case MESSAGES.dateTooFar:
        deadlineInput.current?.focus();
        break;
      case MESSAGES.duration:
        firstInput(durationGroup.current)?.focus();
        break;
      case MESSAGES.platform:
        firstInput(platformGroup.current)?.focus();
        break;
      case MESSAGES.tooManyLinks:
      case MESSAGES.linkScheme:
      case MESSAGES.linkTooLong:
        firstInput(linksGroup.current)?.focus();
        break;
      default:
        ideaInput.current?.focus();
    }
  }

  function sendToSignIn() {
    saveIdeaDraft({
      oneLiner,
      platform,
      durations: orderedDurations,
      deadline,
      links: links.map((link) => link.url),
    });
    navigate("/login", { state: { from: location } });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || sessionLoading) return;
    // The spec's order (§5): sign-in first, then everything validateIdea checks.
    if (!isAuthenticated) {
      toast.error(MESSAGES.signIn, { id: TOAST_IDS.postIdea });
      sendToSignIn();
      return;
    }
    const result = validateIdea(
      {
        oneLiner,
        platform,
        durations: orderedDurations,
        expiration,
        links: links.map((link) => link.url),
      },
      Date.now(),
    );
    if (!result.ok) {
      toast.error(result.message, { id: TOAST_IDS.postIdea });
      focusProblem(result.message);
      return;
    }
    const { idea } = result;
    setSubmitting(true);
    try {
      const proposalId = await createProposal({
        oneLiner: idea.title,
        platform: idea.platform,
        durations: idea.durations,
        expiration: idea.expiration,
        links: idea.links,
      });
      clearIdeaDraft();
      navigate(`/expanded-proposal/${proposalId}`);
    } catch (error) {
      setSubmitting(false);
      const message = convexErrorMessage(error);
      toast.error(message ?? GENERIC_ERROR_MESSAGE, { id: TOAST_IDS.postIdea });
      if (message === MESSAGES.signIn) sendToSignIn();
      else if (message !== null) focusProblem(message);
    }
  }

  return (
    <div className="container page submit-page">
      <header className="page-header submit-header">
        <span className="eyebrow">New bounty</span>
        <h1>Submit an idea</h1>
        <p>
          Describe the video you wish existed. Creators make it, anyone can add to its bounty, and
          the best video is rewarded.
        </p>
      </header>

      {start.restored && (
        <p className="alert alert-success submit-notice" role="status">
          Welcome back! We kept your idea while you signed in.
        </p>
      )}
      {!sessionLoading && !isAuthenticated && (
        <p className="alert submit-notice">
          You can write your idea now. You will be asked to{" "}
          <Link to="/login" state={{ from: location }}>
            sign in
          </Link>{" "}
          before it is posted.
        </p>
      )}

      <div className="submit-layout">
        <form
          className="card submit-form"
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-label="Submit an idea"
          aria-busy={submitting || undefined}
        >
          <div className="field submit-field">
            <label className="label submit-field__label" htmlFor={ideaId}>
              Your video idea
            </label>
            <input
              ref={ideaInput}
              id={ideaId}
              type="text"
              className="input submit-idea-input"
              value={oneLiner}
              onChange={(event) => setOneLiner(event.target.value)}
              placeholder="I wish someone made a video about..."
              autoComplete="off"
              aria-describedby={`${ideaHintId} ${counterId}`}
              aria-invalid={tooLong || undefined}
              disabled={submitting}
            />
            <div className="submit-field__meta">
              <p id={ideaHintId} className="hint">
                One sentence is enough. It becomes your bounty&apos;s title.
              </p>
              <p
                id={counterId}
                className={tooLong ? "char-count is-over" : "char-count"}
                aria-label={`${oneLiner.length} of ${TITLE_MAX_LENGTH} characters`}
              >
                {oneLiner.length}/{TITLE_MAX_LENGTH}
              </p>
            </div>
          </div>

          <fieldset className="submit-group" ref={platformGroup} disabled={submitting}>
            <legend className="submit-group__legend">Where should the video be posted?</legend>
            <div className="option-grid option-grid--3">
              {IDEA_PLATFORMS.map((option) => (
                <OptionCard
                  key={option}
                  type="radio"
                  name="platform"
                  value={option}
                  title={option}
                  description={PLATFORM_DESCRIPTIONS[option]}
                  checked={platform === option}
                  onChange={() => setPlatform(option)}
                />
              ))}
            </div>
          </fieldset>

          <fieldset className="submit-group" ref={durationGroup} disabled={submitting}>
            <legend className="submit-group__legend">How long can the video be?</legend>
            <p className="hint submit-group__hint">Pick every length you would be happy with.</p>
            <div className="option-list">
              {DURATION_OPTIONS.map(({ key, label }) => (
                <OptionCard
                  key={key}
                  type="checkbox"
                  name="durations"
                  value={key}
                  title={label}
                  checked={durations.includes(key)}
                  onChange={(checked) => toggleDuration(key, checked)}
                />
              ))}
            </div>
          </fieldset>

          <div className="field submit-field">
            <label className="label submit-field__label" htmlFor={deadlineId}>
              Deadline
            </label>
            <input
              ref={deadlineInput}
              id={deadlineId}
              type="datetime-local"
              className="input submit-deadline"
              value={deadline}
              min={toLocalDateTimeValue(now)}
              max={toLocalDateTimeValue(now + MAX_DEADLINE_DAYS * DAY_MS)}
              onChange={(event) => setDeadline(event.target.value)}
              aria-describedby={deadlineHintId}
              aria-invalid={!deadlineValid || undefined}
              disabled={submitting}
            />
            <p
              id={deadlineHintId}
              className={deadlineValid ? "hint" : "hint submit-hint--error"}
              aria-live="polite"
            >
              {deadlineHint(expiration, now)}
            </p>
          </div>

          <fieldset className="submit-group" ref={linksGroup} disabled={submitting}>
            <legend className="submit-group__legend">
              Supporting links <span className="submit-optional">(optional)</span>
            </legend>
            <p className="hint submit-group__hint">
              Examples, references or anything that helps creators understand your idea. Drag the
              handle to change the order.
            </p>
            <SupportingLinksField
              links={links}
              onChange={setLinks}
              max={MAX_LINKS}
              maxLength={LINK_MAX_LENGTH}
              disabled={submitting}
            />
          </fieldset>

          <div className="submit-actions">
            <button
              type="submit"
              className="btn btn-primary btn-lg submit-actions__button"
              disabled={submitting || sessionLoading}
            >
              {submitting ? "Submitting..." : "Submit Idea!"}
            </button>
          </div>
        </form>

        <IdeaPreview
          title={oneLiner.trim()}
          platform={platform}
          durations={orderedDurations}
          expiration={expiration}
          now={now}
        />
      </div>
    </div>
  );
}

interface OptionCardProps {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  title: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A radio or checkbox drawn as a card; its accessible name is exactly `title`. */
function OptionCard({ type, name, value, title, description, checked, onChange }: OptionCardProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <label className={checked ? "option-card is-checked" : "option-card"}>
      <input
        type={type}
        className="option-card__input"
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
      />
      <span className="option-card__text">
        <span id={titleId} className="option-card__title">
          {title}
        </span>
        {description && (
          <span id={descriptionId} className="option-card__description">
            {description}
          </span>
        )}
      </span>
    </label>
  );
}

interface PreviewProps {
  title: string;
  platform: IdeaPlatform | null;
  durations: Duration[];
  expiration: number;
  now: number;
}

/** What the idea will look like once posted. */
function IdeaPreview({ title, platform, durations, expiration, now }: PreviewProps) {
  const validDate = Number.isFinite(expiration) && expiration > now;
  return (
    <aside className="submit-preview" aria-labelledby="submit-preview-heading">
      <h2 id="submit-preview-heading" className="submit-preview__heading">
        Preview
      </h2>
      <div className="card submit-preview__card">
        <p className={title ? "submit-preview__title" : "submit-preview__title is-empty"}>
          {title || "Your idea will appear here"}
        </p>
        <div className="submit-preview__bounty">
          <span className="submit-preview__amount">{formatMoney(0)}</span>
          <span className="muted text-sm">bounty, ready for anyone to fund</span>
        </div>
        <ul className="submit-preview__facts">
          <li>{platform ? platformLine(platform) : "Choose a platform"}</li>
          <li>{durations.length > 0 ? durationLine(durations) : "Choose the video lengths"}</li>
          <li>{validDate ? `Deadline: ${formatLongDate(expiration)}` : "Choose a deadline"}</li>
        </ul>
      </div>
      <p className="hint submit-preview__note">
        After posting, share your idea so others can add to the bounty. Creators submit videos until
        the deadline.
      </p>
    </aside>
  );
}
