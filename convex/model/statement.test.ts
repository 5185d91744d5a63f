// A creator's statement (issue 37): one row per earning with its state, amount and dated meaning,
// totals per state, and fields a spreadsheet reads as text (never as a formula).
import { describe, expect, test } from "vitest";
import { csvField, statementCsv, statementFileName, totalsByState } from "./statement";

const lines = [
  {
    ideaTitle: "Bridges of Lisbon",
    videoTitle: "Crossing at dawn",
    state: "paid" as const,
    amountCents: 2_500,
    date: Date.UTC(2026, 10, 20, 12),
  },
  {
    ideaTitle: 'Night "markets", Lagos',
    videoTitle: '=HYPERLINK("evil")',
    state: "waiting" as const,
    amountCents: 1_050,
    date: Date.UTC(2026, 11, 30, 12),
  },
  {
    ideaTitle: "Tiny houses",
    videoTitle: "Forty square feet",
    state: "judging" as const,
    amountCents: 700,
    date: Date.UTC(2026, 11, 3, 12),
  },
];

describe("the statement", () => {
  test("a row per line, latest date first, then a total per state", () => {
    expect(statementCsv(lines).split("\r\n")).toEqual([
      "Idea,Video,State,Amount (USD),Date,Date means",
      `"Night ""markets"", Lagos","'=HYPERLINK(""evil"")",Waiting for payout set-up,10.50,2026-12-30,Set up payouts by`,
      "Tiny houses,Forty square feet,In judging,7.00,2026-12-03,Judging ends",
      "Bridges of Lisbon,Crossing at dawn,Paid,25.00,2026-11-20,Paid on",
      "Total,,In judging,7.00,,",
      "Total,,Waiting for payout set-up,10.50,,",
      "Total,,Paid,25.00,,",
      "",
    ]);
  });

  test("totals add up by state", () => {
    expect(totalsByState(lines)).toMatchObject({
      paid: 2_500,
      waiting: 1_050,
      judging: 700,
      paying: 0,
    });
  });

  test("fields a spreadsheet would run are text; quotes, commas and breaks are quoted", () => {
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-1")).toBe("'-1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("plain")).toBe("plain");
  });

  test("its file name carries the day", () => {
    expect(statementFileName(Date.UTC(2026, 10, 27, 18))).toBe("bounties-statement-2026-11-27.csv");
  });
});
