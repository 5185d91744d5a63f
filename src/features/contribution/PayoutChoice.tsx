// The confirmation's payout-method choice (spec §2 and §4): two options, locked with a reason
// when this viewer cannot change it; a failed change reverts to customer_choice.
import { useId, useState } from "react";
import clsx from "clsx";
import { Link, useLocation } from "react-router-dom";
import { useConvexAuth, useMutation } from "convex/react";
import { toast } from "../../lib/toast";
import { api } from "../../../convex/_generated/api";
import { formatLongDate } from "../../../convex/model/labels";
import type { PayoutPreference } from "../../../convex/model/money/amounts";
import { convexErrorMessage } from "../../lib/errors";
import {
  PAYOUT_OPTIONS,
  PAYOUT_UPDATED,
  PAYOUT_UPDATE_FAILED,
  SIGN_IN_TO_CHANGE_PAYOUT,
  lockReason,
  type ContributionDetails,
} from "./contributionDetails";
import { LockIcon } from "./StatusIcons";
import tile from "../../components/ui/OptionTile.module.css";
import contributionViewStyles from "./ContributionView.module.css";

export default function PayoutChoice({
  sessionId,
  details,
}: {
  sessionId: string;
  details: ContributionDetails;
}) {
  const { isAuthenticated } = useConvexAuth();
  const location = useLocation();
  const setPreference = useMutation(api.contributions.setPayoutPreference);
  const [saving, setSaving] = useState(false);
  // A local choice shown instead of the server's, for the server value it was made against.
  const [local, setLocal] = useState<{ value: PayoutPreference; basis: PayoutPreference } | null>(
    null,
  );
  const id = useId();
  const lockedId = `${id}-locked`;

  const server: PayoutPreference = details.anonymous
    ? "peoples_choice"
    : details.contribution.payoutPreference;
  const selected = local !== null && local.basis === server ? local.value : server;
  const locked = lockReason(details, isAuthenticated);
  const deadline = formatLongDate(details.winnerSelectionDeadline);

  async function choose(value: PayoutPreference) {
    if (value === selected || saving) return;
    if (!isAuthenticated) {
      toast.error(SIGN_IN_TO_CHANGE_PAYOUT);
      return;
    }
    if (locked) return;
    setLocal({ value, basis: server });
    setSaving(true);
    try {
      await setPreference({ sessionId, preference: value });
      // The live query already carries the new value.
      setLocal(null);
      toast.success(PAYOUT_UPDATED);
    } catch (error) {
      // Spec §4: on failure the choice reverts locally to customer_choice.
      setLocal({ value: "customer_choice", basis: server });
      toast.error(PAYOUT_UPDATE_FAILED, {
        description: convexErrorMessage(error) ?? undefined,
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section
      className={`card ${contributionViewStyles.payoutChoice}`}
      aria-labelledby="payout-choice-title"
    >
      <h2 id="payout-choice-title" className={contributionViewStyles.payoutChoiceTitle}>
        How your contribution is paid out
      </h2>
      <fieldset
        className={contributionViewStyles.payoutChoiceOptions}
        disabled={locked !== null}
        aria-describedby={locked ? lockedId : undefined}
        aria-busy={saving || undefined}
      >
        <legend className="visually-hidden">Payout method</legend>
        {PAYOUT_OPTIONS.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              className={clsx(
                tile.tile,
                contributionViewStyles.payoutOption,
                selected === option.value && contributionViewStyles.isSelected,
              )}
              htmlFor={optionId}
            >
              <input
                id={optionId}
                type="radio"
                name={`${id}-payout`}
                value={option.value}
                className={clsx(tile.input, contributionViewStyles.payoutOptionInput)}
                checked={selected === option.value}
                aria-labelledby={`${optionId}-label`}
                aria-describedby={`${optionId}-description`}
                onChange={() => void choose(option.value)}
              />
              <span className={clsx(tile.text, contributionViewStyles.payoutOptionText)}>
                <span id={`${optionId}-label`} className={contributionViewStyles.payoutOptionLabel}>
                  {option.label}
                </span>
                <span
                  id={`${optionId}-description`}
                  className={clsx(tile.description, contributionViewStyles.payoutOptionDescription)}
                >
                  {option.description(deadline)}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {locked ? (
        <p id={lockedId} className={contributionViewStyles.payoutChoiceLocked}>
          <LockIcon />
          {locked}
        </p>
      ) : !isAuthenticated ? (
        <p className={contributionViewStyles.payoutChoiceLocked}>
          <Link to="/login" state={{ from: location }}>
            Sign in
          </Link>{" "}
          to change how your contribution is paid out.
        </p>
      ) : null}
      <ul className={contributionViewStyles.payoutChoiceNotes}>
        <li>
          If no valid videos are submitted by the winner-selection deadline,{" "}
          <strong>{deadline}</strong>, your money is returned to you.
        </li>
        <li>Payout preferences can be changed until the idea receives its first submission.</li>
      </ul>
    </section>
  );
}
