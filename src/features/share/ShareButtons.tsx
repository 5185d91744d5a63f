// Sharing an idea: on a phone (a touch screen) the system share sheet, where the browser has the
// Web Share API; elsewhere "Copy link" and links to X, WhatsApp, Reddit and email (a desktop's
// share sheet offers fewer places than the buttons do). The link shared is the idea's share
// page, so it unfurls with the idea's own title and image.
import { useEffect, useId, useRef, useState } from "react";
import { Check, Link2, Share2 } from "lucide-react";
import { shareLinkFor, shareTargets, shareText } from "../../lib/shareLink";
import styles from "./ShareButtons.module.css";

interface ShareButtonsProps {
  ideaId: string;
  title: string;
  /** The line above the buttons, e.g. "Ask friends to chip in". */
  heading?: string;
  className?: string;
  /** The idea still takes money and videos: the words sent with the link ask for help. */
  asking?: boolean;
  /** Called when a button shared the link (the poster's stats count it). */
  onShared?: () => void;
  /** Another link than the idea's share page (its winner card, say). */
  url?: string;
  /** The group's name when there is no heading ("Share this idea"). */
  label?: string;
}

type CopyState = "idle" | "copied" | "manual";
const COPIED_MS = 2500;

/** A phone or tablet: its main pointer is a finger. */
export const PHONE_QUERY = "(pointer: coarse)";

function canUseWebShare(): boolean {
  return (
    typeof navigator !== "undefined" &&
    typeof navigator.share === "function" &&
    typeof window !== "undefined" &&
    typeof window.matchMedia === "function" &&
    window.matchMedia(PHONE_QUERY).matches
  );
}

export default function ShareButtons({
  ideaId,
  title,
  heading,
  className,
  asking = true,
  onShared,
  url: link,
  label = "Share this idea",
}: ShareButtonsProps) {
  const url = link ?? shareLinkFor(ideaId);
  const headingId = useId();
  // A failed share sheet (not a cancel) falls back to the links.
  const [webShare, setWebShare] = useState(canUseWebShare);
  const [copy, setCopy] = useState<CopyState>("idle");
  const manualRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (copy !== "copied") return;
    const timer = window.setTimeout(() => setCopy("idle"), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copy]);

  useEffect(() => {
    if (copy === "manual") manualRef.current?.select();
  }, [copy]);

  async function share() {
    try {
      await navigator.share({ title, text: shareText(title, asking), url });
      onShared?.();
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      setWebShare(false);
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopy("copied");
      onShared?.();
    } catch {
      // No clipboard (permission refused, insecure page): show the link to copy by hand.
      setCopy("manual");
    }
  }

  return (
    <div
      className={className ? `${styles.share} ${className}` : styles.share}
      role="group"
      aria-labelledby={heading ? headingId : undefined}
      aria-label={heading ? undefined : label}
    >
      {heading && (
        <p id={headingId} className={styles.shareHeading}>
          {heading}
        </p>
      )}
      {webShare ? (
        <button type="button" className={`btn btn-secondary ${styles.shareButton}`} onClick={share}>
          <Share2 size={16} aria-hidden="true" /> Share
        </button>
      ) : (
        <>
          <div className={styles.shareRow}>
            <button
              type="button"
              className={`btn btn-secondary ${styles.shareButton}`}
              onClick={copyLink}
            >
              {copy === "copied" ? (
                <>
                  <Check size={16} aria-hidden="true" /> Link copied
                </>
              ) : (
                <>
                  <Link2 size={16} aria-hidden="true" /> Copy link
                </>
              )}
            </button>
            {shareTargets(url, title, asking).map((target) => (
              <a
                key={target.name}
                className={`btn btn-secondary ${styles.shareButton}`}
                href={target.href}
                target={target.name === "Email" ? undefined : "_blank"}
                rel="noopener noreferrer"
                onClick={() => onShared?.()}
              >
                {target.name}
                {target.name !== "Email" && (
                  <span className="visually-hidden"> (opens in a new tab)</span>
                )}
              </a>
            ))}
          </div>
          {copy === "manual" && (
            <label className={styles.shareManual}>
              <span>Copy this link:</span>
              <input ref={manualRef} className="input" readOnly value={url} />
            </label>
          )}
        </>
      )}
      <span className="visually-hidden" role="status">
        {copy === "copied" ? "Link copied" : ""}
      </span>
    </div>
  );
}
