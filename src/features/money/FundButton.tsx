// <FundButton ideaId expired label? />: the idea page's funding form, 'Fund This Bounty' (spec §2,
// §9), with Kickstarter's conventions (issue 36): preset amounts ($5, $10, $25, $50, then Other),
// and a signed-in backer's choice whether their name shows on the idea's backers list (default:
// not shown, "a backer"; amounts never are).
//
// Props:
//   ideaId:  string  — the idea to fund.
//   expired: boolean — the idea is past its deadline (or no longer open): the form is not shown
//                      (the server refuses new money then).
//   label:   string  — the button's words ('Fund This Bounty'; the poster's control room says
//                      'Top up the bounty').
//
// $5.00 (QUICK_CONTRIBUTION_CENTS) is chosen at first, so one click still contributes the spec's
// $5; "Other" takes any amount from $1.00 to $10,000.00. Payment goes through Stripe Checkout.
// Signed-out visitors may fund (spec §6). When the address carries `?checkout=cancelled`
// (Stripe's cancel_url), a dismissible note says nothing was charged; the parameter is then
// removed from the address so the note shows once.
import { useEffect, useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { useConvexAuth } from "convex/react";
import clsx from "clsx";
import { formatMoney } from "../../../convex/model/labels";
import {
  MAX_CONTRIBUTION_CENTS,
  MIN_CONTRIBUTION_CENTS,
  QUICK_CONTRIBUTION_CENTS,
  amountProblem,
} from "../../../convex/model/money/amounts";
import { useCheckout } from "./useCheckout";
import styles from "./FundButton.module.css";

export const FUND_LABEL = "Fund This Bounty";
export const CHECKOUT_CANCELLED_NOTE = "Checkout cancelled — nothing was charged.";
export const CHECKOUT_PARAM = "checkout";
/** The preset amounts, in cents, before "Other" (issue 36). */
export const PRESET_CENTS = [500, 1000, 2500, 5000] as const;
export const OTHER_LABEL = "Other";
export const SHOW_NAME_LABEL = "Show my name on the backers list";
export const SHOW_NAME_HINT = "Otherwise you appear as “a backer”. Amounts are never shown.";

export interface FundButtonProps {
  ideaId: string;
  expired: boolean;
  label?: string;
}

type Choice = (typeof PRESET_CENTS)[number] | "other";

export default function FundButton({ ideaId, expired, label = FUND_LABEL }: FundButtonProps) {
  const { start, busy } = useCheckout();
  const { isLoading: sessionLoading, isAuthenticated } = useConvexAuth();
  const [choice, setChoice] = useState<Choice>(QUICK_CONTRIBUTION_CENTS as Choice);
  const [other, setOther] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [showName, setShowName] = useState(false);
  const id = useId();
  const descriptionId = `${id}-description`;
  const otherId = `${id}-other`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const showNameHintId = `${id}-show-name`;

  const preset = choice === "other" ? null : choice;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let cents: number;
    if (preset !== null) cents = preset;
    else {
      const parsed = parseDollars(other);
      if ("problem" in parsed) {
        setProblem(parsed.problem);
        return;
      }
      cents = parsed.cents;
    }
    setProblem(null);
    void start(ideaId, cents, isAuthenticated && showName ? { showName: true } : {});
  }

  return (
    <div className={styles.fund}>
      <CancelledNote />
      {expired ? null : (
        <form className={styles.fundForm} noValidate onSubmit={submit}>
          <fieldset className={styles.fundPresets}>
            <legend className={styles.fundLegend}>Amount</legend>
            <div className={styles.fundChips}>
              {[...PRESET_CENTS, "other" as const].map((value) => (
                <label
                  key={value}
                  className={clsx(styles.fundChip, choice === value && styles.fundChipSelected)}
                >
                  <input
                    type="radio"
                    name={`${id}-amount`}
                    className={styles.fundChipInput}
                    checked={choice === value}
                    onChange={() => {
                      setChoice(value);
                      setProblem(null);
                    }}
                  />
                  {value === "other" ? OTHER_LABEL : formatMoney(value).replace(/\.00$/, "")}
                </label>
              ))}
            </div>
          </fieldset>
          {preset === null ? (
            <div className={clsx("field", styles.fundOther)}>
              <label className="label" htmlFor={otherId}>
                Amount in US dollars
              </label>
              <div className={styles.fundAmount}>
                <span className={styles.fundCurrency} aria-hidden="true">
                  $
                </span>
                <input
                  id={otherId}
                  className={`input ${styles.fundInput}`}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="25.00"
                  value={other}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
                  onChange={(event) => {
                    setOther(event.target.value);
                    if (problem) setProblem(null);
                  }}
                />
              </div>
              <p id={hintId} className="hint">
                From {formatMoney(MIN_CONTRIBUTION_CENTS)} to {formatMoney(MAX_CONTRIBUTION_CENTS)}.
              </p>
              {problem ? (
                <p id={errorId} className={styles.fundError} role="alert">
                  {problem}
                </p>
              ) : null}
            </div>
          ) : null}
          {isAuthenticated ? (
            <div className={styles.fundShowName}>
              <label className={styles.fundCheck}>
                <input
                  type="checkbox"
                  checked={showName}
                  aria-describedby={showNameHintId}
                  onChange={(event) => setShowName(event.target.checked)}
                />
                {SHOW_NAME_LABEL}
              </label>
              <p id={showNameHintId} className={styles.fundDescription}>
                {SHOW_NAME_HINT}
              </p>
            </div>
          ) : null}
          <button
            type="submit"
            className="btn btn-primary btn-lg btn-block fund__button"
            aria-describedby={descriptionId}
            aria-busy={busy || undefined}
            // While the session loads, a signed-in person's contribution would start as a
            // visitor's (the idea page can render from the first paint's answer before then).
            disabled={busy || sessionLoading}
          >
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M12 5v14M5 12h14"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
              />
            </svg>
            {label}
          </button>
          <p id={descriptionId} className={styles.fundDescription}>
            {preset !== null ? (
              <>
                Adds <strong>{formatMoney(preset)}</strong> to the bounty
              </>
            ) : (
              "Adds your amount to the bounty"
            )}
            , paid securely by card through Stripe. If no video wins, you get it back.
          </p>
        </form>
      )}
    </div>
  );
}

