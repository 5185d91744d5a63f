import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { useAction, useConvexAuth, useQuery } from "convex/react";
import { ConvexError } from "convex/values";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "../../lib/toast";
import { z } from "zod";
import { CirclePlay } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import { expiryLabel, formatMoney } from "../../lib/format";
import type { IdeaPlatform } from "../../../convex/model/validators";
import {
  VIDEO_LINK_MESSAGES,
  checkVideoLink,
  formatReason,
  type VideoPlatform,
} from "../../../convex/model/videoLinks";
import type { Idea } from "../ideas/IdeaFromRoute";
import { describedBy } from "../../components/ui/FieldError";
import { convexErrorMessage } from "../../lib/errors";
import { hasStoredSession } from "../../lib/session";
import { TOAST_IDS } from "../../lib/toasts";
import { lengthsText, requiredPlatformText, PAYMENT_SETTINGS_PATH } from "./submitVideoTexts";
import VideoCheckCard, { type VideoCheck } from "./VideoCheckCard";
import SyncedVideoPicker from "./SyncedVideoPicker";
import styles from "./VideoLinkForm.module.css";

const PLACEHOLDERS: Record<IdeaPlatform, string> = {
  YouTube: "https://www.youtube.com/watch?v=…",
  TikTok: "https://www.tiktok.com/@you/video/…",
  Any: "https://www.youtube.com/watch?v=… or a TikTok link",
};

// The link typed before being sent to sign in, restored when the person comes back.
const DRAFT_KEY = "bounties:videoLinkDraft";

function saveDraft(ideaId: string, link: string) {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ideaId, link }));
  } catch {
    // Without storage the person types the link again.
  }
}

function takeDraft(ideaId: string): string {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return "";
    const draft = JSON.parse(raw) as { ideaId?: unknown; link?: unknown };
    if (draft.ideaId !== ideaId || typeof draft.link !== "string") return "";
    sessionStorage.removeItem(DRAFT_KEY);
    return draft.link;
  } catch {
    return "";
  }
}

/**
 * The form's schema for an idea on `platform`: the checks of `checkVideoLink` (shared with the
 * server), reported on the link field; its output is the parsed video.
 */
export function videoLinkSchema(platform: IdeaPlatform) {
  return z.object({ link: z.string() }).transform((values, ctx) => {
    const checked = checkVideoLink(values.link, platform);
    if (!checked.ok) {
      ctx.addIssue({ code: "custom", message: checked.message, path: ["link"] });
      return z.NEVER;
    }
    return { link: values.link.trim(), platform: checked.link.platform };
  });
}

interface LinkValues {
  link: string;
}

interface CheckedLink {
  link: string;
  platform: VideoPlatform;
}

/** The server's error fields beyond its message: `code` ("verify", "format") and `reason`. */
function errorField(error: unknown, field: "code" | "reason"): string | null {
  if (!(error instanceof ConvexError) || typeof error.data !== "object" || error.data === null)
    return null;
  const value = (error.data as Record<string, unknown>)[field];
  return typeof value === "string" && value !== "" ? value : null;
}

