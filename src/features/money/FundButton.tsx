// <FundButton ideaId expired />: the idea page's 'Fund This Bounty' (spec §2, §9).
//
// Props:
//   ideaId: string  — the idea to fund.
//   expired:    boolean — the idea is past its deadline (or no longer open): the button and the
//                         other-amount form are not shown (the server refuses new money then).
//
// One click contributes $5.00 (QUICK_CONTRIBUTION_CENTS) through Stripe Checkout; "Other
// amount" opens a small form for any amount from $1.00 to $10,000.00. Signed-out visitors may
// fund (spec §6). When the address carries `?checkout=cancelled` (Stripe's cancel_url), a
// dismissible note says nothing was charged; the parameter is then removed from the address so
// the note shows once.
import { useEffect, useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
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

export interface FundButtonProps {
  ideaId: string;
  expired: boolean;
}

export default function FundButton({ ideaId, expired }: FundButtonProps) {
  const { start, busy } = useCheckout();
  const [otherOpen, setOtherOpen] = useState(false);
  const id = useId();
  const descriptionId = `${id}-description`;
  const formId = `${id}-other`;

  return (
    <div className={styles.fund}>
      <CancelledNote />
      {expired ? null : (
        <>
          <button
            type="button"
            className="btn btn-primary btn-lg btn-block fund__button"
            aria-describedby={descriptionId}
            aria-busy={busy || undefined}
            disabled={busy}
            onClick={() => void start(ideaId, QUICK_CONTRIBUTION_CENTS)}
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
            {FUND_LABEL}
          </button>
          <p id={descriptionId} className={styles.fundDescription}>
            Adds <strong>{formatMoney(QUICK_CONTRIBUTION_CENTS)}</strong> to the bounty, paid
            securely by card through Stripe. If no video wins, you get it back.
          </p>
          <button
            type="button"
            className={styles.fundToggle}
            aria-expanded={otherOpen}
            aria-controls={formId}
            onClick={() => setOtherOpen((open) => !open)}
          >
            {otherOpen ? "Hide other amount" : "Other amount"}
          </button>
          {otherOpen ? (
            <OtherAmountForm
              id={formId}
              busy={busy}
              onSubmit={(cents) => void start(ideaId, cents)}
            />
          ) : null}
        </>
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

function OtherAmountForm({
  id,
  busy,
  onSubmit,
}: {
  id: string;
  busy: boolean;
  onSubmit: (cents: number) => void;
}) {
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = `${id}-amount`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseDollars(value);
    if ("problem" in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    onSubmit(parsed.cents);
  }

  return (
    <form id={id} className={styles.fundOther} noValidate onSubmit={submit}>
      <div className="field">
        <label className="label" htmlFor={inputId}>
          Amount in US dollars
        </label>
        <div className={styles.fundAmount}>
          <span className={styles.fundCurrency} aria-hidden="true">
            $
          </span>
          <input
            id={inputId}
            className={`input ${styles.fundInput}`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="25.00"
            value={value}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
            onChange={(event) => {
              setValue(event.target.value);
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
      <button type="submit" className="btn btn-secondary btn-block" disabled={busy}>
        Continue to payment
      </button>
    </form>
  );
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
