// Where a submitted video stands, in words: the studio and Profile → Submissions say the same.

/** "#2 of 5", or why there is no place ("Can't win", "Below the top 50"). */
export function rankText(row: { rank: number | null; rivals: number; eligible: boolean }): string {
  if (!row.eligible) return "Can't win";
  if (row.rank === null) return `Below the top ${row.rivals}`;
  return `#${row.rank} of ${row.rivals}`;
}
