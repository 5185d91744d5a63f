import { lazy, Suspense, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useConvexAuth } from "convex/react";
import { useActiveWhenVisible } from "../../lib/useActiveWhenVisible";
import { useReducedMotion } from "../../lib/useReducedMotion";
import { ArrowRight, Lightbulb } from "lucide-react";
import styles from "./IdeaPrompt.module.css";

export const PROMPTS = ["My dream video idea is...", "I wish someone made a video about..."];
const PAUSE_MS = 3000;
const SEQUENCE = PROMPTS.flatMap((prompt) => [prompt, PAUSE_MS]);
const TypingPrompts = lazy(() => import("./TypingPrompts"));

/**
 * The landing page's read-only idea box: it cycles through prompts with a typing animation, and
 * focusing or clicking it starts posting an idea (/submit), or signing in first (/login).
 */
export default function IdeaPrompt() {
  const { isAuthenticated } = useConvexAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const reducedMotion = useReducedMotion();
  const navigated = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  // The first prompt stands still until the page has loaded, and whenever the box is off screen.
  const typing = useActiveWhenVisible(box) && !reducedMotion;

  function start() {
    if (navigated.current) return;
    navigated.current = true;
    if (isAuthenticated) navigate("/submit");
    else navigate("/login", { state: { from: location } });
  }

  return (
    <div className={styles.ideaPrompt} ref={box}>
      <Lightbulb className={styles.ideaPromptIcon} size={22} strokeWidth={2} aria-hidden="true" />
      <input
        className={styles.ideaPromptInput}
        type="text"
        readOnly
        aria-label="Share your original video idea"
        onFocus={start}
        onClick={start}
      />
      <span className={styles.ideaPromptText} aria-hidden="true">
        {typing ? (
          <Suspense fallback={PROMPTS[0]}>
            <TypingPrompts sequence={SEQUENCE} speed={25} />
          </Suspense>
        ) : (
          PROMPTS[0]
        )}
      </span>
      <span className={styles.ideaPromptCta} aria-hidden="true">
        Post it
        <ArrowRight size={16} strokeWidth={2} aria-hidden="true" />
      </span>
    </div>
  );
}
