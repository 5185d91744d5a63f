// Convex verifies session tokens issued by Convex Auth (the HTTP actions site is the issuer).
export default {
  providers: [{ domain: process.env.CONVEX_SITE_URL, applicationID: "convex" }],
};
