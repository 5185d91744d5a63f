// <QuickContributeButton ideaId title expired />: the list cards' "+$5" (spec §2, §5, §9).
//
// Props:
//   ideaId: string  — the idea to fund.
//   title:      string  — the idea's title, for the accessible name "Contribute $5 to {title}".
//   expired:    boolean — the idea is past its deadline: the button is disabled.
//
// Contributing from a list requires sign-in (spec §5): a signed-out click shows 'Please sign in
// to contribute' and goes to /login with `{ from: location }`, so sign-in returns here. Signed
// in, each click starts a $5.00 Stripe Checkout (useCheckout).
import { useConvexAuth } from "convex/react";
import { useLocation, useNavigate } from "react-router-dom";
import { toast } from "../../lib/toast";
import { QUICK_CONTRIBUTION_CENTS } from "../../../convex/model/money/amounts";
import { useCheckout } from "./useCheckout";
import styles from "./QuickContributeButton.module.css";

export const SIGN_IN_TO_CONTRIBUTE = "Please sign in to contribute";
const CLOSED = "This idea is no longer accepting contributions";

export interface QuickContributeButtonProps {
  ideaId: string;
  title: string;
  expired: boolean;
}

export default function QuickContributeButton({
  ideaId,
  title,
  expired,
}: QuickContributeButtonProps) {
  const { isLoading, isAuthenticated } = useConvexAuth();
  const { start, busy } = useCheckout();
  const navigate = useNavigate();
  const location = useLocation();
  const dollars = QUICK_CONTRIBUTION_CENTS / 100;

  function onClick() {
    if (isLoading) return;
    if (!isAuthenticated) {
      toast.error(SIGN_IN_TO_CONTRIBUTE);
      navigate("/login", { state: { from: location } });
      return;
    }
    void start(ideaId, QUICK_CONTRIBUTION_CENTS);
  }

  return (
    <button
      type="button"
      className={`btn btn-soft btn-sm ${styles.quickContribute}`}
      aria-label={`Contribute $${dollars} to ${title}`}
      title={expired ? CLOSED : `Contribute $${dollars}`}
      aria-busy={busy || undefined}
      disabled={expired || busy}
      onClick={onClick}
    >
      <span aria-hidden="true">+${dollars}</span>
    </button>
  );
}
