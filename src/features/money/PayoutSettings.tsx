// <PayoutSettings />: the Settings tab's "Payouts" card (product rules "Money": creators are
// paid through Stripe Connect; "Claim window": a winner has 30 days from the end of judging to
// become payable). No props; it reads the signed-in person's payout account and awards live
// (`api.payouts.mine`) and renders nothing for a visitor.
//
// - No account: "Set up payouts"; account not ready: "Finish setting up payouts"; both open
//   Stripe's onboarding (`api.payouts.startOnboarding`) in this tab. Ready: "Payouts are set up".
// - Awards: waiting → "Set up payouts by {date} to receive $X" (urgent under 7 days), paying →
//   "Being paid", paid → "Paid $X on {date}".
// - Stripe returns to /profile?tab=settings&payouts=return (or payouts=refresh when the link
//   expired): the card asks Stripe once (`api.payouts.refreshAccount`), says the result ("Payouts
//   are ready" / "Stripe still needs a few details") and removes the parameter from the address.
import clsx from "clsx";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useAction, useQuery } from "convex/react";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { DAY_MS, formatLongDate, formatMoney } from "../../../convex/model/labels";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { convexErrorMessage } from "../../lib/errors";
import { goToExternal } from "../../lib/externalNavigation";
import { useNow } from "../../lib/useNow";
import { quoted } from "./moneyText";
import type { ShownAwardStatus } from "../../../convex/model/money/rules";
import settingsTabStyles from "../profile/SettingsTab.module.css";
import styles from "./PayoutSettings.module.css";
import { moduleClass } from "../../lib/moduleClass";

export const PAYOUTS_READY = "Payouts are ready";
export const PAYOUTS_NEED_DETAILS = "Stripe still needs a few details";
export const PAYOUTS_CHECK_FAILED = "Couldn't check your payout setup";
export const PAYOUT_SETUP_ERROR = "Could not open payout setup";
export const PAYOUTS_PARAM = "payouts";
export const NO_AWARDS = "When one of your videos wins a bounty, it appears here.";
/** Under this many days left to claim, a waiting award is shown as urgent. */
export const URGENT_DAYS = 7;

/** One of the creator's awards (`api.payouts.mine`, money contract). */
export interface MyAward {
  /** TODO(money-backend): `Id<"awards">` once the schema has the table. */
  awardId: string;
  ideaId: Id<"proposals">;
  ideaTitle: string;
  submissionTitle: string;
  amountCents: number;
  paidCents: number;
  status: ShownAwardStatus;
  claimDeadline: number;
  paidAt: number | null;
  ownershipProven: boolean;
}

/** `api.payouts.mine`'s answer for a signed-in person. */
export interface MyPayouts {
  account: { ready: boolean } | null;
  awards: MyAward[];
}

export default function PayoutSettings() {
  useReturnFromStripe();
  return (
    <QueryErrorBoundary
      fallback={
        <section className={`card ${settingsTabStyles.settingsCard}`} aria-label="Payouts">
          <p className="alert alert-danger" role="alert">
            Your payout details couldn't be loaded. Please reload the page to try again.
          </p>
        </section>
      }
    >
      <PayoutCard />
    </QueryErrorBoundary>
  );
}

/**
 * Reads `?payouts=return|refresh` once, asks Stripe where the account stands, says so, and
 * takes the parameter out of the address.
 */
