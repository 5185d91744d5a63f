import { useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useConvexAuth } from "convex/react";
import { TypeAnimation } from "react-type-animation";
import { useReducedMotion } from "../../lib/useReducedMotion";

export const PROMPTS = ["My dream video idea is...", "I wish someone made a video about..."];
const PAUSE_MS = 3000;
const SEQUENCE = PROMPTS.flatMap((prompt) => [prompt, PAUSE_MS]);

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

  function start() {
    if (navigated.current) return;
    navigated.current = true;
    if (isAuthenticated) navigate("/submit");
    else navigate("/login", { state: { from: location } });
  }

  return (
    <div className="idea-prompt">
      <svg
        className="idea-prompt__icon"
        width="22"
        height="22"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.4 1 1.1 1 1.8V16h5v-.3c0-.7.4-1.4 1-1.8A6 6 0 0 0 12 3Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <input
        className="idea-prompt__input"
        type="text"
        readOnly
        aria-label="Share your original video idea"
        onFocus={start}
        onClick={start}
      />
      <span className="idea-prompt__text" aria-hidden="true">
        {reducedMotion ? (
          PROMPTS[0]
        ) : (
          <TypeAnimation sequence={SEQUENCE} speed={25} repeat={Infinity} wrapper="span" />
        )}
      </span>
      <span className="idea-prompt__cta" aria-hidden="true">
        Post it
        <svg width="16" height="16" viewBox="0 0 24 24" focusable="false">
          <path
            d="M5 12h14M13 6l6 6-6 6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
    </div>
  );
}
