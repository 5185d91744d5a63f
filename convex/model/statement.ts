// A creator's earnings as the studio shows them and as their statement (CSV) lists them: the
// states of an earning line, their words, and the statement's text. Pure, shared by the server
// (model/studio.ts) and the web app (the studio's Download button), so both say the same.
import { literals } from "convex-helpers/validators";
import type { Infer } from "convex/values";
import { formatLongDate } from "./labels";

/**
 * Where an earning is: in judging (what the video would receive if judging ended now), waiting
 * for payout set-up (until its claim deadline), being paid, paid, or frozen/held (money that
 * cannot move: a card dispute, or a payment our team is on).
 */
export const EARNING_STATES = [
  "judging",
  "waiting",
  "paying",
  "paid",
  "frozen",
  "on_hold",
] as const;
export const earningStateValidator = literals(...EARNING_STATES);
export type EarningState = Infer<typeof earningStateValidator>;

export const EARNING_STATE_LABELS: Record<EarningState, string> = {
  judging: "In judging",
  waiting: "Waiting for payout set-up",
  paying: "Being paid",
  paid: "Paid",
  frozen: "Frozen by a card dispute",
  on_hold: "Held: our team is on it",
};

/** What the date of a line in a state means ("Judging ends", "Set up payouts by", "Paid on"). */
export const EARNING_DATE_LABELS: Record<EarningState, string | null> = {
  judging: "Judging ends",
  waiting: "Set up payouts by",
  paying: null,
  paid: "Paid on",
  frozen: null,
  on_hold: null,
};

export interface StatementLine {
  ideaTitle: string;
  videoTitle: string;
  state: EarningState;
  amountCents: number;
  date: number | null;
}

/** The sum of the lines in each state. */
export function totalsByState(lines: readonly StatementLine[]): Record<EarningState, number> {
  const totals = Object.fromEntries(EARNING_STATES.map((s) => [s, 0])) as Record<
    EarningState,
    number
  >;
  for (const line of lines) totals[line.state] += line.amountCents;
  return totals;
}

/**
 * A CSV field: quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ is
 * prefixed with ' so a spreadsheet never runs a title as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The statement: one row per line (idea, video, state, amount in dollars, the date and what it
 * means), then a total per state. Lines with the latest date first.
 */
export function statementCsv(lines: readonly StatementLine[]): string {
  const rows = [["Idea", "Video", "State", "Amount (USD)", "Date", "Date means"]];
  const sorted = [...lines].sort((a, b) => (b.date ?? 0) - (a.date ?? 0));
  for (const line of sorted)
    rows.push([
      line.ideaTitle,
      line.videoTitle,
      EARNING_STATE_LABELS[line.state],
      (line.amountCents / 100).toFixed(2),
      line.date === null ? "" : isoDay(line.date),
      line.date === null ? "" : (EARNING_DATE_LABELS[line.state] ?? ""),
    ]);
  const totals = totalsByState(lines);
  for (const state of EARNING_STATES)
    if (totals[state] > 0)
      rows.push([
        "Total",
        "",
        EARNING_STATE_LABELS[state],
        (totals[state] / 100).toFixed(2),
        "",
        "",
      ]);
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** The statement's file name: "bounties-statement-2026-11-27.csv". */
export function statementFileName(now: number): string {
  return `bounties-statement-${isoDay(now)}.csv`;
}

/** "Paid on November 6, 2024" / "Set up payouts by …": a line's date in words. */
export function earningDateText(state: EarningState, date: number | null): string | null {
  const label = EARNING_DATE_LABELS[state];
  return label === null || date === null ? null : `${label} ${formatLongDate(date)}`;
}
