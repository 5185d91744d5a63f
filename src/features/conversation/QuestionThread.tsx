// <QuestionThread question viewer />: a question with its answers, oldest first under it. A
// page of questions brings each one's latest answers; "Show earlier answers" reads the rest a
// page at a time. Signed-in people answer in place.
import { useState } from "react";
import { useMutation, usePaginatedQuery } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "../../../convex/_generated/api";
import MessageForm from "./MessageForm";
import MessageItem, { type MessageView, type ViewerOnThread } from "./MessageItem";
import conversationStyles from "./Conversation.module.css";

export type QuestionView = FunctionReturnType<typeof api.conversation.questions>["page"][number];

export const ANSWERS_PAGE = 20;

export default function QuestionThread({
  question,
  viewer,
}: {
  question: QuestionView;
  viewer: ViewerOnThread;
}) {
  const answer = useMutation(api.conversation.answer);
  const [answering, setAnswering] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const headingId = `question-${question._id}`;
  const earlier = question.answerCount - question.latestAnswers.length;

  return (
    <article className={conversationStyles.question} aria-labelledby={headingId}>
      <MessageItem
        message={question}
        kind="question"
        viewer={viewer}
        headingId={headingId}
        actions={
          viewer.signedIn && !question.hidden ? (
            <button
              type="button"
              className="btn btn-soft btn-sm"
              aria-expanded={answering}
              onClick={() => setAnswering((open) => !open)}
            >
              Answer <span className="visually-hidden">{question.authorName}&apos;s question</span>
            </button>
          ) : null
        }
      />
      {question.answerCount > 0 || answering ? (
        <div className={conversationStyles.questionAnswers}>
          {earlier > 0 && !showAll ? (
            <button
              type="button"
              className={`btn btn-ghost btn-sm ${conversationStyles.questionEarlier}`}
              onClick={() => setShowAll(true)}
            >
              Show {earlier} earlier {earlier === 1 ? "answer" : "answers"}
            </button>
          ) : null}
          {showAll ? (
            <AllAnswers questionId={question._id} viewer={viewer} />
          ) : (
            <AnswerList answers={question.latestAnswers} viewer={viewer} />
          )}
          {answering ? (
            <MessageForm
              kind="answer"
              autoFocus
              context={`${question.authorName}'s question`}
              onCancel={() => setAnswering(false)}
              onSend={async (body) => {
                await answer({ questionId: question._id, body });
                setAnswering(false);
              }}
            />
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

function AnswerList({ answers, viewer }: { answers: MessageView[]; viewer: ViewerOnThread }) {
  if (answers.length === 0) return null;
  return (
    <ol className={conversationStyles.questionAnswerList} aria-label="Answers">
      {answers.map((a) => (
        <li key={a._id}>
          <MessageItem message={a} kind="answer" viewer={viewer} />
        </li>
      ))}
    </ol>
  );
}

/** Every answer, read newest first a page at a time and shown oldest first. */
function AllAnswers({
  questionId,
  viewer,
}: {
  questionId: QuestionView["_id"];
  viewer: ViewerOnThread;
}) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.conversation.answers,
    { questionId },
    { initialNumItems: ANSWERS_PAGE },
  );
  return (
    <>
      {status === "CanLoadMore" ? (
        <button
          type="button"
          className={`btn btn-ghost btn-sm ${conversationStyles.questionEarlier}`}
          onClick={() => loadMore(ANSWERS_PAGE)}
        >
          Show earlier answers
        </button>
      ) : null}
      <AnswerList answers={[...results].reverse()} viewer={viewer} />
    </>
  );
}
