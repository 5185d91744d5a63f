import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { useAction, useConvexAuth } from "convex/react";
import { api } from "../../convex/_generated/api";
import type { VideoPlatform } from "../../convex/model/videoLinks";
import { convexErrorMessage } from "../lib/errors";
import {
  PLATFORM_AUTH_MESSAGES,
  authStateKey,
  connectedMessage,
  takeReturnToSettings,
  type PlatformAuthResult,
} from "../lib/platformAuth";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Spinner } from "../components/ui/Skeleton";
import clsx from "clsx";
import styles from "./PlatformCallbackPage.module.css";

type Step = "connecting" | "fetching";

/** "Connecting your YouTube channel…" / "Connecting your TikTok account…". */
export function connectingMessage(platform: VideoPlatform): string {
  return platform === "YouTube"
    ? "Connecting your YouTube channel…"
    : "Connecting your TikTok account…";
}

export const FETCHING_MESSAGE = "Fetching your videos…";

/** What the platform's `error` parameter means for the person. */
function cancelledMessage(platform: VideoPlatform, error: string): string {
  if (error === "access_denied") {
    return `${platform === "YouTube" ? "YouTube" : "TikTok"} connection was cancelled`;
  }
  return PLATFORM_AUTH_MESSAGES.noCode;
}

/**
 * /auth/callback/youtube/ (YouTube) and /auth/callback/ (TikTok): the platform sends the person
 * back here with `code` and `state` (or `error`). The page finishes the connection on the server,
 * then goes to the profile with the outcome in router state (spec §4), which shows it as a toast.
 */
export default function PlatformCallbackPage({ platform }: { platform: VideoPlatform }) {
  useDocumentTitle(`Connecting ${platform}`);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { isLoading, isAuthenticated } = useConvexAuth();
  const finishConnection = useAction(api.platforms.finishConnection);
  const [step, setStep] = useState<Step>("connecting");
  const started = useRef(false);

  const code = params.get("code");
  const state = params.get("state");
  const error = params.get("error");

  useEffect(() => {
    // Wait for the session check; then run once (the state can be used only once).
    if (isLoading || started.current) return;
    started.current = true;
    const flagged = takeReturnToSettings();

    const finish = (result: PlatformAuthResult, toSettings: boolean) => {
      navigate(toSettings ? "/profile?tab=settings" : "/profile", {
        replace: true,
        state: { [authStateKey(platform)]: result },
      });
    };
    const fail = (message: string) => finish({ success: false, error: message }, flagged);

    if (!code) {
      fail(error ? cancelledMessage(platform, error) : PLATFORM_AUTH_MESSAGES.noCode);
      return;
    }
    if (!isAuthenticated) {
      fail(PLATFORM_AUTH_MESSAGES.noSession);
      return;
    }

    setStep("fetching");
    finishConnection({ platform, code, state: state ?? "" }).then(
      (result) => {
        if (!result) {
          fail(PLATFORM_AUTH_MESSAGES.noData);
          return;
        }
        finish(
          {
            success: true,
            message: connectedMessage(platform),
            accountName: result.accountName,
            videoCount: result.videoCount,
          },
          flagged || result.returnToSettings,
        );
      },
      (reason: unknown) => fail(convexErrorMessage(reason) ?? PLATFORM_AUTH_MESSAGES.invalid),
    );
  }, [isLoading, isAuthenticated, code, state, error, platform, finishConnection, navigate]);

  const steps: { key: Step; text: string }[] = [
    { key: "connecting", text: connectingMessage(platform) },
    { key: "fetching", text: FETCHING_MESSAGE },
  ];
  const current = steps.findIndex((s) => s.key === step);

  return (
    <div className={`container page ${styles.callbackPage}`}>
      <section
        className={`card ${styles.callbackCard}`}
        aria-labelledby="callback-title"
        aria-busy="true"
      >
        <Spinner className={styles.callbackCardSpinner} />
        <h1 id="callback-title" className={styles.callbackCardTitle}>
          {platform === "YouTube" ? "Connecting YouTube" : "Connecting TikTok"}
        </h1>
        <p className="visually-hidden" role="status">
          {steps[current]!.text}
        </p>
        <ol className={styles.callbackSteps}>
          {steps.map((s, index) => (
            <li
              key={s.key}
              className={clsx(
                styles.callbackStepsItem,
                index < current && styles.isDone,
                index === current && styles.isCurrent,
              )}
              aria-current={index === current ? "step" : undefined}
            >
              <span className={styles.callbackStepsDot} aria-hidden="true" />
              {s.text}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
