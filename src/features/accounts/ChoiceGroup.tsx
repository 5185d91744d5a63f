import clsx from "clsx";
import { useId, type RefCallback } from "react";
import { FieldError, describedBy } from "../../components/ui/FieldError";
import tile from "../../components/ui/OptionTile.module.css";
import styles from "./ChoiceGroup.module.css";

interface ChoiceGroupProps<T extends string> {
  groupRef: RefCallback<HTMLFieldSetElement>;
  legend: string;
  name: string;
  options: readonly T[];
  descriptions: Record<T, string>;
  value: T | null;
  onChange: (value: T) => void;
  error: string | undefined;
  disabled: boolean;
}

/** A radio group drawn as cards, with its error under it. */
export default function ChoiceGroup<T extends string>({
  groupRef,
  legend,
  name,
  options,
  descriptions,
  value,
  onChange,
  error,
  disabled,
}: ChoiceGroupProps<T>) {
  const idPrefix = useId();
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset
      className={styles.choiceGroup}
      ref={groupRef}
      disabled={disabled}
      aria-describedby={describedBy(error && errorId)}
    >
      <legend className={styles.choiceGroupLegend}>{legend}</legend>
      <div className={styles.choiceGroupOptions}>
        {options.map((option) => {
          const titleId = `${idPrefix}-${option}-title`;
          const descriptionId = `${idPrefix}-${option}-description`;
          const checked = value === option;
          return (
            <label
              key={option}
              className={clsx(tile.tile, styles.choice, checked && styles.isChecked)}
            >
              <input
                type="radio"
                className={clsx(tile.input, styles.choiceInput)}
                name={name}
                value={option}
                checked={checked}
                onChange={() => onChange(option)}
                aria-labelledby={titleId}
                aria-describedby={descriptionId}
              />
              <span className={clsx(tile.text, styles.choiceText)}>
                <span id={titleId} className={styles.choiceTitle}>
                  {option}
                </span>
                <span
                  id={descriptionId}
                  className={clsx(tile.description, styles.choiceDescription)}
                >
                  {descriptions[option]}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
