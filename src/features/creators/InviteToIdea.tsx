// "Invite to my idea" on a creator page: a poster picks one of their open ideas and the creator
// is told (in the app; by email if they turned it on). At most 10 invitations a day per poster
// (the server refuses the 11th with the time to wait). Nothing for visitors, for the creator on
// their own page, or for people with no open idea.
import { useId, useState, type FormEvent } from "react";
import { useMutation, useQuery } from "convex/react";
import { Send } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { convexErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import styles from "./InviteToIdea.module.css";

export const INVITE_LABEL = "Invite to my idea";
export const INVITE_FAILED = "Couldn't send the invitation";
export const invitedText = (name: string) => `${name} is invited. We told them.`;

export default function InviteToIdea({
  creatorId,
  creatorName,
}: {
  creatorId: Id<"users">;
  creatorName: string;
}) {
  const ideas = useQuery(api.creators.invitableIdeasFor, { creatorId });
  const invite = useMutation(api.creators.invite);
  const [open, setOpen] = useState(false);
  const [ideaId, setIdeaId] = useState<string>("");
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  if (!ideas || ideas.length === 0) return null;
  const notYet = ideas.filter((i) => !i.invited);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = ideas?.find((i) => i._id === ideaId);
    if (busy || !chosen) return;
    setBusy(true);
    try {
      await invite({ creatorId, ideaId: chosen._id });
      toast.success(invitedText(creatorName), { description: chosen.title });
      setOpen(false);
      setIdeaId("");
    } catch (error) {
      toast.error(INVITE_FAILED, { description: convexErrorMessage(error) ?? undefined });
    } finally {
      setBusy(false);
    }
  }

  if (!open)
    return (
      <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen(true)}>
        <Send size={16} aria-hidden="true" /> {INVITE_LABEL}
      </button>
    );
  return (
    <form className={styles.invite} onSubmit={(e) => void submit(e)} aria-label={INVITE_LABEL}>
      <label htmlFor={selectId} className="label">
        Invite {creatorName} to
      </label>
      {notYet.length === 0 ? (
        <p className="hint">You invited {creatorName} to each of your open ideas.</p>
      ) : (
        <select
          id={selectId}
          className="select"
          value={ideaId}
          onChange={(e) => setIdeaId(e.target.value)}
          required
        >
          <option value="">Choose one of your open ideas</option>
          {notYet.map((idea) => (
            <option key={idea._id} value={idea._id}>
              {idea.title}
            </option>
          ))}
        </select>
      )}
      <div className={styles.inviteActions}>
        {notYet.length > 0 ? (
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy || !ideaId}>
            {busy ? "Sending..." : "Send invitation"}
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      <p className="hint">You can send up to 10 invitations a day.</p>
    </form>
  );
}
