// The creator page's short bio, written in the studio (at most 280 characters; the server checks
// it again with the content filter). Saved, it shows on /creators/{id} at once.
import { useState, type FormEvent } from "react";
import { useMutation } from "convex/react";
import clsx from "clsx";
import { api } from "../../../convex/_generated/api";
import { CREATOR_BIO_MAX_LENGTH } from "../../../convex/model/ideaPageKinds";
import { convexErrorMessage } from "../../lib/errors";
import { toast } from "../../lib/toast";
import styles from "./Studio.module.css";

export const BIO_SAVED = "Your bio is saved.";

export default function BioEditor({ bio }: { bio: string | null }) {
  const save = useMutation(api.creators.setBio);
  const [text, setText] = useState(bio ?? "");
  const [busy, setBusy] = useState(false);
  const tooLong = text.length > CREATOR_BIO_MAX_LENGTH;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || tooLong) return;
    setBusy(true);
    try {
      await save({ bio: text });
      toast.success(BIO_SAVED);
    } catch (error) {
      toast.error("Couldn't save your bio", {
        description: convexErrorMessage(error) ?? undefined,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.bioForm} onSubmit={(e) => void submit(e)}>
      <label htmlFor="creator-bio" className="label">
        Your bio
      </label>
      <textarea
        id="creator-bio"
        className="textarea"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby="creator-bio-count"
        aria-invalid={tooLong || undefined}
        placeholder="What you make, for whom, and what you'd love to be asked for."
      />
      <p id="creator-bio-count" className={clsx("hint", tooLong && styles.bioTooLong)}>
        {text.length}/{CREATOR_BIO_MAX_LENGTH} characters
      </p>
      <button
        type="submit"
        className="btn btn-secondary btn-sm"
        disabled={busy || tooLong || text === (bio ?? "")}
      >
        {busy ? "Saving..." : "Save bio"}
      </button>
    </form>
  );
}
