import clsx from "clsx";
import { useId } from "react";
import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import {
  BRIEF_MAX_LENGTH,
  LINK_MAX_LENGTH,
  MAX_DEADLINE_DAYS,
  MAX_LINKS,
  TITLE_MAX_LENGTH,
} from "../../../convex/model/ideaText";
import { DAY_MS, DURATION_TIERS } from "../../../convex/model/labels";
import { deadlineHint } from "../../lib/format";
import { DURATIONS, IDEA_PLATFORMS, type IdeaPlatform } from "../../../convex/model/validators";
import { fromLocalDateTimeValue, toLocalDateTimeValue } from "../../lib/localDateTime";
import { FieldError, describedBy, groupFocusTarget } from "../../components/ui/FieldError";
import OptionCard from "./OptionCard";
import SupportingLinksField from "./SupportingLinksField";
import type { IdeaFormValues } from "./ideaForm";
import type { ValidIdea } from "../../../convex/model/ideaValidation";
import styles from "./IdeaFormFields.module.css";

/** "SHORT (under 3 mins, best for Shorts, Reels or TikTok)" and so on (spec §2). */
export const DURATION_OPTIONS = DURATIONS.map((key) => ({
  key,
  label: `${key} (${DURATION_TIERS[key].text})`,
}));

const PLATFORM_DESCRIPTIONS: Record<IdeaPlatform, string> = {
  YouTube: "Videos and Shorts on YouTube",
  TikTok: "Short vertical videos on TikTok",
  Any: "YouTube or TikTok, whichever the creator prefers",
};

interface Props {
  form: UseFormReturn<IdeaFormValues, unknown, ValidIdea>;
  disabled: boolean;
  now: number;
}

