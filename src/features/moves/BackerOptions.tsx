// <BackerOptions options amountCents sessionId? />: what a backer can still do with one of their
// contributions (issue 36), on the contribution page, the idea page's "Your contributions" and
// My Bounties: the "if nobody delivers" choice (refund me / let me move it to another idea),
// taking the money back after the poster extended the deadline (until the original deadline),
// and moving it when nobody delivered (until its week ends). The server checks every rule again.
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import clsx from "clsx";
import { api } from "../../../convex/_generated/api";
import type { IfNobodyDelivers } from "../../../convex/model/money/states";
import { formatLongDate, formatMoney } from "../../../convex/model/labels";
import { toast } from "../../lib/toast";
import { convexErrorMessage } from "../../lib/errors";
import { useNow } from "../../lib/useNow";
import styles from "./BackerOptions.module.css";

export type BackerOptionsView = NonNullable<
  FunctionReturnType<typeof api.contributions.myFates>
>[number]["options"];

export const IF_NOBODY_DELIVERS_LEGEND = "If nobody delivers";
export const CHOICE_LABELS: Record<IfNobodyDelivers, string> = {
  refund: "Refund me",
  move: "Let me move it to another idea",
};
export const CHOICE_SAVED = "Saved: if nobody delivers, we'll do as you chose.";
export const WITHDRAW_LABEL = "Take my money back";
export const WITHDRAW_STARTED = "Your refund has started: it goes back to your card.";
export const MOVE_LABEL = "Choose an idea";

export default function BackerOptions({
  options,
  amountCents,
  sessionId,
}: {
  options: BackerOptionsView;
  /** What this contribution holds (what a refund or a move would be). */
  amountCents: number;
  /** An anonymous payment's confirmation link, which lets its payer take it back. */
  sessionId?: string;
}) {
  const now = useNow();
  const amount = formatMoney(amountCents);
  const withdrawOpen = options.withdrawUntil !== null && now < options.withdrawUntil;
  const moveOpen = options.moveBy !== null && now < options.moveBy;
  return (
    <div className={styles.backerOptions} data-testid="backer-options">
      {moveOpen ? (
        <div className={clsx("alert", styles.backerOptionsMove)} role="status">
          <p>
            Nobody delivered. You chose to move your money: pick an open idea for your{" "}
            <strong>{amount}</strong> by {formatLongDate(options.moveBy!)}, or it is refunded to
            your card then.
          </p>
          <Link className="btn btn-primary btn-sm" to={`/move-money/${options.contributionId}`}>
            {MOVE_LABEL}
          </Link>
        </div>
      ) : null}
      {withdrawOpen ? (
        <Withdraw
          contributionId={options.contributionId}
          until={options.withdrawUntil!}
          amount={amount}
          sessionId={sessionId}
        />
      ) : null}
      {options.movedIn ? (
        <p className={styles.backerOptionsNote}>
          Moved here from another idea: if nobody delivers, it is refunded to your original card
          (money moves once).
        </p>
      ) : options.choiceOpen ? (
        <NobodyDeliversChoice options={options} />
      ) : options.ifNobodyDelivers === "move" && options.moveBy === null ? (
        <p className={styles.backerOptionsNote}>
          If nobody delivers: you chose to move it to another idea.
        </p>
      ) : null}
    </div>
  );
}

function NobodyDeliversChoice({ options }: { options: BackerOptionsView }) {
  const setChoice = useMutation(api.moves.setIfNobodyDelivers);
  const [pending, setPending] = useState<IfNobodyDelivers | null>(null);
  const name = useId();
  const selected = pending ?? options.ifNobodyDelivers;

  async function choose(choice: IfNobodyDelivers) {
    if (choice === selected) return;
    setPending(choice);
    try {
      await setChoice({ contributionId: options.contributionId, choice });
      toast.success(CHOICE_SAVED, { id: "nobody-delivers" });
    } catch (error) {
      toast.error(convexErrorMessage(error) ?? "Failed to save your choice", {
        id: "nobody-delivers",
      });
    } finally {
      setPending(null);
    }
  }

  return (
    <fieldset className={styles.backerOptionsChoice} disabled={pending !== null}>
      <legend className={styles.backerOptionsLegend}>{IF_NOBODY_DELIVERS_LEGEND}</legend>
      {(["refund", "move"] as const).map((choice) => (
        <label key={choice} className={styles.backerOptionsRadio}>
          <input
            type="radio"
            name={name}
            checked={selected === choice}
            onChange={() => void choose(choice)}
          />
          {CHOICE_LABELS[choice]}
        </label>
      ))}
      <p className={styles.backerOptionsHint}>
        {selected === "move"
          ? "If the idea ends with nobody to pay, you get 7 days to pick another open idea for this money; otherwise it is refunded."
          : "If the idea ends with nobody to pay, this money is refunded to your card."}
      </p>
    </fieldset>
  );
}

function Withdraw({
  contributionId,
  until,
  amount,
  sessionId,
}: {
  contributionId: BackerOptionsView["contributionId"];
  until: number;
  amount: string;
  sessionId?: string;
}) {
  const withdraw = useMutation(api.moves.withdraw);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await withdraw({ contributionId, ...(sessionId ? { sessionId } : {}) });
      toast.success(WITHDRAW_STARTED, { id: "withdraw" });
      setConfirming(false);
    } catch (error) {
      toast.error(convexErrorMessage(error) ?? "Failed to take the money back", { id: "withdraw" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={clsx("alert", styles.backerOptionsWithdraw)}>
      <p>
        The poster extended the deadline. You may take this money back until {formatLongDate(until)}
        : the full {amount} is refunded to your card.
      </p>
      {confirming ? (
        <div className={styles.backerOptionsActions}>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void confirm()}
            disabled={busy}
          >
            Refund {amount} to my card
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => setConfirming(false)}
            disabled={busy}
          >
            Keep it in
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => setConfirming(true)}
        >
          {WITHDRAW_LABEL}
        </button>
      )}
    </div>
  );
}
