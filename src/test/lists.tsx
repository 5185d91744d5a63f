// Helpers for the idea lists' tests: ideas as `api.ideas.list` returns them, and the
// mocked Convex hooks (each test file mocks "convex/react" itself with vi.mock).
import { vi } from "vitest";
import { useConvexAuth, useMutation, usePaginatedQuery, useQuery } from "convex/react";
import type { IdeaListItem } from "../features/ideas/IdeaCard";

const DAY = 24 * 60 * 60 * 1000;

export function makeIdea(overrides: Partial<IdeaListItem> = {}): IdeaListItem {
  return {
    _id: "idea_1" as IdeaListItem["_id"],
    _creationTime: Date.UTC(2024, 10, 6),
    title: "Explain quantum computing with LEGO",
    description: "",
    brief: null,
    links: [],
    platform: "YouTube",
    durations: ["SHORT"],
    expiration: Date.now() + 3 * DAY - 60 * 60 * 1000,
    status: "open",
    bountyCents: 1250,
    submissionCount: 3,
    votes: 4,
    ending: { kind: "open" },
    videos: [],
    author: { _id: "user_ada" as never, name: "Ada Lovelace", avatarUrl: null },
    backerCount: 2,
    editedAt: null,
    extendedFrom: null,
    ...overrides,
  };
}

export type PaginatedStatus = "LoadingFirstPage" | "CanLoadMore" | "LoadingMore" | "Exhausted";

export interface ListState {
  results: IdeaListItem[];
  status: PaginatedStatus;
  loadMore: ReturnType<typeof vi.fn>;
  /** When set, the list query throws this while rendering (a failed query). */
  error?: Error;
}

/** Makes the mocked `usePaginatedQuery` answer with `state` (read at each render). */
export function mockList(state: ListState) {
  vi.mocked(usePaginatedQuery).mockImplementation((() => {
    if (state.error) throw state.error;
    return {
      results: state.results,
      status: state.status,
      isLoading: state.status === "LoadingFirstPage" || state.status === "LoadingMore",
      loadMore: state.loadMore,
    };
  }) as unknown as typeof usePaginatedQuery);
}

/** The `args` the list query was last called with. */
export function lastListArgs(): Record<string, unknown> {
  const calls = vi.mocked(usePaginatedQuery).mock.calls;
  return calls[calls.length - 1]?.[1] as Record<string, unknown>;
}

export type OptimisticUpdater = (store: unknown, args: unknown) => void;

/** A signed-in or signed-out session, and a vote mutation that resolves. */
export function mockSession({ signedIn }: { signedIn: boolean }) {
  vi.mocked(useConvexAuth).mockReturnValue({
    isLoading: false,
    isAuthenticated: signedIn,
  } as ReturnType<typeof useConvexAuth>);
  const vote = vi.fn().mockResolvedValue(0);
  // The optimistic updater the component registered, kept so tests can run it on a fake store.
  let updater: OptimisticUpdater | null = null;
  const mutation = Object.assign(vote, {
    withOptimisticUpdate: (update: OptimisticUpdater) => {
      updater = update;
      return mutation;
    },
  });
  vi.mocked(useMutation).mockReturnValue(mutation as unknown as ReturnType<typeof useMutation>);
  vi.mocked(useQuery).mockReturnValue(undefined);
  return {
    vote,
    optimisticUpdate: (): OptimisticUpdater => {
      if (!updater) throw new Error("no optimistic update was registered");
      return updater;
    },
  };
}
