import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { loadToasts } from "../lib/toast";

// A lazily loaded page is transformed on first import: on a busy 2-core machine that can take
// longer than the default 1 s a findBy waits (the project gives each test 20 s).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: scrolling is a no-op here (tests that care spy on it).
window.scrollTo = () => undefined;

// jsdom has no matchMedia: a light-scheme, full-motion screen (tests that care replace it).
if (typeof window.matchMedia !== "function")
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;

// Toasts load lazily in the app (lib/toast.ts); tests get them loaded (or their mock of sonner)
// up front, so a toast is raised synchronously as before.
beforeEach(async () => {
  await loadToasts();
});

afterEach(() => cleanup());
