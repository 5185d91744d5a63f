import "../styles/submissions.css";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { useAction, useConvexAuth } from "convex/react";
import { ConvexError } from "convex/values";
import { toast } from "sonner";
import { api } from "../../convex/_generated/api";
import { DURATION_TIERS, expiryLabel, formatMoney } from "../../convex/model/labels";
import { DURATIONS, type Duration, type IdeaPlatform } from "../../convex/model/validators";
import {
  VIDEO_LINK_MESSAGES,
  checkVideoLink,
  type VideoPlatform,
} from "../../convex/model/videoLinks";
import IdeaFromRoute, { type Proposal } from "../components/proposals/IdeaFromRoute";
import { convexErrorMessage } from "../lib/errors";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useNow } from "../lib/useNow";
import { Loading, Skeleton } from "../components/ui/Skeleton";

export const PAYMENT_SETTINGS_PATH = "/profile?tab=settings";

/** 'Post your video on YouTube', '…TikTok', or '…YouTube or TikTok' for Any. */
export function requiredPlatformText(platform: IdeaPlatform): string {
  return `Post your video on ${platform === "Any" ? "YouTube or TikTok" : platform}`;
}

/** Every length the idea accepts (the idea page shows only the last one, as the spec says). */
export function lengthsText(durations: readonly Duration[]): string {
  const labels = DURATIONS.filter((d) => durations.includes(d)).map((d) => {
    const tier = DURATION_TIERS[d];
    return `${tier.label} (${tier.text.split(",")[0]})`;
  });
  if (labels.length === 0) return "Video can be any length";
  const last = labels.pop()!;
  return `Video length: ${labels.length > 0 ? `${labels.join(", ")} or ${last}` : last}`;
}

const PLACEHOLDERS: Record<IdeaPlatform, string> = {
  YouTube: "https://www.youtube.com/watch?v=…",
  TikTok: "https://www.tiktok.com/@you/video/…",
  Any: "https://www.youtube.com/watch?v=… or a TikTok link",
};

// The link typed before being sent to sign in, restored when the person comes back.
const DRAFT_KEY = "bounties:videoLinkDraft";

function saveDraft(proposalId: string, link: string) {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ proposalId, link }));
  } catch {
    // Without storage the person types the link again.
  }
}

function takeDraft(proposalId: string): string {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return "";
    const draft = JSON.parse(raw) as { proposalId?: unknown; link?: unknown };
    if (draft.proposalId !== proposalId || typeof draft.link !== "string") return "";
    sessionStorage.removeItem(DRAFT_KEY);
    return draft.link;
  } catch {
    return "";
  }
}

/** /submit-content/:proposalId: submit a link to one's video for an idea. */
export default function SubmitContentPage() {
  return (
    <IdeaFromRoute
      className="container container-narrow page submit-content"
      skeleton={<SubmitSkeleton />}
      notFound={<IdeaNotFound />}
    >
      {(proposal) => <SubmitContent proposal={proposal} />}
    </IdeaFromRoute>
  );
}

function SubmitContent({ proposal }: { proposal: Proposal }) {
  const now = useNow();
  useDocumentTitle(`Submit your video: ${proposal.title}`);
  const closed = proposal.status !== "open" || proposal.expiration <= now;
  return (
    <>
      <nav className="submit-content__back" aria-label="Breadcrumb">
        <Link to={`/expanded-proposal/${proposal._id}`}>
          <span aria-hidden="true">←</span> Back to the idea
        </Link>
      </nav>
      <header className="page-header submit-content__header">
        <span className="eyebrow">Submit your video</span>
        <h1 className="submit-content__title">
          <Link to={`/expanded-proposal/${proposal._id}`}>{proposal.title}</Link>
        </h1>
      </header>
      {closed ? <ClosedCard proposal={proposal} /> : <SubmitForm proposal={proposal} now={now} />}
    </>
  );
}

type Problem =
  | { kind: "input"; message: string }
  | { kind: "verify"; platform: VideoPlatform | null }
  | { kind: "server"; message: string };

