// <Conversation ideaId />: the idea's questions and answers, live. A new message appears on
// every open page at once (the list is one shared subscription) and is read out politely to
// screen readers. Newest questions first, a page at a time.
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { useMutation, usePaginatedQuery, useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import { useCurrentUser } from "../../lib/session";
import { toast } from "../../lib/toast";
import QueryErrorBoundary from "../../components/QueryErrorBoundary";
import { EmptyState } from "../../components/ui/EmptyState";
import { Loading, SkeletonRows } from "../../components/ui/Skeleton";
import MessageForm from "./MessageForm";
import type { ViewerOnThread } from "./MessageItem";
import QuestionThread, { type QuestionView } from "./QuestionThread";
import sectionStyles from "../ideas/IdeaSection.module.css";
import styles from "./Conversation.module.css";

export const CONVERSATION_HEADING = "Questions and answers";
export const QUESTIONS_PAGE = 10;
export const NO_QUESTIONS = "No questions yet. Ask the poster or the creators anything.";
export const LOAD_ERROR = "Failed to load the questions";
export const SIGN_IN_TO_ASK = "Sign in to ask a question or answer one";

export default function Conversation({ ideaId }: { ideaId: Id<"proposals"> }) {
  return (
    <section
      id="questions"
      className={`card ${sectionStyles.ideaSection}`}
      aria-labelledby="conversation-heading"
    >
      <h2 id="conversation-heading" className={sectionStyles.ideaSectionTitle}>
        {CONVERSATION_HEADING}
      </h2>
      <QueryErrorBoundary
        fallback={
          <p className="alert alert-danger" role="alert">
            {LOAD_ERROR}. Please reload the page to try again.
          </p>
        }
        onError={() => toast.error(LOAD_ERROR, { id: "questions-load-error" })}
      >
        <ConversationBody ideaId={ideaId} />
      </QueryErrorBoundary>
    </section>
  );
}

function ConversationBody({ ideaId }: { ideaId: Id<"proposals"> }) {
  const location = useLocation();
  const { user, isAuthenticated } = useCurrentUser();
  const viewerInfo = useQuery(api.conversation.viewer, { ideaId });
  const ask = useMutation(api.conversation.ask);
  const { results, status, loadMore } = usePaginatedQuery(
    api.conversation.questions,
    { ideaId },
    { initialNumItems: QUESTIONS_PAGE },
  );
  const viewer: ViewerOnThread = useMemo(
    () => ({
      signedIn: isAuthenticated,
      userId: user?._id ?? null,
      isPoster: viewerInfo?.role === "poster",
      reports: new Map((viewerInfo?.reported ?? []).map((r) => [r.messageId, r.reportCount])),
    }),
    [isAuthenticated, user?._id, viewerInfo],
  );
  const announcement = useNewMessageAnnouncement(results, viewer.userId, status);

  return (
    <>
      {isAuthenticated ? (
        <MessageForm kind="question" onSend={(body) => ask({ ideaId, body })} />
      ) : (
        <p className={styles.conversationSignIn}>
          <Link to="/login" state={{ from: location }}>
            {SIGN_IN_TO_ASK}
          </Link>
        </p>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {status === "LoadingFirstPage" ? (
        <Loading label="Loading the questions..." className="conversation__loading">
          <SkeletonRows count={2} className={styles.conversationSkeleton} />
        </Loading>
      ) : results.length === 0 ? (
        <EmptyState className="conversation__empty" text={NO_QUESTIONS} />
      ) : (
        <ol className={styles.conversationList} aria-label="Questions, newest first">
          {results.map((q) => (
            <li key={q._id}>
              <QuestionThread question={q} viewer={viewer} />
            </li>
          ))}
        </ol>
      )}
      {status === "CanLoadMore" ? (
        <button
          type="button"
          className={`btn btn-secondary ${styles.conversationMore}`}
          onClick={() => loadMore(QUESTIONS_PAGE)}
        >
          Show older questions
        </button>
      ) : null}
    </>
  );
}

/**
 * What to read out when someone else's question or answer arrives while the page is open
 * (nothing for the first page, nor for one's own messages).
 */
function useNewMessageAnnouncement(
  questions: QuestionView[],
  me: Id<"users"> | null,
  status: string,
): string {
  const seen = useRef<Set<string> | null>(null);
  const [text, setText] = useState("");
  useEffect(() => {
    if (status === "LoadingFirstPage") return;
    const messages = questions.flatMap((q) => [
      { m: q, kind: "question" as const },
      ...q.latestAnswers.map((a) => ({ m: a, kind: "answer" as const })),
    ]);
    if (seen.current === null) {
      seen.current = new Set(messages.map(({ m }) => m._id));
      return;
    }
    const fresh = messages.filter(({ m }) => !seen.current!.has(m._id));
    for (const { m } of fresh) seen.current.add(m._id);
    const others = fresh.filter(({ m }) => m.authorId !== me);
    const last = others.at(-1);
    if (last)
      setText(
        `New ${last.kind} from ${last.m.authorName}${last.m.body ? `: ${last.m.body.slice(0, 140)}` : ""}`,
      );
  }, [questions, me, status]);
  return text;
}
