// What following people says when it cannot be done (shared with the web app: no imports).
export const FOLLOW_MESSAGES = {
  signIn: "Please sign in to follow people.",
  self: "You can't follow yourself.",
  missing: "This person no longer has an account.",
} as const;
