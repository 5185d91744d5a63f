// The idea page's part of its poster's stats (issue 36): one view per visit (once per browser
// tab and idea), and a share each time a share button is used. Counting never gets in anyone's
// way: a refused or failed count is dropped.
import { useCallback, useEffect } from "react";
import { useConvexAuth, useMutation } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";

const seen = (ideaId: string) => `bounties:viewed:${ideaId}`;

export function useRecordView(ideaId: Id<"proposals">) {
  const record = useMutation(api.controlRoom.recordView);
  // Wait for the session: counted before it is known, the poster's own visit would count.
  const { isLoading } = useConvexAuth();
  useEffect(() => {
    if (isLoading) return;
    try {
      if (sessionStorage.getItem(seen(ideaId))) return;
      sessionStorage.setItem(seen(ideaId), "1");
    } catch {
      // No storage (a private window): count this visit anyway.
    }
    void Promise.resolve()
      .then(() => record({ ideaId }))
      .catch(() => undefined);
  }, [ideaId, record, isLoading]);
}

export function useRecordShare(ideaId: Id<"proposals">) {
  const record = useMutation(api.controlRoom.recordShare);
  return useCallback(() => {
    void Promise.resolve()
      .then(() => record({ ideaId }))
      .catch(() => undefined);
  }, [ideaId, record]);
}
