import { useEffect } from "react";

/** Sets the tab title to "{title} · Bounties" while the page is shown. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    const previous = document.title;
    document.title = `${title} · Bounties`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