/** The idea's requirements and the video-link form (sign-in, link checks, server verification). */
export default function VideoLinkForm({ idea, now }: { idea: Idea; now: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { isLoading: sessionLoading, isAuthenticated } = useConvexAuth();
  // A browser that keeps no session is signed out before the session has even loaded: the
  // invitation to sign in shows at once, instead of arriving above the field and pushing it down.
  const [storedSession] = useState(hasStoredSession);
  const signedOut = !isAuthenticated && (!sessionLoading || !storedSession);
  const submit = useAction(api.submissions.submit);
  const checkLink = useAction(api.submissions.check);
  // The creator's connected accounts and synced videos: the picker, and whether to suggest
  // connecting when a video cannot be verified.
  const mine = useQuery(api.platforms.mine, isAuthenticated ? {} : "skip");
  const [initialLink] = useState(() => takeDraft(idea._id));
  const [busy, setBusy] = useState(false);
  // The server could not verify the video: the person may need to connect that platform.
  const [unverified, setUnverified] = useState<VideoPlatform | null>(null);
  // The specific reason under the spec's message (wrong platform, no such video…).
  const [reason, setReason] = useState<string | null>(null);
  // The video checked and waiting for the person's confirmation, with the link it came from.
  const [checked, setChecked] = useState<{ link: string; check: VideoCheck } | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    clearErrors,
    setFocus,
    formState,
  } = useForm<LinkValues, unknown, CheckedLink>({
    resolver: zodResolver(videoLinkSchema(idea.platform)),
    defaultValues: { link: initialLink },
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const linkError = formState.errors.link?.message;
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
    saveDraft(idea._id, getValues("link"));
    navigate("/login", { state: { from: location } });
  }

  function showError(error: unknown, platform: VideoPlatform) {
    setReason(errorField(error, "reason"));
    if (errorField(error, "code") === "verify") {
      setUnverified(platform);
      toast.error(VIDEO_LINK_MESSAGES.verify, { id: TOAST_IDS.submitVideo });
    } else {
      const message = convexErrorMessage(error) ?? VIDEO_LINK_MESSAGES.submit;
      setError("link", { type: "server", message });
      toast.error(message, { id: TOAST_IDS.submitVideo });
    }
    setFocus("link");
  }

  /** Step 1: the server looks the video up; its answer is shown in the card. */
  async function check({ link, platform }: CheckedLink) {
    setUnverified(null);
    setReason(null);
    setChecked(null);
    setBusy(true);
    try {
      const result = await checkLink({ ideaId: idea._id, link });
      if (!mounted.current) return;
      setBusy(false);
      setChecked({ link, check: result });
    } catch (error) {
      if (!mounted.current) return;
      setBusy(false);
      showError(error, platform);
    }
  }

  /** Step 2: the person confirmed the card; the server verifies again as it records. */
  async function send() {
    if (checked === null) return;
    const platform = checked.check.video.platform;
    setBusy(true);
    try {
      await submit({ ideaId: idea._id, link: checked.link });
      toast.success(VIDEO_LINK_MESSAGES.success, { id: TOAST_IDS.submitVideo });
      navigate(`/expanded-proposal/${idea._id}`);
    } catch (error) {
      if (!mounted.current) return;
      setBusy(false);
      setChecked(null);
      showError(error, platform);
    }
  }

  function pick(url: string) {
    if (busy) return;
    setValue("link", url);
    clearErrors("link");
    void handleSubmit(check)();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || sessionLoading) return;
    if (!isAuthenticated) {
      toast.error(VIDEO_LINK_MESSAGES.signIn, { id: TOAST_IDS.submitVideo });
      sendToSignIn();
      return;
    }
    void handleSubmit(check, (errors) => {
      setUnverified(null);
      setChecked(null);
      const message = errors.link?.message;
      setReason(
        message === VIDEO_LINK_MESSAGES.format
          ? formatReason(getValues("link"), idea.platform)
          : null,
      );
      if (message) toast.error(message, { id: TOAST_IDS.submitVideo });
      setFocus("link");
    })(event);
  }

  const hasProblem = unverified !== null || linkError !== undefined;
  const inputInvalid =
    formState.errors.link !== undefined && formState.errors.link.type !== "server";
  const linkField = register("link", {
    // Typing again clears the last complaint; the link is checked again on submit.
    onChange: () => {
      if (formState.errors.link?.type !== "server") clearErrors("link");
      // The card is about the link it checked.
      setChecked(null);
    },
  });

  return (
    <div className={styles.submitContentLayout}>
      <section className={`card ${styles.submitContentIdea}`} aria-label="What the idea asks for">
        <p className={styles.submitContentPlatform}>
          <CirclePlay
            className={styles.submitContentPlatformIcon}
            size={20}
            strokeWidth={1.8}
            aria-hidden="true"
            focusable="false"
          />
          <strong>{requiredPlatformText(idea.platform)}</strong>
        </p>
        <ul className={styles.submitContentFacts}>
          <li>{lengthsText(idea.durations)}</li>
          <li>{expiryLabel(idea.expiration, now)} to submit</li>
          <li>
            Bounty: <strong>{formatMoney(idea.bountyCents)}</strong>
          </li>
        </ul>
      </section>

      <form
        className={`card ${styles.submitContentForm}`}
        onSubmit={onSubmit}
        noValidate
        aria-busy={busy}
      >
        {signedOut && (
          <div className={`alert ${styles.submitContentSignin}`}>
            <p>{VIDEO_LINK_MESSAGES.signIn}</p>
            <Link
              to="/login"
              state={{ from: location }}
              className="btn btn-primary btn-sm"
              onClick={() => saveDraft(idea._id, getValues("link"))}
            >
              Sign in
            </Link>
          </div>
        )}

        <div className="field">
          <label className={`label ${styles.submitContentLabel}`} htmlFor={inputId}>
            Video link
          </label>
          <input
            id={inputId}
            className={`input ${styles.submitContentInput}`}
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder={PLACEHOLDERS[idea.platform]}
            disabled={busy}
            aria-invalid={inputInvalid || undefined}
            aria-describedby={describedBy(hintId, hasProblem && errorId)}
            {...linkField}
          />
          <p id={hintId} className="hint">
            Paste the link to your video. We look it up on{" "}
            {idea.platform === "Any" ? "its platform" : idea.platform} to check it is yours, was
            posted after the idea and has a length the idea allows.
          </p>
        </div>

        {hasProblem && (
          <div
            id={errorId}
            className={`alert alert-danger ${styles.submitContentError}`}
            role="alert"
            data-testid="video-link-problem"
          >
            {unverified !== null ? (
              <>
                <p className={styles.submitContentErrorTitle}>{VIDEO_LINK_MESSAGES.verify}</p>
                {reason && <p className={styles.submitContentErrorReason}>{reason}</p>}
                {/* The spec's note to connect, or, for a creator already connected, the note
                    that fits: the video must be on the account they connected. */}
                {(unverified === "TikTok" ? mine?.tiktok : mine?.youtube)?.connected ? (
                  <p>
                    Check that the video is on the{" "}
                    {unverified === "TikTok" ? "TikTok account" : "channel"} you connected in{" "}
                    <Link to={PAYMENT_SETTINGS_PATH}>Profile</Link>.
                  </p>
                ) : (
                  <p>
                    If the video is yours, connect your{" "}
                    {unverified === "TikTok" ? "TikTok account" : "YouTube channel"} in your{" "}
                    <Link to={PAYMENT_SETTINGS_PATH}>Profile settings</Link> so we can verify it,
                    then try again.
                  </p>
                )}
              </>
            ) : (
              <>
                <p className={styles.submitContentErrorTitle}>{linkError}</p>
                {reason && <p className={styles.submitContentErrorReason}>{reason}</p>}
              </>
            )}
          </div>
        )}

        {isAuthenticated && (
          <SyncedVideoPicker mine={mine} platform={idea.platform} disabled={busy} onPick={pick} />
        )}

        <p className={styles.submitContentReward}>
          If your video is selected, the bounty is paid to the payment method in your{" "}
          <Link to={PAYMENT_SETTINGS_PATH}>Profile</Link>.
        </p>

        {checked === null && (
          <div className={styles.submitContentActions}>
            <button
              type="submit"
              className="btn btn-primary btn-lg"
              disabled={busy || sessionLoading}
            >
              {busy ? "Verifying video…" : "Check video"}
            </button>
          </div>
        )}
        <p className="visually-hidden" role="status">
          {busy ? (checked ? "Submitting…" : "Verifying video…") : ""}
        </p>
      </form>

      {checked !== null && (
        <VideoCheckCard
          check={checked.check}
          durations={idea.durations}
          busy={busy}
          onSubmit={() => void send()}
          onCancel={() => {
            setChecked(null);
            setFocus("link");
          }}
        />
      )}
    </div>
  );
}