function SubmitForm({ proposal, now }: { proposal: Proposal; now: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { isLoading: sessionLoading, isAuthenticated } = useConvexAuth();
  const submit = useAction(api.submissions.submit);
  const [link, setLink] = useState(() => takeDraft(proposal._id));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  function sendToSignIn() {
    saveDraft(proposal._id, link);
    navigate("/login", { state: { from: location } });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || sessionLoading) return;
    if (!isAuthenticated) {
      toast.error(VIDEO_LINK_MESSAGES.signIn);
      sendToSignIn();
      return;
    }
    const checked = checkVideoLink(link, proposal.platform);
    if (!checked.ok) {
      setProblem({ kind: "input", message: checked.message });
      toast.error(checked.message);
      inputRef.current?.focus();
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      await submit({ proposalId: proposal._id, link: link.trim() });
      toast.success(VIDEO_LINK_MESSAGES.success);
      navigate(`/expanded-proposal/${proposal._id}`);
    } catch (error) {
      if (!mounted.current) return;
      setBusy(false);
      const isVerify =
        error instanceof ConvexError &&
        typeof error.data === "object" &&
        error.data !== null &&
        (error.data as { code?: unknown }).code === "verify";
      if (isVerify) {
        setProblem({ kind: "verify", platform: checked.link.platform });
        toast.error(VIDEO_LINK_MESSAGES.verify);
      } else {
        const message = convexErrorMessage(error) ?? VIDEO_LINK_MESSAGES.submit;
        setProblem({ kind: "server", message });
        toast.error(message);
      }
      inputRef.current?.focus();
    }
  }

  const inputInvalid = problem?.kind === "input";
  const describedBy = [hintId, problem ? errorId : null].filter(Boolean).join(" ");

  return (
    <div className="submit-content__layout">
      <section className="card submit-content__idea" aria-label="What the idea asks for">
        <p className="submit-content__platform">
          <PlatformIcon />
          <strong>{requiredPlatformText(proposal.platform)}</strong>
        </p>
        <ul className="submit-content__facts">
          <li>{lengthsText(proposal.durations)}</li>
          <li>{expiryLabel(proposal.expiration, now)} to submit</li>
          <li>
            Bounty: <strong>{formatMoney(proposal.bountyCents)}</strong>
          </li>
        </ul>
      </section>

      <form
        className="card submit-content__form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-busy={busy}
      >
        {!sessionLoading && !isAuthenticated && (
          <div className="alert submit-content__signin">
            <p>{VIDEO_LINK_MESSAGES.signIn}</p>
            <Link
              to="/login"
              state={{ from: location }}
              className="btn btn-primary btn-sm"
              onClick={() => saveDraft(proposal._id, link)}
            >
              Sign in
            </Link>
          </div>
        )}

        <div className="field">
          <label className="label submit-content__label" htmlFor={inputId}>
            Video link
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="input submit-content__input"
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder={PLACEHOLDERS[proposal.platform]}
            value={link}
            disabled={busy}
            aria-invalid={inputInvalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setLink(event.target.value);
              if (problem?.kind === "input") setProblem(null);
            }}
          />
          <p id={hintId} className="hint">
            Paste the link to your video. We look it up on{" "}
            {proposal.platform === "Any" ? "its platform" : proposal.platform} to check it is yours,
            was posted after the idea and has a length the idea allows.
          </p>
        </div>

        {problem && (
          <div id={errorId} className="alert alert-danger submit-content__error" role="alert">
            {problem.kind === "verify" ? (
              <>
                <p className="submit-content__error-title">{VIDEO_LINK_MESSAGES.verify}</p>
                <p>
                  If the video is yours, connect your{" "}
                  {problem.platform === "TikTok" ? "TikTok account" : "YouTube channel"} in your{" "}
                  <Link to={PAYMENT_SETTINGS_PATH}>Profile settings</Link> so we can verify it, then
                  try again.
                </p>
              </>
            ) : (
              <p>{problem.message}</p>
            )}
          </div>
        )}

        <p className="submit-content__reward">
          If your video is selected, the bounty is paid to the payment method in your{" "}
          <Link to={PAYMENT_SETTINGS_PATH}>Profile</Link>.
        </p>

        <div className="submit-content__actions">
          <button
            type="submit"
            className="btn btn-primary btn-lg"
            disabled={busy || sessionLoading}
          >
            {busy ? "Verifying video…" : "Submit Video"}
          </button>
          <p className="visually-hidden" role="status">
            {busy ? "Verifying video… then submitting…" : ""}
          </p>
        </div>
      </form>
    </div>
  );
}

function ClosedCard({ proposal }: { proposal: Proposal }) {
  return (
    <section className="card submit-content__closed" aria-live="polite">
      <p className="submit-content__closed-text">{VIDEO_LINK_MESSAGES.closed}</p>
      <div className="submit-content__closed-actions">
        <Link to={`/expanded-proposal/${proposal._id}`} className="btn btn-secondary">
          See the submissions
        </Link>
        <Link to="/ideas" className="btn btn-primary">
          Find an open bounty
        </Link>
      </div>
    </section>
  );
}

function PlatformIcon() {
  return (
    <svg
      className="submit-content__platform-icon"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M10 8l6 4-6 4zM21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z" />
    </svg>
  );
}

function SubmitSkeleton() {
  return (
    <Loading label="Loading the idea...">
      <Skeleton className="submit-content__skeleton-title" />
      <Skeleton className="submit-content__skeleton-card" />
    </Loading>
  );
}

function IdeaNotFound() {
  useDocumentTitle("Idea not found");
  return (
    <section className="card submit-content__missing" aria-labelledby="submit-missing-title">
      <h1 id="submit-missing-title" className="submit-content__missing-title">
        This idea does not exist.
      </h1>
      <p className="muted">
        It may have been removed, or the link may be incomplete. Pick an open bounty to submit your
        video to.
      </p>
      <div className="submit-content__closed-actions">
        <Link to="/ideas" className="btn btn-primary">
          Browse open bounties
        </Link>
      </div>
    </section>
  );
}
