import clsx from "clsx";
import { useId } from "react";
import tile from "../../components/ui/OptionTile.module.css";
import styles from "./OptionCard.module.css";

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
    <label className={clsx(tile.tile, styles.optionCard, checked && styles.isChecked)}>
      <input
        type={type}
        className={clsx(tile.input, styles.optionCardInput)}
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
      />
      <span className={clsx(tile.text, styles.optionCardText)}>
        <span id={titleId} className={styles.optionCardTitle}>
          {title}
        </span>
        {description && (
          <span id={descriptionId} className={clsx(tile.description, styles.optionCardDescription)}>
            {description}
          </span>
        )}
      </span>
    </label>
  );
}
