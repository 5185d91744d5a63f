import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, matchPath } from "react-router-dom";
import { ConvexAuthProvider } from "@convex-dev/auth/react";
import { ConvexReactClient } from "convex/react";
import "./styles/global.css";
import App, { preloadPage } from "./App";
import LazyToaster from "./components/LazyToaster";
import { isPlatformCallbackPath } from "./lib/platformAuth";
import { api } from "../convex/_generated/api";

const convexUrl = import.meta.env.VITE_CONVEX_URL as string | undefined;
if (!convexUrl) {
  throw new Error("VITE_CONVEX_URL is not set: start the app with `npm start` (see README).");
}
// A returning visitor's stored session token is used as it is, and refreshed before it expires
// (timed by the server's clock), instead of at once: the first screen does not wait on a refresh
// call, and the server does not run every signed-in query a second time for the fresh token.
const convex = new ConvexReactClient(convexUrl, { initialAuthTokenReuse: true });

// An idea page subscribes to its idea (one shared, identity-free query) while the page's code
// downloads, rather than once it has rendered: the title index.html's first paint showed is then
// live sooner (src/lib/firstPaint.ts).
const ideaId = matchPath("/expanded-proposal/:ideaId", window.location.pathname)?.params.ideaId;
if (ideaId) convex.prewarmQuery({ query: api.ideas.get, args: { ideaId: ideaId } });

function render() {
  const root = createRoot(document.getElementById("root")!);
  // A transition renders the first screen in slices that yield to the browser, instead of one
  // long task that keeps a phone's main thread blocked (index.html's shell stays up meanwhile).
  startTransition(() =>
    root.render(
      <StrictMode>
        <ConvexAuthProvider
          client={convex}
          shouldHandleCode={() => !isPlatformCallbackPath(window.location.pathname)}
        >
          <BrowserRouter>
            <App />
            <LazyToaster />
          </BrowserRouter>
        </ConvexAuthProvider>
      </StrictMode>,
    ),
  );
}

// The current route's page code first, so index.html's shell (and its pre-rendered heading) gives
// way to the page itself rather than to a loading skeleton; a failed fetch is the router's to show.
void preloadPage(window.location.pathname)
  .catch(() => undefined)
  .then(render);
