import type { LegalContent } from "./LegalDocument";

/** The Privacy Policy shown at /privacy-policy. */
export const PRIVACY_POLICY: LegalContent = {
  title: "Privacy Policy",
  summary:
    "What information Bounties collects, why we collect it, who we share it with, and the choices you have.",
  lastUpdated: "November 6th, 2024",
  intro: [
    "This Privacy Policy explains how Bounties (“Bounties”, “we”, “us” or “our”) collects, uses, shares and protects information about you when you use the Bounties website and related services (the “Service”), a marketplace where people crowdfund original videos. It should be read together with our [Terms of Service](/terms-of-service).",
    {
      note: "**In short:** we collect what we need to run the marketplace: your sign-in profile, what you post, your contributions and, if you connect them, the lists of videos on your YouTube or TikTok account so we can verify that the videos you submit are yours. Card details are handled by Stripe and never stored by us. We do not sell your data, we do not use it for advertising, and we do not use it to train AI models.",
    },
  ],
  sections: [
    {
      id: "scope",
      title: "Who We Are and What This Policy Covers",
      blocks: [
        "Bounties operates the Service and is responsible for the personal information described in this policy. This policy applies to everyone who visits or uses the Service: visitors, contributors, creators, voters and businesses.",
        "It does not cover the services of other companies that you reach through Bounties, such as Google, Discord, YouTube, TikTok and Stripe. Their own privacy policies apply to the information they collect.",
      ],
    },
    {
      id: "information-we-collect",
      title: "Information We Collect",
      blocks: [
        { subheading: "Account information from Google or Discord" },
        "You sign in to Bounties with Google or Discord. When you do, the provider shares your name, email address and profile picture (avatar) with us, along with an account identifier. We use them to create your account, sign you in and show your display name. We never receive your Google or Discord password.",
        { subheading: "Profile preferences" },
        "Your display name, your account type (Creator, Viewer or Business) and your preferred platform (YouTube, TikTok or both).",
        { subheading: "Content and activity" },
        "The ideas you post (title, supporting links, deadline, platform and allowed durations), the video links you submit, and your votes on ideas and submissions.",
        { subheading: "Contribution and payout records" },
        "For each contribution: the amount, the idea it funds, its status (for example pending, paid or refunded), its payout preference and the winner you pick, together with the details Stripe returns about the payment: the payer’s name, email address and country, and the payment status. For creators who receive payouts: the identifier and status of your Stripe payout account and the transfers made to it.",
        {
          note: "**Card details are handled by Stripe and never stored by us.** You enter your card number on a checkout page hosted by Stripe; it never reaches Bounties’ servers. Stripe also collects the identity and bank details creators provide for payouts, under the [Stripe Privacy Policy](https://stripe.com/privacy).",
        },
        { subheading: "Connected platform data" },
        "If you choose to connect a YouTube channel or a TikTok account, we receive basic information about that account and the list of videos on it, as described in Sections 5 and 6.",
        { subheading: "Technical information" },
        "Like most websites, our servers record technical details of requests, such as IP address, browser type and the time of each request, to keep the Service secure and working. Your browser stores your sign-in session so that you stay signed in.",
      ],
    },
    {
      id: "how-we-use",
      title: "How We Use Information",
      blocks: [
        "We use the information we collect only to provide and improve the Service, namely to:",
        {
          list: [
            "create and secure your account and keep you signed in;",
            "publish ideas, submissions and vote counts, and credit creators by display name;",
            "process contributions through Stripe, record their status, and award or refund each paid contribution as the Terms of Service describe;",
            "verify that submitted videos are original: that they were posted on the submitter’s own connected account, after the idea was posted, with an allowed duration;",
            "pay creators through Stripe Connect;",
            "detect and prevent fraud, vote manipulation, abuse and prohibited content;",
            "answer your messages and send you notices about your account, contributions and awards;",
            "comply with our legal, tax and accounting obligations.",
          ],
        },
        "If you are in the European Economic Area, the United Kingdom or another place whose law requires a legal basis for processing, we rely on the performance of our contract with you (the Terms of Service), on your consent (for example, when you connect a YouTube or TikTok account), on our legitimate interests in keeping the Service safe and working, and on our legal obligations.",
      ],
    },
    {
      id: "what-we-do-not-do",
      title: "What We Never Do With Your Data",
      blocks: [
        {
          list: [
            "**We do not use your data for advertising.** This includes Google user data and data from YouTube, TikTok and Discord. We do not show ads, build advertising profiles, or share your information with advertisers or ad networks.",
            "**We do not use your data to train artificial intelligence or machine learning models,** including generalized models, and we do not allow anyone else to do so.",
            "**We do not sell or rent your personal information,** and we do not share it with anyone for cross-context behavioral advertising.",
            "**We do not use platform data for any purpose other than the ones described in this policy,** such as profiling you or judging your creditworthiness.",
          ],
        },
      ],
    },
    {
      id: "google-user-data",
      title: "Google User Data and YouTube API Services",
      blocks: [
        { subheading: "Signing in with Google" },
        "When you sign in with Google, we ask only for your basic profile (name and profile picture) and email address. We use them to create your account and sign you in.",
        { subheading: "Connecting a YouTube channel" },
        "Bounties uses YouTube API Services. If you choose to connect your YouTube channel from your profile, we ask Google for read-only access to your YouTube account (the youtube.readonly scope). With it, we access:",
        {
          list: [
            "your YouTube channel ID and channel title;",
            "for the videos uploaded to your channel: their IDs, titles, descriptions, thumbnails and publish dates, and the duration of the videos you submit to an idea.",
          ],
        },
        "We use this data only to verify that the videos you submit to Bounties are yours, were published after the idea was posted and match its allowed durations, and to show you the list of your videos in your profile. We cannot upload, edit or delete anything on your YouTube channel, and we do not access your private messages, subscriptions, watch history or comments.",
        "The access tokens Google gives us are stored only on our servers; they are never sent to your browser or shared with anyone. We do not share YouTube data with third parties, except as needed to run the Service with the service providers described in Section 7, or when the law requires it. People at Bounties do not read this data unless you ask us to (for example, to investigate a submission), it is necessary for security or to investigate abuse, or the law requires it.",
        {
          note: "Bounties’ use and transfer to any other app of information received from Google APIs will adhere to the [Google API Services User Data Policy](https://developers.google.com/terms/api-services-user-data-policy), including the Limited Use requirements.",
        },
        "By connecting a YouTube channel, you agree to be bound by the [YouTube Terms of Service](https://www.youtube.com/t/terms). Google’s use of your information is described in the [Google Privacy Policy](https://policies.google.com/privacy).",
        "You can disconnect your YouTube channel from your Bounties profile at any time, and you can revoke Bounties’ access to your Google account at any time from the [Google security settings page](https://security.google.com/settings/security/permissions). Section 9 explains what we delete when you do.",
      ],
    },
    {
      id: "third-party-platform-data",
      title: "TikTok, Discord and Other Third-Party Platform Data",
      blocks: [
        { subheading: "TikTok" },
        "If you choose to connect a TikTok account, we use TikTok’s Login Kit and Display API. With your permission we access your basic profile (your TikTok account identifier, display name and avatar) and the list of your public videos: their IDs, titles, descriptions, durations, cover images and embed links.",
        "We use this data for the same single purpose as YouTube data: to verify that the TikTok videos you submit are yours, were published after the idea was posted and match its allowed durations, and to list your videos in your profile. We cannot post, edit or delete anything on your TikTok account. TikTok tokens are stored only on our servers. TikTok’s handling of your data is described in the [TikTok Privacy Policy](https://www.tiktok.com/legal/page/us/privacy-policy/en). You can disconnect TikTok from your Bounties profile, or remove Bounties from the apps connected to your account in TikTok’s settings.",
        { subheading: "Discord" },
        "When you sign in with Discord, we receive your Discord user ID, username, avatar and email address. We do not access your servers, messages or friends.",
        { subheading: "The same rules for every platform" },
        "Data from every connected platform is used only as described in this policy. It is not used for advertising, not used to train artificial intelligence or machine learning models, and not sold.",
      ],
    },
    {
      id: "sharing",
      title: "How We Share Information",
      blocks: [
        "We share information only in the following cases:",
        {
          list: [
            "**Publicly, on the Service:** your display name, the ideas you post, the videos you submit (with their titles and links) and vote counts are visible to everyone. Bounty totals and each idea’s ledger of amounts contributed, refunded, awarded and paid out are public; we do not publicly show who made a contribution or how anyone voted.",
            "**With Stripe,** which processes payments, refunds and creator payouts on our behalf and under its own [privacy policy](https://stripe.com/privacy).",
            "**With our hosting and infrastructure providers,** including Convex, which hosts our database and backend. They process data only on our instructions, as our processors.",
            "**With the platforms you connect or sign in with** (Google, Discord, YouTube, TikTok), only as far as needed to sign you in or to retrieve the data described above.",
            "**For legal reasons:** when we believe in good faith that disclosure is required by law, subpoena or court order, or is necessary to prevent fraud, to protect the safety of any person, or to protect the rights of Bounties and its users.",
            "**In a business transfer:** if Bounties is involved in a merger, acquisition or sale of assets, your information may be transferred, and it will remain subject to this policy.",
            "**With your consent,** in any other case.",
          ],
        },
      ],
    },
    {
      id: "cookies",
      title: "Cookies and Local Storage",
      blocks: [
        "We use your browser’s local storage to keep you signed in and to remember where to return you after you connect a YouTube or TikTok account. We do not use advertising cookies or third-party analytics or tracking tools. Stripe’s checkout page sets its own cookies on Stripe’s website to process your payment and prevent fraud.",
      ],
    },
    {
      id: "retention",
      title: "Data Retention and Deletion",
      blocks: [
        "We keep your account information for as long as your account exists.",
        "**Disconnecting a platform:** when you disconnect YouTube or TikTok in your profile, we delete the access and refresh tokens we stored for that platform and the list of your videos from it. Videos you already submitted to ideas remain part of those ideas’ public record (title, link and platform) unless you delete your account. If you revoke Bounties’ access from your Google or TikTok settings instead, our tokens stop working and we delete them when we next detect it.",
        "**Deleting your account:** you can ask us to delete your account at any time by writing to [privacy@bounties.example](mailto:privacy@bounties.example). Within 30 days we delete your profile, your connected platform tokens and video lists, and your votes, and we remove your name from the ideas and submissions you posted. We keep contribution, refund and payout records for as long as tax, accounting and anti-fraud laws require (generally up to seven years). Paid contributions you made are still awarded or refunded under the Terms of Service.",
        "Server logs are kept for a limited period for security purposes and then deleted. Deleted data may remain in encrypted backups for a short time until they are overwritten.",
      ],
    },
    {
      id: "your-rights",
      title: "Your Choices and Rights",
      blocks: [
        "You can view and edit your display name and preferences in your profile, and you can connect or disconnect YouTube and TikTok there at any time. Depending on where you live, you may also have the right to:",
        {
          list: [
            "access the personal information we hold about you and receive a copy of it in a portable format;",
            "correct information that is inaccurate;",
            "have your information deleted;",
            "object to or restrict certain processing, and withdraw consent you have given, without affecting processing that happened before;",
            "lodge a complaint with your local data protection authority.",
          ],
        },
        "To exercise any of these rights, write to [privacy@bounties.example](mailto:privacy@bounties.example). We will verify your identity, for example by asking you to write from the email address linked to your account, and answer within the time the law allows (usually 30 days, or 45 days for California residents). You may use an authorized agent. We will not treat you differently for exercising your rights. If we decline your request, you may ask us to reconsider.",
      ],
    },
    {
      id: "security",
      title: "Security",
      blocks: [
        "We protect your information with measures appropriate to its sensitivity: all traffic to the Service is encrypted with HTTPS; platform access tokens are kept on our servers and never exposed to browsers; card data is handled only by Stripe, which is certified to PCI DSS Level 1; and access to personal information is limited to the people and systems that need it.",
        "No method of transmission or storage is completely secure, so we cannot guarantee absolute security. If a security incident affects your personal information, we will notify you and the authorities as the law requires.",
      ],
    },
    {
      id: "children",
      title: "Children",
      blocks: [
        "The Service is not directed to children under 13, and we do not knowingly collect personal information from children under 13. If you believe a child under 13 has given us personal information, contact us and we will delete it. You must be at least 18 years old to contribute money to a bounty or to receive a payout.",
      ],
    },
    {
      id: "international-users",
      title: "International Users",
      blocks: [
        "Bounties is operated from the United States, and our service providers may process information in the United States and other countries. Data protection laws there may differ from those where you live. Where the law requires it, we use appropriate safeguards for international transfers, such as the European Commission’s Standard Contractual Clauses.",
      ],
    },
    {
      id: "changes",
      title: "Changes to This Policy",
      blocks: [
        "We may update this Privacy Policy from time to time. When we do, we will post the new version on this page and change the “Last updated” date at the top. If a change is material, for example a new use of Google or platform data, we will tell you in the Service or by email before it takes effect and, where the law requires it, ask for your consent.",
      ],
    },
    {
      id: "contact",
      title: "Contact Us",
      blocks: [
        "If you have questions or requests about this Privacy Policy or your personal information, contact us at [privacy@bounties.example](mailto:privacy@bounties.example). We aim to answer within 5 business days.",
      ],
    },
  ],
};
