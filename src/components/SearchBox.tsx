import { useId, type FormEvent } from "react";
import { Search } from "lucide-react";
import clsx from "clsx";
import styles from "./SearchBox.module.css";

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
  /** The accessible name of the search field. */
  label: string;
  placeholder?: string;
  className?: string;
  /** Names the search landmark; each search on a page needs its own (default: `label`). */
  landmarkLabel?: string;
}

/** A search form (landmark role "search") with a labelled field and a submit button. */
export default function SearchBox({
  value,
  onChange,
  onSubmit,
  label,
  placeholder,
  className,
  landmarkLabel,
}: Props) {
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(value.trim());
  }
  return (
    <form
      role="search"
      aria-label={landmarkLabel ?? label}
      className={clsx(styles.searchBox, className)}
      onSubmit={submit}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className={styles.searchBoxField}>
        <Search className={styles.searchBoxIcon} size={18} strokeWidth={2} aria-hidden="true" />
        <input
          id={id}
          className={`input ${styles.searchBoxInput}`}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <button type="submit" className={`btn btn-primary ${styles.searchBoxSubmit}`}>
        Search
      </button>
    </form>
  );
}
