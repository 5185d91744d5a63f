// Picking the winning video (contributions.pickWinner, the money rules), with the same toasts
// wherever a contributor picks: on a submission card or in "Pick your winner" at the top.
import { useState } from "react";
import { useMutation } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { convexErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";

export const PICK_SAVED = "Winner picked. Your contribution goes to this video.";
export const PICK_FAILED = "Failed to pick the winner";

/** `pick(id)` picks a video (one at a time); `saving` is the video being picked, if any. */
export function usePickWinner() {
  const pickWinner = useMutation(api.contributions.pickWinner);
  const [saving, setSaving] = useState<Id<"submissions"> | null>(null);
  async function pick(submissionId: Id<"submissions">) {
    if (saving) return;
    setSaving(submissionId);
    try {
      await pickWinner({ submissionId });
      toast.success(PICK_SAVED);
    } catch (error) {
      toast.error(PICK_FAILED, { description: convexErrorMessage(error) ?? undefined });
    } finally {
      setSaving(null);
    }
  }
  return { saving, pick };
}
