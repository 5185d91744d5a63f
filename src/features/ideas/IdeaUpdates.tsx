// <IdeaUpdates ideaId isPoster />: the poster's news about their idea, newest first, live.
// The poster writes them here; each reaches the idea's followers in the app and by email
// (updates about the bounty, the deadline or judging by default, the rest when they opt in).
// Visitors see nothing until there is an update.
import { useId, useState } from "react";
import { useMutation, usePaginatedQuery } from "convex/react";
import { Megaphone } from "lucide-react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { UPDATE_MAX_LENGTH } from "../../../convex/model/ideaPageKinds";
import { formatShortDateTime } from "../../lib/format";
import { toast } from "../../lib/toast";
import MessageForm from "../conversation/MessageForm";
import ReportControl from "../moderation/ReportControl";
import sectionStyles from "./IdeaSection.module.css";
import styles from "./IdeaUpdates.module.css";

export const UPDATES_HEADING = "Updates from the poster";
export const MONEY_TOPIC_LABEL = "About the bounty, the deadline or judging";
export const UPDATE_POSTED = "Update posted. Followers will hear about it.";
const PAGE = 5;

export default function IdeaUpdates({
  ideaId,
  isPoster,
}: {
  ideaId: Id<"proposals">;
  isPoster: boolean;
}) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.updates.list,
    { ideaId },
    { initialNumItems: PAGE },
  );
  if (status === "LoadingFirstPage" || (results.length === 0 && !isPoster)) return null;
  return (
    <section
      id="updates"
      className={`card ${sectionStyles.ideaSection}`}
      aria-labelledby="updates-heading"
    >
      <h2 id="updates-heading" className={sectionStyles.ideaSectionTitle}>
        {UPDATES_HEADING}
      </h2>
      {isPoster ? <UpdateForm ideaId={ideaId} /> : null}
      {results.length > 0 ? (
        <ol className={styles.ideaUpdatesList} aria-label="Updates, newest first">
          {results.map((u) => (
            <li key={u._id} className={styles.ideaUpdate}>
              <p className={styles.ideaUpdateMeta}>
                <Megaphone size={14} aria-hidden="true" />
                <time dateTime={new Date(u._creationTime).toISOString()}>
                  {formatShortDateTime(u._creationTime)}
                </time>
                {u.topic === "money" ? (
                  <span className="badge badge-warning">Bounty &amp; deadline</span>
                ) : null}
              </p>
              <p className={styles.ideaUpdateBody}>{u.body}</p>
              <ReportControl target="update" targetId={u._id} label="this update" own={isPoster} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">Tell backers and creators what changed: they hear it at once.</p>
      )}
      {status === "CanLoadMore" ? (
        <button type="button" className="btn btn-secondary" onClick={() => loadMore(PAGE)}>
          Show older updates
        </button>
      ) : null}
    </section>
  );
}

function UpdateForm({ ideaId }: { ideaId: Id<"proposals"> }) {
  const post = useMutation(api.updates.post);
  const [money, setMoney] = useState(false);
  const checkboxId = useId();
  return (
    <MessageForm
      kind="answer"
      label="Post an update"
      placeholder="I raised the bounty. Please include subtitles. Judging starts tomorrow."
      submitLabel="Post update"
      maxLength={UPDATE_MAX_LENGTH}
      onSend={async (body) => {
        await post({ ideaId, body, topic: money ? "money" : "general" });
        setMoney(false);
        toast.success(UPDATE_POSTED);
      }}
    >
      <div className={styles.ideaUpdatesTopic}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={money}
          onChange={(e) => setMoney(e.target.checked)}
        />
        <label htmlFor={checkboxId}>
          {MONEY_TOPIC_LABEL}{" "}
          <span className="hint">(emailed to followers unless they turned it off)</span>
        </label>
      </div>
    </MessageForm>
  );
}
