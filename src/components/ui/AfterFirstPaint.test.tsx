import { useLayoutEffect } from "react";
import { render, screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import AfterFirstPaint from "./AfterFirstPaint";

/** Text that records each commit it is part of. */
function Committed({ name, log }: { name: string; log: string[] }) {
  useLayoutEffect(() => {
    log.push(name);
  });
  return <p>{name}</p>;
}

describe("AfterFirstPaint", () => {
  test("the page's top is committed with the placeholder first; what it holds back follows", async () => {
    const log: string[] = [];
    const { rerender } = render(
      <>
        <Committed name="title" log={log} />
        <AfterFirstPaint placeholder={<Committed name="placeholder" log={log} />}>
          <Committed name="details" log={log} />
        </AfterFirstPaint>
      </>,
    );
    expect(await screen.findByText("details")).toBeInTheDocument();
    expect(screen.queryByText("placeholder")).not.toBeInTheDocument();
    expect(log).toEqual(["title", "placeholder", "details"]);

    // A later update (a vote, say) renders the details at once, with no placeholder between.
    log.length = 0;
    rerender(
      <>
        <Committed name="title" log={log} />
        <AfterFirstPaint placeholder={<Committed name="placeholder" log={log} />}>
          <Committed name="details" log={log} />
        </AfterFirstPaint>
      </>,
    );
    expect(log).toEqual(["title", "details"]);
  });
});
