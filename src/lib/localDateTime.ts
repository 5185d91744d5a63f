// Values of <input type="datetime-local">: "YYYY-MM-DDTHH:mm" in the person's own time zone.

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** The input value for a moment, to the minute, in local time. */
export function toLocalDateTimeValue(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** The moment an input value names (local time), or NaN when it is empty or not a date. */
export function fromLocalDateTimeValue(value: string): number {
  if (!LOCAL_DATE_TIME.test(value)) return Number.NaN;
  // Without a zone designator, a date-time string is read as local time.
  return new Date(value).getTime();
}