/** The submit-idea form's fields, each with its own error under it. */
export default function IdeaFormFields({ form, disabled, now }: Props) {
  const { control, register, formState } = form;
  const { errors } = formState;
  const [oneLiner, deadline, brief] = useWatch({
    control,
    name: ["oneLiner", "deadline", "brief"],
  });

  const ideaId = useId();
  const ideaHintId = useId();
  const counterId = useId();
  const ideaErrorId = useId();
  const platformErrorId = useId();
  const durationsErrorId = useId();
  const deadlineId = useId();
  const deadlineHintId = useId();
  const deadlineErrorId = useId();
  const linksErrorId = useId();
  const briefId = useId();
  const briefHintId = useId();
  const briefCounterId = useId();
  const briefErrorId = useId();

  const expiration = fromLocalDateTimeValue(deadline);
  const tooLong = oneLiner.trim().length > TITLE_MAX_LENGTH;
  const briefTooLong = brief.trim().length > BRIEF_MAX_LENGTH;
  const deadlineValid = Number.isFinite(expiration) && expiration > now;

  return (
    <>
      <div className="field submit-field">
        <label className={`label ${styles.submitFieldLabel}`} htmlFor={ideaId}>
          Your video idea
        </label>
        <input
          id={ideaId}
          type="text"
          className={`input ${styles.submitIdeaInput}`}
          placeholder="I wish someone made a video about..."
          autoComplete="off"
          aria-describedby={describedBy(ideaHintId, counterId, errors.oneLiner && ideaErrorId)}
          aria-invalid={tooLong || !!errors.oneLiner || undefined}
          disabled={disabled}
          {...register("oneLiner")}
        />
        <div className={styles.submitFieldMeta}>
          <p id={ideaHintId} className="hint">
            One sentence is enough. It becomes your bounty&apos;s title.
          </p>
          <p
            id={counterId}
            className={clsx(styles.charCount, tooLong && styles.isOver)}
            aria-label={`${oneLiner.length} of ${TITLE_MAX_LENGTH} characters`}
          >
            {oneLiner.length}/{TITLE_MAX_LENGTH}
          </p>
        </div>
        <FieldError id={ideaErrorId} message={errors.oneLiner?.message} />
      </div>

      <div className="field submit-field">
        <label className={`label ${styles.submitFieldLabel}`} htmlFor={briefId}>
          What should the video show? <span className={styles.submitOptional}>(optional)</span>
        </label>
        <textarea
          id={briefId}
          className="textarea submit-brief"
          rows={5}
          placeholder="The shots, the story, the must-haves: what would make this the video you hoped for?"
          aria-describedby={describedBy(briefHintId, briefCounterId, errors.brief && briefErrorId)}
          aria-invalid={briefTooLong || !!errors.brief || undefined}
          disabled={disabled}
          {...register("brief")}
        />
        <div className={styles.submitFieldMeta}>
          <p id={briefHintId} className="hint">
            Creators read this first. Say what counts and what doesn&apos;t.
          </p>
          <p
            id={briefCounterId}
            className={clsx(styles.charCount, briefTooLong && styles.isOver)}
            aria-label={`${brief.length} of ${BRIEF_MAX_LENGTH} characters`}
          >
            {brief.length}/{BRIEF_MAX_LENGTH.toLocaleString("en-US")}
          </p>
        </div>
        <FieldError id={briefErrorId} message={errors.brief?.message} />
      </div>

      <Controller
        control={control}
        name="platform"
        render={({ field }) => (
          <fieldset
            className={styles.submitGroup}
            ref={(group) => field.ref(groupFocusTarget(group))}
            disabled={disabled}
            aria-describedby={describedBy(errors.platform && platformErrorId)}
          >
            <legend className={styles.submitGroupLegend}>Where should the video be posted?</legend>
            <div className={`${styles.optionGrid} ${styles.optionGrid3}`}>
              {IDEA_PLATFORMS.map((option) => (
                <OptionCard
                  key={option}
                  type="radio"
                  name={field.name}
                  value={option}
                  title={option}
                  description={PLATFORM_DESCRIPTIONS[option]}
                  checked={field.value === option}
                  onChange={() => field.onChange(option)}
                  onBlur={field.onBlur}
                />
              ))}
            </div>
            <FieldError id={platformErrorId} message={errors.platform?.message} />
          </fieldset>
        )}
      />

      <Controller
        control={control}
        name="durations"
        render={({ field }) => (
          <fieldset
            className={styles.submitGroup}
            ref={(group) => field.ref(groupFocusTarget(group))}
            disabled={disabled}
            aria-describedby={describedBy(errors.durations && durationsErrorId)}
          >
            <legend className={styles.submitGroupLegend}>How long can the video be?</legend>
            <p className={`hint ${styles.submitGroupHint}`}>
              Pick every length you would be happy with.
            </p>
            <div className={styles.optionList}>
              {DURATION_OPTIONS.map(({ key, label }) => (
                <OptionCard
                  key={key}
                  type="checkbox"
                  name={field.name}
                  value={key}
                  title={label}
                  checked={field.value.includes(key)}
                  onChange={(checked) => {
                    const others = field.value.filter((d) => d !== key);
                    field.onChange(checked ? [...others, key] : others);
                  }}
                  onBlur={field.onBlur}
                />
              ))}
            </div>
            <FieldError id={durationsErrorId} message={errors.durations?.message} />
          </fieldset>
        )}
      />

      <div className="field submit-field">
        <label className={`label ${styles.submitFieldLabel}`} htmlFor={deadlineId}>
          Deadline
        </label>
        <input
          id={deadlineId}
          type="datetime-local"
          className={`input ${styles.submitDeadline}`}
          min={toLocalDateTimeValue(now)}
          max={toLocalDateTimeValue(now + MAX_DEADLINE_DAYS * DAY_MS)}
          aria-describedby={describedBy(deadlineHintId, errors.deadline && deadlineErrorId)}
          aria-invalid={!deadlineValid || !!errors.deadline || undefined}
          disabled={disabled}
          {...register("deadline")}
        />
        <p
          id={deadlineHintId}
          className={clsx("hint", !deadlineValid && styles.submitHintError)}
          aria-live="polite"
        >
          {deadlineHint(expiration, now)}
        </p>
        <FieldError id={deadlineErrorId} message={errors.deadline?.message} />
      </div>

      <Controller
        control={control}
        name="links"
        render={({ field }) => (
          <fieldset
            className={styles.submitGroup}
            ref={(group) => field.ref(groupFocusTarget(group))}
            disabled={disabled}
          >
            <legend className={styles.submitGroupLegend}>
              Supporting links <span className={styles.submitOptional}>(optional)</span>
            </legend>
            <p className={`hint ${styles.submitGroupHint}`}>
              Examples, references or anything that helps creators understand your idea. Drag the
              handle to change the order.
            </p>
            <SupportingLinksField
              links={field.value}
              onChange={field.onChange}
              max={MAX_LINKS}
              maxLength={LINK_MAX_LENGTH}
              disabled={disabled}
            />
            <FieldError id={linksErrorId} message={errors.links?.message} />
          </fieldset>
        )}
      />
    </>
  );
}