/** Dollars typed by a person ("25", "12.5", "$1,000.00") as cents, or a message saying what is wrong. */
export function parseDollars(text: string): { cents: number } | { problem: string } {
  const cleaned = text.trim().replace(/^\$/, "").replace(/,/g, "").trim();
  if (cleaned === "") return { problem: "Enter an amount in dollars." };
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(cleaned))
    return { problem: "Enter an amount in dollars and cents, like 25 or 12.50." };
  const cents = Math.round(Number(cleaned) * 100);
  const problem = amountProblem(cents);
  return problem ? { problem } : { cents };
}

/** "Checkout cancelled — nothing was charged.", once per return from a cancelled checkout. */
function CancelledNote() {
  const [searchParams, setSearchParams] = useSearchParams();
  const cancelled = searchParams.get(CHECKOUT_PARAM) === "cancelled";
  const [shown, setShown] = useState(cancelled);

  // Take the marker out of the address (without a new history entry): a reload or a shared
  // link does not say it again.
  useEffect(() => {
    if (!cancelled) return;
    setShown(true);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(CHECKOUT_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [cancelled, setSearchParams]);

  if (!shown) return null;
  return (
    <div className={`alert ${styles.fundNote}`} role="status">
      <p>{CHECKOUT_CANCELLED_NOTE}</p>
      <button
        type="button"
        className={`btn btn-ghost btn-sm btn-icon ${styles.fundNoteClose}`}
        aria-label="Dismiss"
        onClick={() => setShown(false)}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M6 6l12 12M18 6L6 18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </div>
  );
}
