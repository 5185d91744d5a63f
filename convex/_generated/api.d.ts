/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type * as auth from "../auth.js";
import type * as backers from "../backers.js";
import type * as clients from "../clients.js";
import type * as contributions from "../contributions.js";
import type * as controlRoom from "../controlRoom.js";
import type * as conversation from "../conversation.js";
import type * as creators from "../creators.js";
import type * as crons from "../crons.js";
import type * as devSeed from "../devSeed.js";
import type * as digest from "../digest.js";
import type * as emails from "../emails.js";
import type * as follows from "../follows.js";
import type * as functions from "../functions.js";
import type * as http from "../http.js";
import type * as ideas from "../ideas.js";
import type * as judging from "../judging.js";
import type * as leaderboard from "../leaderboard.js";
import type * as model_accounts from "../model/accounts.js";
import type * as model_authProviders from "../model/authProviders.js";
import type * as model_community_boards from "../model/community/boards.js";
import type * as model_community_digest from "../model/community/digest.js";
import type * as model_community_followTexts from "../model/community/followTexts.js";
import type * as model_community_follows from "../model/community/follows.js";
import type * as model_community_tables from "../model/community/tables.js";
import type * as model_community_weeks from "../model/community/weeks.js";
import type * as model_contentFilter from "../model/contentFilter.js";
import type * as model_conversation from "../model/conversation.js";
import type * as model_counters from "../model/counters.js";
import type * as model_creatorTables from "../model/creatorTables.js";
import type * as model_creators from "../model/creators.js";
import type * as model_emailHtml from "../model/emailHtml.js";
import type * as model_emailLinks from "../model/emailLinks.js";
import type * as model_emailOutbox from "../model/emailOutbox.js";
import type * as model_html from "../model/html.js";
import type * as model_ideaEditFields from "../model/ideaEditFields.js";
import type * as model_ideaEdits from "../model/ideaEdits.js";
import type * as model_ideaExtension from "../model/ideaExtension.js";
import type * as model_ideaFits from "../model/ideaFits.js";
import type * as model_ideaOutcome from "../model/ideaOutcome.js";
import type * as model_ideaPageKinds from "../model/ideaPageKinds.js";
import type * as model_ideaStage from "../model/ideaStage.js";
import type * as model_ideaStats from "../model/ideaStats.js";
import type * as model_ideaText from "../model/ideaText.js";
import type * as model_ideaUpdates from "../model/ideaUpdates.js";
import type * as model_ideaValidation from "../model/ideaValidation.js";
import type * as model_ideas from "../model/ideas.js";
import type * as model_invitations from "../model/invitations.js";
import type * as model_judging from "../model/judging.js";
import type * as model_judgingTogether from "../model/judgingTogether.js";
import type * as model_labels from "../model/labels.js";
import type * as model_moderation_cases from "../model/moderation/cases.js";
import type * as model_moderation_kinds from "../model/moderation/kinds.js";
import type * as model_moderation_queue from "../model/moderation/queue.js";
import type * as model_moderation_shown from "../model/moderation/shown.js";
import type * as model_moderation_tables from "../model/moderation/tables.js";
import type * as model_moderation_targets from "../model/moderation/targets.js";
import type * as model_money_amounts from "../model/money/amounts.js";
import type * as model_money_backerOptions from "../model/money/backerOptions.js";
import type * as model_money_backers from "../model/money/backers.js";
import type * as model_money_claims from "../model/money/claims.js";
import type * as model_money_contributions from "../model/money/contributions.js";
import type * as model_money_disputes from "../model/money/disputes.js";
import type * as model_money_extension from "../model/money/extension.js";
import type * as model_money_follow from "../model/money/follow.js";
import type * as model_money_ledger from "../model/money/ledger.js";
import type * as model_money_moderation from "../model/money/moderation.js";
import type * as model_money_movements from "../model/money/movements.js";
import type * as model_money_moves from "../model/money/moves.js";
import type * as model_money_operatorView from "../model/money/operatorView.js";
import type * as model_money_payoutAccounts from "../model/money/payoutAccounts.js";
import type * as model_money_payoutFigures from "../model/money/payoutFigures.js";
import type * as model_money_refunds from "../model/money/refunds.js";
import type * as model_money_rules from "../model/money/rules.js";
import type * as model_money_settlement from "../model/money/settlement.js";
import type * as model_money_stake from "../model/money/stake.js";
import type * as model_money_states from "../model/money/states.js";
import type * as model_money_stripe from "../model/money/stripe.js";
import type * as model_money_stripeEvents from "../model/money/stripeEvents.js";
import type * as model_money_tables from "../model/money/tables.js";
import type * as model_money_triggers from "../model/money/triggers.js";
import type * as model_money_videoChecks from "../model/money/videoChecks.js";
import type * as model_money_viewShapes from "../model/money/viewShapes.js";
import type * as model_money_views from "../model/money/views.js";
import type * as model_myBounties from "../model/myBounties.js";
import type * as model_notificationFacts from "../model/notificationFacts.js";
import type * as model_notificationKinds from "../model/notificationKinds.js";
import type * as model_notify from "../model/notify.js";
import type * as model_notifyIdeaPage from "../model/notifyIdeaPage.js";
import type * as model_notifyPoster from "../model/notifyPoster.js";
import type * as model_originality from "../model/originality.js";
import type * as model_platforms_connections from "../model/platforms/connections.js";
import type * as model_platforms_http from "../model/platforms/http.js";
import type * as model_platforms_presence from "../model/platforms/presence.js";
import type * as model_platforms_secrets from "../model/platforms/secrets.js";
import type * as model_platforms_tiktok from "../model/platforms/tiktok.js";
import type * as model_platforms_youtube from "../model/platforms/youtube.js";
import type * as model_rateLimits from "../model/rateLimits.js";
import type * as model_ratingRules from "../model/ratingRules.js";
import type * as model_security_authRoutes from "../model/security/authRoutes.js";
import type * as model_security_clientAddress from "../model/security/clientAddress.js";
import type * as model_security_htmlHeaders from "../model/security/htmlHeaders.js";
import type * as model_security_outbound from "../model/security/outbound.js";
import type * as model_security_signUpWords from "../model/security/signUpWords.js";
import type * as model_security_signUps from "../model/security/signUps.js";
import type * as model_security_tables from "../model/security/tables.js";
import type * as model_sessions from "../model/sessions.js";
import type * as model_share_canvas from "../model/share/canvas.js";
import type * as model_share_fontData from "../model/share/fontData.js";
import type * as model_share_png from "../model/share/png.js";
import type * as model_share_previewImage from "../model/share/previewImage.js";
import type * as model_share_thumbnail from "../model/share/thumbnail.js";
import type * as model_share_vectorText from "../model/share/vectorText.js";
import type * as model_share_winnerImage from "../model/share/winnerImage.js";
import type * as model_sharePreview from "../model/sharePreview.js";
import type * as model_statement from "../model/statement.js";
import type * as model_studio from "../model/studio.js";
import type * as model_submissions from "../model/submissions.js";
import type * as model_triggers from "../model/triggers.js";
import type * as model_users from "../model/users.js";
import type * as model_validators from "../model/validators.js";
import type * as model_videoLinks from "../model/videoLinks.js";
import type * as model_voteRule from "../model/voteRule.js";
import type * as model_votes from "../model/votes.js";
import type * as model_winnerCard from "../model/winnerCard.js";
import type * as moderation from "../moderation.js";
import type * as movements from "../movements.js";
import type * as moves from "../moves.js";
import type * as notifications from "../notifications.js";
import type * as operator from "../operator.js";
import type * as payouts from "../payouts.js";
import type * as platforms from "../platforms.js";
import type * as rateLimits from "../rateLimits.js";
import type * as rest_app from "../rest/app.js";
import type * as rest_ideas from "../rest/ideas.js";
import type * as rest_ids from "../rest/ids.js";
import type * as rest_payments from "../rest/payments.js";
import type * as rest_respond from "../rest/respond.js";
import type * as rest_shapes from "../rest/shapes.js";
import type * as rest_share from "../rest/share.js";
import type * as rest_submissions from "../rest/submissions.js";
import type * as rest_unsubscribe from "../rest/unsubscribe.js";
import type * as rest_users from "../rest/users.js";
import type * as settlement from "../settlement.js";
import type * as share from "../share.js";
import type * as stats from "../stats.js";
import type * as stripe from "../stripe.js";
import type * as studio from "../studio.js";
import type * as submissions from "../submissions.js";
import type * as updates from "../updates.js";
import type * as users from "../users.js";
import type * as votes from "../votes.js";

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";

