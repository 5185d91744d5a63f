import clsx from "clsx";
import { useId } from "react";

interface OptionCardProps {
  type: "radio" | "checkbox";
  name: string;
  value: string;
  title: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
}

/** A radio or checkbox drawn as a card; its accessible name is exactly `title`. */
export default function OptionCard({
  type,
  name,
  value,
  title,
  description,
  checked,
  onChange,
  onBlur,
}: OptionCardProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <label className={clsx("option-card", checked && "is-checked")}>
      <input
        type={type}
        className="option-card__input"
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
      />
      <span className="option-card__text">
        <span id={titleId} className="option-card__title">
          {title}
        </span>
        {description && (
          <span id={descriptionId} className="option-card__description">
            {description}
          </span>
        )}
      </span>
    </label>
  );
}
