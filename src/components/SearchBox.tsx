import { useId, type FormEvent } from "react";

interface Props {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
  /** The accessible name of the search field. */
  label: string;
  placeholder?: string;
  className?: string;
}

/** A search form (landmark role "search") with a labelled field and a submit button. */
export default function SearchBox({
  value,
  onChange,
  onSubmit,
  label,
  placeholder,
  className,
}: Props) {
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(value.trim());
  }
  return (
    <form
      role="search"
      className={className ? `search-box ${className}` : "search-box"}
      onSubmit={submit}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="search-box__field">
        <svg
          className="search-box__icon"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={id}
          className="input search-box__input"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary search-box__submit">
        Search
      </button>
    </form>
  );
}