declare const fullApi: ApiFromModules<{
  auth: typeof auth;
  backers: typeof backers;
  clients: typeof clients;
  contributions: typeof contributions;
  controlRoom: typeof controlRoom;
  conversation: typeof conversation;
  creators: typeof creators;
  crons: typeof crons;
  devSeed: typeof devSeed;
  digest: typeof digest;
  emails: typeof emails;
  follows: typeof follows;
  functions: typeof functions;
  http: typeof http;
  ideas: typeof ideas;
  judging: typeof judging;
  leaderboard: typeof leaderboard;
  "model/accounts": typeof model_accounts;
  "model/authProviders": typeof model_authProviders;
  "model/community/boards": typeof model_community_boards;
  "model/community/digest": typeof model_community_digest;
  "model/community/followTexts": typeof model_community_followTexts;
  "model/community/follows": typeof model_community_follows;
  "model/community/tables": typeof model_community_tables;
  "model/community/weeks": typeof model_community_weeks;
  "model/contentFilter": typeof model_contentFilter;
  "model/conversation": typeof model_conversation;
  "model/counters": typeof model_counters;
  "model/creatorTables": typeof model_creatorTables;
  "model/creators": typeof model_creators;
  "model/emailHtml": typeof model_emailHtml;
  "model/emailLinks": typeof model_emailLinks;
  "model/emailOutbox": typeof model_emailOutbox;
  "model/html": typeof model_html;
  "model/ideaEditFields": typeof model_ideaEditFields;
  "model/ideaEdits": typeof model_ideaEdits;
  "model/ideaExtension": typeof model_ideaExtension;
  "model/ideaFits": typeof model_ideaFits;
  "model/ideaOutcome": typeof model_ideaOutcome;
  "model/ideaPageKinds": typeof model_ideaPageKinds;
  "model/ideaStage": typeof model_ideaStage;
  "model/ideaStats": typeof model_ideaStats;
  "model/ideaText": typeof model_ideaText;
  "model/ideaUpdates": typeof model_ideaUpdates;
  "model/ideaValidation": typeof model_ideaValidation;
  "model/ideas": typeof model_ideas;
  "model/invitations": typeof model_invitations;
  "model/judging": typeof model_judging;
  "model/judgingTogether": typeof model_judgingTogether;
  "model/labels": typeof model_labels;
  "model/moderation/cases": typeof model_moderation_cases;
  "model/moderation/kinds": typeof model_moderation_kinds;
  "model/moderation/queue": typeof model_moderation_queue;
  "model/moderation/shown": typeof model_moderation_shown;
  "model/moderation/tables": typeof model_moderation_tables;
  "model/moderation/targets": typeof model_moderation_targets;
  "model/money/amounts": typeof model_money_amounts;
  "model/money/backerOptions": typeof model_money_backerOptions;
  "model/money/backers": typeof model_money_backers;
  "model/money/claims": typeof model_money_claims;
  "model/money/contributions": typeof model_money_contributions;
  "model/money/disputes": typeof model_money_disputes;
  "model/money/extension": typeof model_money_extension;
  "model/money/follow": typeof model_money_follow;
  "model/money/ledger": typeof model_money_ledger;
  "model/money/moderation": typeof model_money_moderation;
  "model/money/movements": typeof model_money_movements;
  "model/money/moves": typeof model_money_moves;
  "model/money/operatorView": typeof model_money_operatorView;
  "model/money/payoutAccounts": typeof model_money_payoutAccounts;
  "model/money/payoutFigures": typeof model_money_payoutFigures;
  "model/money/refunds": typeof model_money_refunds;
  "model/money/rules": typeof model_money_rules;
  "model/money/settlement": typeof model_money_settlement;
  "model/money/stake": typeof model_money_stake;
  "model/money/states": typeof model_money_states;
  "model/money/stripe": typeof model_money_stripe;
  "model/money/stripeEvents": typeof model_money_stripeEvents;
  "model/money/tables": typeof model_money_tables;
  "model/money/triggers": typeof model_money_triggers;
  "model/money/videoChecks": typeof model_money_videoChecks;
  "model/money/viewShapes": typeof model_money_viewShapes;
  "model/money/views": typeof model_money_views;
  "model/myBounties": typeof model_myBounties;
  "model/notificationFacts": typeof model_notificationFacts;
  "model/notificationKinds": typeof model_notificationKinds;
  "model/notify": typeof model_notify;
  "model/notifyIdeaPage": typeof model_notifyIdeaPage;
  "model/notifyPoster": typeof model_notifyPoster;
  "model/originality": typeof model_originality;
  "model/platforms/connections": typeof model_platforms_connections;
  "model/platforms/http": typeof model_platforms_http;
  "model/platforms/presence": typeof model_platforms_presence;
  "model/platforms/secrets": typeof model_platforms_secrets;
  "model/platforms/tiktok": typeof model_platforms_tiktok;
  "model/platforms/youtube": typeof model_platforms_youtube;
  "model/rateLimits": typeof model_rateLimits;
  "model/ratingRules": typeof model_ratingRules;
  "model/security/authRoutes": typeof model_security_authRoutes;
  "model/security/clientAddress": typeof model_security_clientAddress;
  "model/security/htmlHeaders": typeof model_security_htmlHeaders;
  "model/security/outbound": typeof model_security_outbound;
  "model/security/signUpWords": typeof model_security_signUpWords;
  "model/security/signUps": typeof model_security_signUps;
  "model/security/tables": typeof model_security_tables;
  "model/sessions": typeof model_sessions;
  "model/share/canvas": typeof model_share_canvas;
  "model/share/fontData": typeof model_share_fontData;
  "model/share/png": typeof model_share_png;
  "model/share/previewImage": typeof model_share_previewImage;
  "model/share/thumbnail": typeof model_share_thumbnail;
  "model/share/vectorText": typeof model_share_vectorText;
  "model/share/winnerImage": typeof model_share_winnerImage;
  "model/sharePreview": typeof model_sharePreview;
  "model/statement": typeof model_statement;
  "model/studio": typeof model_studio;
  "model/submissions": typeof model_submissions;
  "model/triggers": typeof model_triggers;
  "model/users": typeof model_users;
  "model/validators": typeof model_validators;
  "model/videoLinks": typeof model_videoLinks;
  "model/voteRule": typeof model_voteRule;
  "model/votes": typeof model_votes;
  "model/winnerCard": typeof model_winnerCard;
  moderation: typeof moderation;
  movements: typeof movements;
  moves: typeof moves;
  notifications: typeof notifications;
  operator: typeof operator;
  payouts: typeof payouts;
  platforms: typeof platforms;
  rateLimits: typeof rateLimits;
  "rest/app": typeof rest_app;
  "rest/ideas": typeof rest_ideas;
  "rest/ids": typeof rest_ids;
  "rest/payments": typeof rest_payments;
  "rest/respond": typeof rest_respond;
  "rest/shapes": typeof rest_shapes;
  "rest/share": typeof rest_share;
  "rest/submissions": typeof rest_submissions;
  "rest/unsubscribe": typeof rest_unsubscribe;
  "rest/users": typeof rest_users;
  settlement: typeof settlement;
  share: typeof share;
  stats: typeof stats;
  stripe: typeof stripe;
  studio: typeof studio;
  submissions: typeof submissions;
  updates: typeof updates;
  users: typeof users;
  votes: typeof votes;
}>;

/**
 * A utility for referencing Convex functions in your app's public API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;

/**
 * A utility for referencing Convex functions in your app's internal API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = internal.myModule.myFunction;
 * ```
 */
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;

export declare const components: {
  resend: import("@convex-dev/resend/_generated/component.js").ComponentApi<"resend">;
};
