import { matchPath, Navigate, Route, Routes, useParams } from "react-router-dom";
import Layout from "./components/Layout";
import HomePage from "./pages/HomePage";
import { lazyPage } from "./lib/lazyPage";

// Every page but the landing page loads on demand (Layout shows a skeleton meanwhile), so the
// first visit downloads only what the landing page needs.
const IdeasPage = lazyPage(() => import("./pages/IdeasPage"));
const DiscoverPage = lazyPage(() => import("./pages/DiscoverPage"));
const SearchPage = lazyPage(() => import("./pages/SearchPage"));
const CompletedPage = lazyPage(() => import("./pages/CompletedPage"));
const SubmitIdeaPage = lazyPage(() => import("./pages/SubmitIdeaPage"));
const IdeaPage = lazyPage(() => import("./pages/IdeaPage"));
const ContributionPage = lazyPage(() => import("./pages/ContributionPage"));
const SubmitContentPage = lazyPage(() => import("./pages/SubmitContentPage"));
const PlatformCallbackPage = lazyPage(() => import("./pages/PlatformCallbackPage"));
const LoginPage = lazyPage(() => import("./pages/LoginPage"));
const OnboardPage = lazyPage(() => import("./pages/OnboardPage"));
const ProfilePage = lazyPage(() => import("./pages/ProfilePage"));
const PrivacyPolicyPage = lazyPage(() => import("./pages/PrivacyPolicyPage"));
const TermsOfServicePage = lazyPage(() => import("./pages/TermsOfServicePage"));
const OperatorPage = lazyPage(() => import("./pages/OperatorPage"));
const InboxPage = lazyPage(() => import("./pages/InboxPage"));
const CreatorPage = lazyPage(() => import("./pages/CreatorPage"));
const StudioPage = lazyPage(() => import("./pages/StudioPage"));
const ConnectChannelPage = lazyPage(() => import("./pages/ConnectChannelPage"));
const LeaderboardPage = lazyPage(() => import("./pages/LeaderboardPage"));
const NotFoundPage = lazyPage(() => import("./pages/NotFoundPage"));
const ControlRoomPage = lazyPage(() => import("./pages/ControlRoomPage"));
const MoveMoneyPage = lazyPage(() => import("./pages/MoveMoneyPage"));

// The paths of the lazily loaded pages, in the order <Routes> ranks them (the catch-all last).
const LAZY_PAGES = [
  ["/ideas", IdeasPage],
  ["/discover", DiscoverPage],
  ["/search", SearchPage],
  ["/completed", CompletedPage],
  ["/submit", SubmitIdeaPage],
  ["/expanded-proposal/:ideaId?", IdeaPage],
  ["/share/:ideaId", IdeaPage],
  ["/submit-content/:ideaId?", SubmitContentPage],
  ["/auth/callback/youtube", PlatformCallbackPage],
  ["/auth/callback", PlatformCallbackPage],
  ["/contribution/:sessionId?", ContributionPage],
  ["/login", LoginPage],
  ["/onboard/channel", ConnectChannelPage],
  ["/onboard", OnboardPage],
  ["/profile", ProfilePage],
  ["/privacy-policy", PrivacyPolicyPage],
  ["/terms-of-service", TermsOfServicePage],
  ["/operator", OperatorPage],
  ["/inbox", InboxPage],
  ["/creators/:creatorId", CreatorPage],
  ["/studio", StudioPage],
  ["/leaderboard", LeaderboardPage],
] as const;

/**
 * Starts fetching the code of the page at `pathname` (nothing for the landing page, which is in
 * the entry chunk); resolves once it is in, or at once if there is nothing to fetch.
 */
export function preloadPage(pathname: string): Promise<void> {
  if (matchPath("/", pathname)) return Promise.resolve();
  const page = LAZY_PAGES.find(([path]) => matchPath(path, pathname))?.[1] ?? NotFoundPage;
  return page.preload();
}

export default function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="/ideas" element={<IdeasPage />} />
        <Route path="/discover" element={<DiscoverPage />} />
        <Route path="/search" element={<SearchPage />} />
        <Route path="/completed" element={<CompletedPage />} />
        <Route path="/submit" element={<SubmitIdeaPage />} />
        <Route path="/expanded-proposal" element={<IdeaPage />} />
        <Route path="/expanded-proposal/:ideaId" element={<IdeaPage />} />
        <Route path="/expanded-proposal/:ideaId/manage" element={<ControlRoomPage />} />
        <Route path="/move-money/:contributionId" element={<MoveMoneyPage />} />
        <Route path="/share/:ideaId" element={<ShareLinkRedirect />} />
        <Route path="/submit-content" element={<SubmitContentPage />} />
        <Route path="/submit-content/:ideaId" element={<SubmitContentPage />} />
        <Route
          path="/auth/callback/youtube"
          element={<PlatformCallbackPage key="YouTube" platform="YouTube" />}
        />
        <Route
          path="/auth/callback"
          element={<PlatformCallbackPage key="TikTok" platform="TikTok" />}
        />
        <Route path="/contribution" element={<ContributionPage />} />
        <Route path="/contribution/:sessionId" element={<ContributionPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/onboard" element={<OnboardPage />} />
        <Route path="/onboard/channel" element={<ConnectChannelPage />} />
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="/terms-of-service" element={<TermsOfServicePage />} />
        <Route path="/operator" element={<OperatorPage />} />
        <Route path="/inbox" element={<InboxPage />} />
        <Route path="/creators/:creatorId" element={<CreatorPage />} />
        <Route path="/studio" element={<StudioPage />} />
        <Route path="/leaderboard" element={<LeaderboardPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * A share link (<SITE_URL>/share/<id>) that reached the web app instead of the share page (a host
 * without the README's rewrite): the person still lands on the idea.
 */
function ShareLinkRedirect() {
  const { ideaId } = useParams();
  return <Navigate to={`/expanded-proposal/${ideaId ?? ""}`} replace />;
}