function useReturnFromStripe() {
  const [searchParams, setSearchParams] = useSearchParams();
  const refreshAccount = useAction(api.payouts.refreshAccount);
  const value = searchParams.get(PAYOUTS_PARAM);
  const handled = useRef(false);

  useEffect(() => {
    if (value === null || handled.current) return;
    handled.current = true;
    if (value === "return" || value === "refresh") {
      refreshAccount({}).then(
        (account) => {
          if (account?.ready) toast.success(PAYOUTS_READY, { id: "payouts-return" });
          else
            toast(PAYOUTS_NEED_DETAILS, {
              id: "payouts-return",
              description: "Choose “Finish setting up payouts” to pick up where you left off.",
            });
        },
        (error: unknown) =>
          toast.error(PAYOUTS_CHECK_FAILED, {
            id: "payouts-return",
            description: convexErrorMessage(error) ?? undefined,
          }),
      );
    }
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(PAYOUTS_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [value, setSearchParams, refreshAccount]);
}

function PayoutCard() {
  const payouts: MyPayouts | null | undefined = useQuery(api.payouts.mine, {});
  const startOnboarding = useAction(api.payouts.startOnboarding);
  const [opening, setOpening] = useState(false);

  if (payouts === null) return null;

  async function openOnboarding() {
    if (opening) return;
    setOpening(true);
    try {
      const { url } = await startOnboarding({});
      goToExternal(url);
      // Stay busy: the page is leaving.
    } catch (error) {
      toast.error(PAYOUT_SETUP_ERROR, { description: convexErrorMessage(error) ?? undefined });
      setOpening(false);
    }
  }

  return (
    <section
      className={`card ${settingsTabStyles.settingsCard}`}
      aria-labelledby="settings-payouts-heading"
      aria-busy={payouts === undefined}
    >
      <h2 id="settings-payouts-heading" className={settingsTabStyles.settingsCardTitle}>
        Payouts
      </h2>
      {payouts === undefined ? (
        <div aria-hidden="true">
          <span className={`skeleton ${styles.payoutSettingsSkeleton}`} />
        </div>
      ) : (
        <>
          <AccountState
            account={payouts.account}
            opening={opening}
            onOpen={() => void openOnboarding()}
          />
          <AwardList awards={payouts.awards} />
        </>
      )}
    </section>
  );
}

function AccountState({
  account,
  opening,
  onOpen,
}: {
  account: { ready: boolean } | null;
  opening: boolean;
  onOpen: () => void;
}) {
  if (account?.ready) {
    return (
      <p className={`${styles.payoutSettingsStatus} ${styles.payoutSettingsStatusReady}`}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="11" fill="currentColor" />
          <path
            d="M7 12.5l3.2 3.2L17 9"
            fill="none"
            stroke="#fff"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        Payouts are set up
      </p>
    );
  }
  return (
    <>
      <p className={settingsTabStyles.settingsCardText}>
        {account
          ? "Stripe still needs a few details before it can send you money."
          : "Winning videos are paid through Stripe. Set up a payout account to receive the bounties you win."}
      </p>
      <div className={settingsTabStyles.settingsCardActions}>
        <button
          type="button"
          className="btn btn-primary"
          aria-busy={opening || undefined}
          disabled={opening}
          onClick={onOpen}
        >
          {opening ? "Opening Stripe..." : account ? "Finish setting up payouts" : "Set up payouts"}
        </button>
      </div>
    </>
  );
}

/** The creator's awards: what waits for them and until when, what is being paid, what was paid. */
function AwardList({ awards }: { awards: MyAward[] }) {
  const now = useNow();
  if (awards.length === 0) {
    return <p className={settingsTabStyles.settingsCardText}>{NO_AWARDS}</p>;
  }
  return (
    <ul className={styles.awards} aria-label="Your awards">
      {awards.map((award) => (
        <AwardItem key={award.awardId} award={award} now={now} />
      ))}
    </ul>
  );
}

function AwardItem({ award, now }: { award: MyAward; now: number }) {
  const daysLeft = Math.ceil((award.claimDeadline - now) / DAY_MS);
  const urgent = award.status === "waiting" && daysLeft < URGENT_DAYS;
  return (
    <li
      className={clsx(
        styles.award,
        moduleClass(styles, `award--${award.status}`),
        urgent && styles.awardUrgent,
      )}
      data-testid="award"
      data-status={award.status}
    >
      <p className={styles.awardWhat}>
        <Link to={`/expanded-proposal/${award.ideaId}`}>{award.ideaTitle}</Link>
        <span className={styles.awardVideo}>{quoted(award.submissionTitle)}</span>
      </p>
      <p className={styles.awardState}>
        {award.status === "waiting" ? (
          <>
            Set up payouts by {formatLongDate(award.claimDeadline)} to receive{" "}
            <strong>{formatMoney(award.amountCents)}</strong>
            {urgent ? (
              <strong className={styles.awardUrgent}>
                {" "}
                {daysLeft <= 0
                  ? "— the time to claim it has run out"
                  : daysLeft === 1
                    ? "— last day"
                    : `— only ${daysLeft} days left`}
              </strong>
            ) : null}
          </>
        ) : award.status === "paying" ? (
          <>
            Being paid: <strong>{formatMoney(award.amountCents)}</strong>
          </>
        ) : award.status === "frozen" ? (
          <>
            Frozen by a card dispute: <strong>{formatMoney(award.amountCents)}</strong>
          </>
        ) : award.status === "on_hold" ? (
          <>
            Held — the payment could not be made; our team is on it:{" "}
            <strong>{formatMoney(award.amountCents)}</strong>
          </>
        ) : (
          <>
            Paid <strong>{formatMoney(award.paidCents)}</strong>
            {award.paidAt === null ? "" : ` on ${formatLongDate(award.paidAt)}`}
          </>
        )}
      </p>
      {award.status === "waiting" && !award.ownershipProven ? (
        <p className={styles.awardNote}>
          Also connect the YouTube or TikTok account that posted the video, to prove it&apos;s
          yours.
        </p>
      ) : null}
    </li>
  );
}
