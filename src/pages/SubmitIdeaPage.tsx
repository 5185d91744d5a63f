import { useEffect, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { useConvexAuth, useMutation } from "convex/react";
import { useForm, useWatch, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "../lib/toast";
import { api } from "../../convex/_generated/api";
import { MESSAGES, type ValidIdea } from "../../convex/model/ideaValidation";
import IdeaFormFields from "../features/submit/IdeaFormFields";
import IdeaPreview from "../features/submit/IdeaPreview";
import {
  draftFromValues,
  ideaFieldFor,
  ideaFormSchema,
  initialIdeaForm,
  orderedDurations,
  type IdeaField,
  type IdeaFormValues,
} from "../features/submit/ideaForm";
import { convexErrorMessage } from "../lib/errors";
import { clearIdeaDraft, saveIdeaDraft } from "../features/submit/ideaDraft";
import { fromLocalDateTimeValue } from "../lib/localDateTime";
import { TOAST_IDS } from "../lib/toasts";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { useNow } from "../lib/useNow";
import styles from "./SubmitIdeaPage.module.css";

export { DURATION_OPTIONS } from "../features/submit/IdeaFormFields";

export const GENERIC_ERROR_MESSAGE = "Something went wrong. Please try again.";

/** The field with a problem (the schema reports one at a time, in the spec's order). */
function firstProblem(errors: FieldErrors<IdeaFormValues>): { field: IdeaField; message: string } {
  for (const field of [
    "deadline",
    "durations",
    "platform",
    "oneLiner",
    "links",
    "brief",
  ] as const) {
    const message = errors[field]?.message;
    if (message) return { field, message };
  }
  return { field: "oneLiner", message: GENERIC_ERROR_MESSAGE };
}

/** /submit: post a video idea with its platform, durations, deadline and supporting links. */
export default function SubmitIdeaPage() {
  useDocumentTitle("Submit an idea");
  const location = useLocation();
  const navigate = useNavigate();
  const { isLoading: sessionLoading, isAuthenticated } = useConvexAuth();
  const createIdea = useMutation(api.ideas.create);
  const now = useNow();

  const [start] = useState(() => initialIdeaForm(location.state));
  const form = useForm<IdeaFormValues, unknown, ValidIdea>({
    resolver: zodResolver(ideaFormSchema),
    defaultValues: start.values,
    shouldFocusError: false,
  });
  const { control, getValues, handleSubmit, setError, setFocus } = form;
  // Only while the server creates the idea (validating is instant and must leave the fields
  // enabled, so focus can go to the one with a problem).
  const [submitting, setSubmitting] = useState(false);
  const values = useWatch({ control });

  // A restored draft has done its job once it is back in the form.
  useEffect(() => {
    if (start.restored) clearIdeaDraft();
  }, [start.restored]);

  function sendToSignIn() {
    saveIdeaDraft(draftFromValues(getValues()));
    navigate("/login", { state: { from: location } });
  }

  async function create(idea: ValidIdea) {
    setSubmitting(true);
    try {
      const ideaId = await createIdea({
        oneLiner: idea.title,
        platform: idea.platform,
        durations: idea.durations,
        expiration: idea.expiration,
        links: idea.links,
        ...(idea.brief !== "" ? { brief: idea.brief } : {}),
      });
      clearIdeaDraft();
      toast.dismiss(TOAST_IDS.postIdea);
      navigate(`/expanded-proposal/${ideaId}`, { state: { justPosted: true } });
    } catch (error) {
      setSubmitting(false);
      const message = convexErrorMessage(error);
      toast.error(message ?? GENERIC_ERROR_MESSAGE, { id: TOAST_IDS.postIdea });
      if (message === MESSAGES.signIn) return sendToSignIn();
      const field = message === null ? null : ideaFieldFor(message);
      if (field && message) {
        setError(field, { type: "server", message });
        setFocus(field);
      }
    }
  }

  function invalid(errors: FieldErrors<IdeaFormValues>) {
    const problem = firstProblem(errors);
    toast.error(problem.message, { id: TOAST_IDS.postIdea });
    setFocus(problem.field);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || sessionLoading) return;
    // The spec's order (§5): sign-in first, then every rule of validateIdea (the schema).
    if (!isAuthenticated) {
      toast.error(MESSAGES.signIn, { id: TOAST_IDS.postIdea });
      sendToSignIn();
      return;
    }
    void handleSubmit(create, invalid)(event);
  }

  return (
    <div className="container page submit-page">
      <header className="page-header submit-header">
        <span className="eyebrow">New bounty</span>
        <h1>Submit an idea</h1>
        <p>
          Describe the video you wish existed. Creators make it, anyone can add to its bounty, and
          the best video is rewarded.
        </p>
      </header>

      {start.restored && (
        <p className={`alert alert-success ${styles.submitNotice}`} role="status">
          Welcome back! We kept your idea while you signed in.
        </p>
      )}
      {!sessionLoading && !isAuthenticated && (
        <p className={`alert ${styles.submitNotice}`}>
          You can write your idea now. You will be asked to{" "}
          <Link to="/login" state={{ from: location }}>
            sign in
          </Link>{" "}
          before it is posted.
        </p>
      )}

      {/* Invisible until the session is known, so a guest's notice appearing above moves nothing
          on screen (the submit button waits for the session anyway). */}
      <div
        className={
          sessionLoading
            ? `${styles.submitLayout} ${styles.submitLayoutWaiting}`
            : styles.submitLayout
        }
        data-testid="submit-layout"
      >
        <form
          className={`card ${styles.submitForm}`}
          onSubmit={onSubmit}
          noValidate
          aria-label="Submit an idea"
          aria-busy={submitting || undefined}
        >
          <IdeaFormFields form={form} disabled={submitting} now={now} />
          <div className={styles.submitActions}>
            <button
              type="submit"
              className={`btn btn-primary btn-lg ${styles.submitActionsButton}`}
              disabled={submitting || sessionLoading}
            >
              {submitting ? "Submitting..." : "Submit Idea!"}
            </button>
          </div>
        </form>

        <IdeaPreview
          title={(values.oneLiner ?? "").trim()}
          platform={values.platform ?? null}
          durations={orderedDurations(values.durations ?? [])}
          expiration={fromLocalDateTimeValue(values.deadline ?? "")}
          now={now}
        />
      </div>
    </div>
  );
}
