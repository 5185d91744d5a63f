import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import VoteButtons from "./VoteButtons";

describe("VoteButtons", () => {
  it("reads '1 vote' in the singular and '0 votes', '5 votes', '-1 vote' otherwise", () => {
    const { rerender } = render(<VoteButtons votes={1} userVote={0} onVote={() => {}} />);
    const group = screen.getByRole("group", { name: "Votes for this idea" });
    expect(group).toHaveTextContent("1 vote");
    expect(group).not.toHaveTextContent("1 votes");
    rerender(<VoteButtons votes={0} userVote={0} onVote={() => {}} />);
    expect(group).toHaveTextContent("0 votes");
    rerender(<VoteButtons votes={5} userVote={0} onVote={() => {}} />);
    expect(group).toHaveTextContent("5 votes");
    rerender(<VoteButtons votes={-1} userVote={0} onVote={() => {}} />);
    expect(group).toHaveTextContent("-1 vote");
    expect(group).not.toHaveTextContent("-1 votes");
  });

  it("does not announce other people's votes: the count is in no live region", () => {
    const { container, rerender } = render(
      <VoteButtons votes={3} userVote={0} onVote={() => {}} />,
    );
    rerender(<VoteButtons votes={4} userVote={0} onVote={() => {}} />);
    const live = container.querySelectorAll('[aria-live], [role="status"], [role="alert"]');
    for (const region of live) expect(region).toHaveTextContent(/^$/);
  });

  it("announces the person's own vote change once, in their words", async () => {
    const onVote = vi.fn();
    const { rerender } = render(
      <VoteButtons votes={3} userVote={0} onVote={onVote} subject="this video" />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Upvote this video" }));
    expect(onVote).toHaveBeenLastCalledWith(1);
    expect(screen.getAllByRole("status")).toHaveLength(1);
    expect(screen.getByRole("status")).toHaveTextContent("You upvoted this video");
    // The new count arriving afterwards changes nothing that is read out.
    rerender(<VoteButtons votes={4} userVote={1} onVote={onVote} subject="this video" />);
    expect(screen.getByRole("status")).toHaveTextContent(/^You upvoted this video$/);
    await userEvent.click(screen.getByRole("button", { name: "Upvote this video" }));
    expect(onVote).toHaveBeenLastCalledWith(0);
    expect(screen.getByRole("status")).toHaveTextContent("You removed your vote on this video");
  });
});
