/**
 * The lazily loaded pages (src/pages/<name>.tsx) by path, in the order <Routes> ranks them, the
 * catch-all last. App.tsx preloads the current route's page from it, and the build
 * (build/routeModulePreload.ts) lists each page's chunks so index.html can start fetching them.
 */
export const LAZY_PAGE_PATHS = [
  ["/ideas", "IdeasPage"],
  ["/discover", "DiscoverPage"],
  ["/search", "SearchPage"],
  ["/completed", "CompletedPage"],
  ["/submit", "SubmitIdeaPage"],
  ["/expanded-proposal/:proposalId?", "ProposalPage"],
  ["/submit-content/:proposalId?", "SubmitContentPage"],
  ["/auth/callback/youtube", "PlatformCallbackPage"],
  ["/auth/callback", "PlatformCallbackPage"],
  ["/contribution/:sessionId?", "ContributionPage"],
  ["/login", "LoginPage"],
  ["/onboard", "OnboardPage"],
  ["/profile", "ProfilePage"],
  ["/privacy-policy", "PrivacyPolicyPage"],
  ["/terms-of-service", "TermsOfServicePage"],
  ["/operator", "OperatorPage"],
  ["/inbox", "InboxPage"],
  ["*", "NotFoundPage"],
] as const;

export type LazyPageName = (typeof LAZY_PAGE_PATHS)[number][1];
