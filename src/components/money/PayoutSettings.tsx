// <PayoutSettings />: the Settings tab's "Payouts" card (product rules "Money": creators are
// paid through Stripe Connect). No props; it reads the signed-in person's payout account and
// earnings live (`api.payouts.mine`) and renders nothing for a visitor.
//
// - No account: "Set up payouts"; account not ready: "Finish setting up payouts"; both open
//   Stripe's onboarding (`api.payouts.startOnboarding`) in this tab. Ready: "Payouts are set up".
// - Figures: owed (pending transfer), waiting for ownership proof, paid.
// - Stripe returns to /profile?tab=settings&payouts=return (or payouts=refresh when the person
//   left early): the card says so once ("Payout setup saved." / "Payout setup isn't finished
//   yet.") and removes the parameter from the address.
import "../../styles/money.css";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { useAction, useQuery } from "convex/react";
import { toast } from "sonner";
import { api } from "../../../convex/_generated/api";
import { formatMoney } from "../../../convex/model/labels";
import QueryErrorBoundary from "../QueryErrorBoundary";
import { convexErrorMessage } from "../../lib/errors";
import { goToExternal } from "../../lib/externalNavigation";

export const PAYOUT_SETUP_SAVED = "Payout setup saved.";
export const PAYOUT_SETUP_UNFINISHED = "Payout setup isn't finished yet.";
export const PAYOUT_SETUP_ERROR = "Could not open payout setup";
export const PAYOUTS_PARAM = "payouts";

export default function PayoutSettings() {
  useReturnFromStripe();
  return (
    <QueryErrorBoundary
      fallback={
        <section className="card settings-card payout-settings" aria-label="Payouts">
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

/** Reads `?payouts=return|refresh` once, says what it means, and takes it out of the address. */
function useReturnFromStripe() {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get(PAYOUTS_PARAM);
  const handled = useRef(false);

  useEffect(() => {
    if (value === null || handled.current) return;
    handled.current = true;
    if (value === "return") toast.success(PAYOUT_SETUP_SAVED, { id: "payouts-return" });
    else if (value === "refresh")
      toast(PAYOUT_SETUP_UNFINISHED, {
        id: "payouts-return",
        description: "Choose “Finish setting up payouts” to pick up where you left off.",
      });
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(PAYOUTS_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [value, setSearchParams]);
}

function PayoutCard() {
  const payouts = useQuery(api.payouts.mine, {});
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
      className="card settings-card payout-settings"
      aria-labelledby="settings-payouts-heading"
      aria-busy={payouts === undefined}
    >
      <h2 id="settings-payouts-heading" className="settings-card__title">
        Payouts
      </h2>
      {payouts === undefined ? (
        <div aria-hidden="true">
          <span className="skeleton payout-settings__skeleton" />
        </div>
      ) : (
        <>
          <AccountState
            account={payouts.account}
            opening={opening}
            onOpen={() => void openOnboarding()}
          />
          <dl className="payout-figures">
            <div className="payout-figure">
              <dt>Owed to you</dt>
              <dd className="payout-figure__amount">{formatMoney(payouts.pendingCents)}</dd>
              <dd className="payout-figure__hint">
                {payouts.account?.ready
                  ? "Pending transfer to your payout account."
                  : "Pending transfer: it is sent once your payout account is set up."}
              </dd>
            </div>
            <div className="payout-figure">
              <dt>Waiting for ownership proof</dt>
              <dd className="payout-figure__amount">
                {formatMoney(payouts.waitingForOwnershipCents)}
              </dd>
              <dd className="payout-figure__hint">
                Connect the YouTube or TikTok account that posted the video to prove it's yours.
              </dd>
            </div>
            <div className="payout-figure">
              <dt>Paid</dt>
              <dd className="payout-figure__amount">{formatMoney(payouts.paidCents)}</dd>
              <dd className="payout-figure__hint">Transferred to your payout account so far.</dd>
            </div>
          </dl>
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
      <p className="payout-settings__status payout-settings__status--ready">
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
      <p className="settings-card__text">
        {account
          ? "Stripe still needs a few details before it can send you money."
          : "Winning videos are paid through Stripe. Set up a payout account to receive the bounties you win."}
      </p>
      <div className="settings-card__actions">
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
