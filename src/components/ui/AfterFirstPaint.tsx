import { useDeferredValue, type ReactNode } from "react";

/**
 * Shows `placeholder` in the render that first puts a page on screen, then `children` in a
 * follow-up render that React may interrupt. The top of the page (a title, usually its largest
 * paint) shows without waiting for everything below it, and a phone's main thread is never held
 * by one long render. Later updates render `children` directly.
 */
export default function AfterFirstPaint({
  placeholder,
  children,
}: {
  placeholder: ReactNode;
  children: ReactNode;
}) {
  const ready = useDeferredValue(true, false);
  return ready ? children : placeholder;
}
