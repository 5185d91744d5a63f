// The studio's earnings: what the creator earns, by state — in judging, waiting for payout
// set-up (with its deadline), being paid, paid (with the date) — per idea, live, and the
// statement as a CSV file. The lines are the server's (convex/model/studio.ts earningsOf: Payout
// settings' wins and the Expected Payout of videos in judging); this only shows them.
import { Link } from "react-router-dom";
import { useQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { Download } from "lucide-react";
import clsx from "clsx";
import { api } from "../../../convex/_generated/api";
import {
  EARNING_STATE_LABELS,
  EARNING_STATES,
  earningDateText,
  statementCsv,
  statementFileName,
  totalsByState,
  type EarningState,
} from "../../../convex/model/statement";
import { formatLongDate, formatMoney } from "../../lib/format";
import { Loading, SkeletonRows } from "../../components/ui/Skeleton";
import { EmptyState } from "../../components/ui/EmptyState";
import { moduleClass } from "../../lib/moduleClass";
import styles from "./Studio.module.css";

type Line = FunctionReturnType<typeof api.studio.earnings>[number];

export const NO_EARNINGS = "Nothing earned yet. What your videos win shows here, step by step.";
/** The four states always shown; frozen and held money only when there is some. */
const MAIN_STATES: readonly EarningState[] = ["judging", "waiting", "paying", "paid"];

/** Saves the statement as a file (a link to a Blob, clicked, then let go). */
export function downloadStatement(lines: readonly Line[], now = Date.now()) {
  const blob = new Blob([statementCsv(lines)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = statementFileName(now);
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

export default function EarningsSection() {
  const lines = useQuery(api.studio.earnings, {});
  return (
    <section className={`card ${styles.studioSection}`} aria-labelledby="studio-earnings-heading">
      <div className={styles.studioSectionHeader}>
        <h2 id="studio-earnings-heading" className={styles.studioSectionTitle}>
          Earnings
        </h2>
        {lines && lines.length > 0 ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => downloadStatement(lines)}
          >
            <Download size={16} aria-hidden="true" /> Download statement (CSV)
          </button>
        ) : null}
      </div>
      {lines === undefined ? (
        <Loading label="Loading your earnings...">
          <SkeletonRows count={2} className={styles.studioSkeletonRow} />
        </Loading>
      ) : lines.length === 0 ? (
        <EmptyState
          text={NO_EARNINGS}
          action={
            <Link to="/ideas" className="btn btn-primary btn-sm">
              Find an idea
            </Link>
          }
        />
      ) : (
        <Earnings lines={lines} />
      )}
    </section>
  );
}

function Earnings({ lines }: { lines: readonly Line[] }) {
  const totals = totalsByState(lines);
  const shown = EARNING_STATES.filter((s) => MAIN_STATES.includes(s) || totals[s] > 0);
  const waiting = lines.filter((l) => l.state === "waiting" && l.date !== null);
  const soonest = waiting.length > 0 ? Math.min(...waiting.map((l) => l.date!)) : null;
  return (
    <>
      <dl className={styles.earningTotals} aria-label="Earnings by state">
        {shown.map((state) => (
          <div
            key={state}
            className={clsx(styles.earningTotal, moduleClass(styles, `earning-total--${state}`))}
            data-testid={`earning-total-${state}`}
          >
            <dt>{EARNING_STATE_LABELS[state]}</dt>
            <dd>{formatMoney(totals[state])}</dd>
          </div>
        ))}
      </dl>
      {soonest !== null ? (
        <p className={`alert ${styles.earningAlert}`} role="status">
          <strong>Set up payouts by {formatLongDate(soonest)}</strong> to receive{" "}
          {formatMoney(totals.waiting)}, or it passes to the next video.{" "}
          <Link to="/profile?tab=settings">Set up payouts</Link>
        </p>
      ) : null}
      <ul className={styles.earningLines} aria-label="Earnings per idea">
        {lines.map((line) => (
          <li
            key={`${line.ideaId}-${line.videoTitle}-${line.state}`}
            className={styles.earningLine}
            data-testid="earning-line"
          >
            <div className={styles.earningLineText}>
              <Link to={`/expanded-proposal/${line.ideaId}`} className={styles.earningLineIdea}>
                {line.ideaTitle}
              </Link>
              <span className={styles.earningLineVideo}>“{line.videoTitle}”</span>
            </div>
            <span
              className={clsx(
                styles.earningState,
                moduleClass(styles, `earning-state--${line.state}`),
              )}
            >
              {EARNING_STATE_LABELS[line.state]}
            </span>
            <span className={styles.earningAmount}>{formatMoney(line.amountCents)}</span>
            <span className={styles.earningDate}>
              {earningDateText(line.state, line.date) ?? ""}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
