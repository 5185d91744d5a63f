import type { LegalContent } from "./LegalDocument";

/** The Terms of Service shown at /terms-of-service. 18 numbered sections; Texas law. */
export const TERMS_OF_SERVICE: LegalContent = {
  title: "Terms of Service",
  summary:
    "The rules for posting ideas, funding bounties, submitting videos and getting paid on Bounties.",
  effectiveDate: "November 6th, 2024",
  lastUpdated: "November 6th, 2024",
  intro: [
    "These Terms of Service (the “Terms”) are a binding agreement between you and Bounties (“Bounties”, “we”, “us” or “our”). They govern your access to and use of the Bounties website and the related services we provide (together, the “Service”). Please read them carefully: they explain how bounties are funded, awarded and refunded, what we expect from creators, and the limits of our responsibility.",
    {
      note: "**In short:** card payments are processed by Stripe; every paid contribution is either awarded to a creator who delivered or refunded in full, and Bounties never keeps your money; creators must submit original videos posted on their own accounts; these Terms are governed by the laws of the State of Texas. This summary is for convenience only and does not replace the full Terms below.",
    },
  ],
  sections: [
    {
      id: "acceptance",
      title: "Acceptance of These Terms",
      blocks: [
        "By signing in to the Service, posting an idea, contributing to a bounty, submitting a video, voting or otherwise using the Service, you agree to these Terms and to our [Privacy Policy](/privacy-policy), which explains how we handle personal information. If you do not agree, do not use the Service.",
        "If you use the Service on behalf of a company or other organization, you represent that you are authorized to accept these Terms on its behalf, and “you” then refers to that organization as well as to you.",
        "Some parts of the Service rely on third-party services that have their own terms, such as Stripe, YouTube and TikTok. Section 12 explains how those terms apply to you.",
      ],
    },
    {
      id: "accounts",
      title: "Eligibility and Accounts",
      blocks: [
        "You must be at least 13 years old to use the Service. You must be at least 18 years old (or the age of majority where you live, if higher) to contribute money to a bounty or to receive a payout. You may not use the Service if you are barred from doing so under the laws of the United States or any other applicable jurisdiction, including sanctions laws.",
        "You sign in to Bounties with a Google account or a Discord account. We do not offer username-and-password accounts. You are responsible for keeping your Google or Discord account secure, because anyone who can sign in to it can act as you on Bounties. If you sign in with Google and with Discord using the same verified email address, both sign-ins open the same Bounties account.",
        "When you first sign in, we ask for your account type (Creator, Viewer or Business) and your preferred platform. These choices only tailor the wording you see; they do not limit what you can do on the Service.",
        {
          list: [
            "Keep the information in your profile accurate, including your display name.",
            "Use one account per person, and do not create accounts to evade a suspension or to inflate votes.",
            "Do not impersonate anyone or misrepresent your affiliation with a person, brand or channel.",
            "Tell us promptly at [support@bounties.example](mailto:support@bounties.example) if you believe someone has used your account without permission.",
          ],
        },
        "You are responsible for all activity that happens under your account.",
      ],
    },
    {
      id: "service",
      title: "The Service",
      blocks: [
        "Bounties is a marketplace where people crowdfund original videos. A signed-in user posts a video idea with a deadline, a target platform (YouTube, TikTok or Any) and the video durations that are allowed (Short: under 3 minutes; Medium: 5 to 25 minutes; Long: 30 minutes or more). Anyone can fund the idea’s bounty by card. Creators make a video, publish it on their own channel or account, and submit its link. People vote on the submissions. After the idea’s deadline, each contribution is awarded to a winning submission according to its contributor’s payout preference, or refunded to the contributor when nobody delivers.",
        "Anyone may browse ideas, bounties and submissions without signing in. You need to be signed in to post an idea, vote, submit a video or use your profile. Contributions can be made with or without signing in.",
        "Bounties provides the venue and the rules. We do not produce videos, we are not a party to any arrangement between contributors and creators, and we do not guarantee that an idea will receive submissions or that a video will meet anyone’s expectations. Bounties is not a bank, escrow agent or money transmitter: payments and payouts are handled by our payment processor, Stripe.",
        "We may add, change or remove features of the Service. We will not change the rules that decide how an already-paid contribution is awarded or refunded, except where the law requires it.",
      ],
    },
    {
      id: "ideas",
      title: "Ideas and Bounties",
      blocks: [
        "An idea consists of a one-line title of up to 200 characters, optional supporting links (up to 10 web addresses starting with http:// or https://), a deadline that is in the future and no more than 365 days away, a target platform and one or more allowed durations. Ideas, their bounty totals, their submissions and vote counts are public.",
        "You may post only ideas that you have the right to share and that comply with Section 10. We check the text of ideas and their links automatically, and we reject ideas that contain profanity or link to adult or otherwise restricted websites.",
        "Each idea goes through three stages:",
        {
          list: [
            "**Open:** from posting until its deadline, the idea accepts video submissions.",
            "**Judging:** for 7 days after the deadline, no new submissions are accepted, and contributors who chose Customer’s Choice pick their winner.",
            "**Settled:** at the end of the judging period, every paid contribution is awarded or refunded as described in Section 6.",
          ],
        },
        "Posting an idea does not oblige any creator to make it, and it does not give you ownership of the videos made for it (see Section 11). Do not include confidential information in an idea: anyone can read it and make a video based on it.",
        "If you post an idea about your own product or brand, you are responsible for the accuracy of what you ask creators to say. Creators who make videos for a bounty funded by a business must disclose that relationship where the law or the platform requires it, for example under the U.S. Federal Trade Commission’s Endorsement Guides and the platforms’ paid-promotion or branded-content rules.",
        "We may remove an idea that violates these Terms. When we remove an idea, its paid contributions that have not yet been awarded are refunded in full.",
      ],
    },
    {
      id: "contributions",
      title: "Contributions and Payments",
      blocks: [
        "Anyone may contribute to an idea’s bounty by debit or credit card. Payments are processed by Stripe through Stripe Checkout: you enter your card details on a page hosted by Stripe, and they never reach Bounties’ servers. Stripe’s own terms and privacy policy apply to the payment.",
        "Contributions are made in U.S. dollars. Each payment must be at least $1.00 and no more than $10,000.00. Quick-contribution buttons add $5.00 per click.",
        "A contribution is **pending** while its checkout is in progress and becomes **paid** only when Stripe confirms the payment. Only paid contributions count toward an idea’s bounty. A checkout that is cancelled, expires or fails never becomes part of the bounty, and you are not charged for it.",
        {
          note: "**Bounties does not keep contributions.** We charge no platform fee and retain no part of any contribution. Every paid contribution ends up either with a winning creator (Sections 6 and 8) or back with its contributor as a full refund to the original payment method. Each idea’s page shows what was contributed, refunded, awarded and paid out.",
        },
        "A contribution is a conditional reward for a creator, not a purchase from Bounties, a donation to Bounties or an investment. It does not entitle you to any goods or services from us, and it is not a tax-deductible charitable gift.",
        "Once paid, a contribution cannot be withdrawn at will, because creators rely on the posted bounty when they decide to make a video. Refunds happen automatically in the situations these Terms describe. A refund is issued through Stripe to the card you paid with; your card issuer decides how long it takes to appear, usually 5 to 10 business days.",
        "If you dispute a charge with your bank instead of contacting us, the disputed amount is removed from the bounty while the dispute is open, and we may suspend your account if the dispute is not made in good faith.",
      ],
    },
    {
      id: "payouts",
      title: "Payout Preferences and Awarding Bounties",
      blocks: [
        "Each contribution carries a payout preference chosen by its contributor. It decides which submission receives that contribution:",
        {
          list: [
            "**Customer’s Choice** (customer_choice, the default): you pick the winning submission yourself. You can pick at any time after the idea receives its first submission and until 7 days after the idea’s deadline. If you have not picked a winner by then, your contribution is awarded as People’s Choice.",
            "**People’s Choice** (peoples_choice): the eligible submission with the most net votes (up-votes minus down-votes) at the end of the judging period wins. If two or more submissions are tied, the one submitted earlier wins.",
          ],
        },
        "You can change the payout preference of your own contribution, from its confirmation page, until the idea receives its first submission. After that the preference is locked, so that creators know the rules before they submit. Contributions made without signing in follow People’s Choice.",
        "Only eligible submissions can win: submissions that meet the requirements of Section 7 and have not been removed. Each contribution is awarded in full to a single submission; different contributors to the same idea may reward different submissions.",
        "**If an idea has no eligible submission when its judging period ends, every paid contribution to it is refunded in full.** Refunds are issued automatically through Stripe; you do not need to ask for them.",
        "The Service computes each award from these rules. If we find that an award or refund was made in error, we will correct it so that the outcome matches these rules.",
      ],
    },
    {
      id: "submissions",
      title: "Creator Submissions and Originality",
      blocks: [
        "Creators submit a video by posting its link to an idea while the idea is open. The link must point to a video on the idea’s platform: YouTube for YouTube ideas, TikTok for TikTok ideas, and either for ideas open to Any platform. The same video cannot be submitted twice to the same idea.",
        "To be eligible to win, a submitted video must meet all of the following requirements. The idea’s page shows a checklist of them for each submission:",
        {
          list: [
            "**Original:** you created the video and you own, or have licensed, all the rights needed to publish it, including rights in music, footage, images and the appearance of every identifiable person in it.",
            "**Posted by you:** the video is published on your own YouTube channel or TikTok account, and you have connected that account to your Bounties profile to prove ownership.",
            "**Made for the idea:** the video was published after the idea was posted.",
            "**The right length:** the video’s duration matches one of the durations the idea allows.",
            "**Available and lawful:** the video stays available on its platform until the idea is settled, and it complies with Section 10 and with the platform’s own rules.",
          ],
        },
        "You may submit a video before you connect the account that posted it, but it cannot be paid until that account is connected and ownership is proven. We verify submissions with data from the platform, and we may also review them manually. We may disqualify a submission that does not meet these requirements, that re-uploads or compiles other people’s content, or that benefited from vote manipulation.",
        "Submitting a video does not guarantee that it will win or be paid.",
      ],
    },
    {
      id: "creator-payouts",
      title: "Creator Payouts",
      blocks: [
        "When a submission wins a contribution, the amount is credited to its creator’s earnings on Bounties. Creators are paid through Stripe Connect: from your profile you connect a Stripe payout account and provide the information Stripe requires, such as proof of identity, bank account details and tax information. The [Stripe Connected Account Agreement](https://stripe.com/legal/connect-account) applies to your payout account.",
        "Owed earnings are transferred to your payout account once the account is ready to receive transfers and the ownership of the winning video has been proven. The “Expected Payout” and “Max Payout” figures in your profile are estimates until the idea is settled.",
        "Bounties deducts no platform fee from awards. Stripe or your bank may charge fees for currency conversion or for paying out to your bank account, as set out in their own terms.",
        "Awarded amounts that cannot yet be paid, for example because you have not finished setting up your payout account, are not kept by Bounties: they stay reserved for you. If paying you becomes impossible, for example because the law forbids it, the amounts are returned to the contributors who funded them.",
        "You must be at least 18 years old and live in a country supported by Stripe Connect to receive payouts. You are responsible for reporting and paying any taxes on your earnings. Stripe may collect tax information from you and issue tax forms where the law requires it.",
      ],
    },
    {
      id: "voting",
      title: "Voting",
      blocks: [
        "Signed-in users can vote ideas and submissions up or down. Each person has one vote per idea and one vote per submission: voting the same way again clears your vote, and voting the other way changes it. You cannot vote on your own submissions.",
        "Votes rank ideas and submissions, and they decide the winner of People’s Choice contributions, so they must reflect your genuine opinion. You may not:",
        {
          list: [
            "vote from more than one account, or use bots, scripts or other automated means to vote;",
            "buy, sell or trade votes, or offer anything of value in exchange for votes;",
            "organize coordinated or inauthentic voting.",
          ],
        },
        "We may discard votes, adjust vote counts, disqualify submissions and suspend accounts involved in vote manipulation.",
      ],
    },
    {
      id: "prohibited-content",
      title: "Prohibited Content and Conduct",
      blocks: [
        "Ideas, supporting links, display names, submissions and anything else you post through the Service must not contain or link to:",
        {
          list: [
            "profanity, slurs, hate speech, harassment, bullying or threats;",
            "sexual or adult content, nudity, or links to adult or other restricted websites;",
            "any content that sexualizes, exploits or endangers minors;",
            "graphic violence, dangerous challenges, encouragement of self-harm, or promotion of illegal activity;",
            "content that infringes anyone’s copyright, trademark, privacy or publicity rights, or that reveals another person’s private information without consent;",
            "false or misleading claims, including advertising that is not disclosed as required by law;",
            "spam, malware, phishing or other harmful links.",
          ],
        },
        "We check ideas and links automatically for profanity and restricted websites and reject those that fail. You also agree not to:",
        {
          list: [
            "use the Service to move money for any purpose other than rewarding original videos, including self-dealing, money laundering or the financing of unlawful activity;",
            "pay with a card you are not authorized to use, or commit any other fraud;",
            "scrape, copy or overload the Service, probe or bypass its security, or access accounts or data that are not yours;",
            "break any applicable law, sanctions regime or the terms of the platforms connected to the Service.",
          ],
        },
        "We may remove content, reject submissions and refund contributions when we believe these rules have been broken. To report content, write to [support@bounties.example](mailto:support@bounties.example).",
      ],
    },
    {
      id: "intellectual-property",
      title: "Intellectual Property and Licences",
      blocks: [
        "**Your content stays yours.** Creators keep ownership of their videos, which remain hosted on YouTube or TikTok. Users keep ownership of the ideas and other content they post.",
        "**The licence you give us.** You grant Bounties a worldwide, non-exclusive, royalty-free licence to host, store, reproduce, display and distribute the content you post or submit through the Service, including video titles, descriptions, thumbnails, links and embeds, for the purpose of operating, showing and promoting the Service (for example, featuring a winning video with credit to its creator). The licence lasts while the content is on the Service and for a reasonable time afterwards to remove it. Videos are played through the platforms’ own players under the platforms’ terms.",
        "**Ideas are open to everyone.** By posting an idea, you allow every user to make and publish videos based on it. Posting an idea does not give you any rights in the videos made for it.",
        "**Winning does not transfer the video.** Contributors, including businesses, receive no rights in a winning video beyond viewing and sharing it as its platform allows. Any other use, such as using the video in advertising, requires a separate agreement with its creator.",
        "**Our rights.** The Service, including its software, design, text, logos and the Bounties name, belongs to Bounties and its licensors. We grant you a limited, revocable, non-exclusive and non-transferable licence to use the Service for its intended purpose. If you send us feedback or suggestions, we may use them without any obligation to you.",
        "**Copyright complaints.** If you believe that content on the Service infringes your copyright, send a notice that meets the requirements of the U.S. Digital Millennium Copyright Act to [copyright@bounties.example](mailto:copyright@bounties.example). For videos hosted on YouTube or TikTok, you can also use those platforms’ copyright tools. We close the accounts of repeat infringers in appropriate circumstances.",
      ],
    },
    {
      id: "third-party-services",
      title: "Third-Party Platforms and Services",
      blocks: [
        "The Service works with services run by other companies: Google and Discord for sign-in, Stripe for payments and payouts, and YouTube and TikTok for hosting and verifying videos. Your use of those services is governed by their own terms and privacy policies, and we are not responsible for their availability, content or actions.",
        "**YouTube.** Bounties uses YouTube API Services to verify that submitted YouTube videos belong to the creator who submits them. By connecting a YouTube channel or submitting a YouTube video, you agree to be bound by the [YouTube Terms of Service](https://www.youtube.com/t/terms). Google’s handling of your data is described in the [Google Privacy Policy](https://policies.google.com/privacy). You can revoke Bounties’ access to your YouTube data at any time from your [Google Account permissions page](https://security.google.com/settings/security/permissions).",
        "**TikTok.** Bounties uses TikTok’s Login Kit and Display API to verify that submitted TikTok videos belong to the creator who submits them. By connecting a TikTok account or submitting a TikTok video, you agree to the [TikTok Terms of Service](https://www.tiktok.com/legal/page/us/terms-of-service/en). You can revoke Bounties’ access from the app permissions in your TikTok settings.",
        "**Stripe.** Payments are subject to the [Stripe Services Agreement](https://stripe.com/legal/ssa), and payout accounts to the Stripe Connected Account Agreement.",
        "Platforms may remove or change videos and accounts under their own rules. A video that becomes unavailable before its idea is settled may lose its eligibility. Supporting links posted by users lead to third-party websites that we do not control or endorse.",
      ],
    },
    {
      id: "termination",
      title: "Suspension and Termination",
      blocks: [
        "You may stop using the Service at any time, and you may ask us to delete your account by writing to [support@bounties.example](mailto:support@bounties.example). Deleting your account does not cancel contributions you have already paid, which are still awarded or refunded under Section 6, and it does not forfeit earnings already awarded to you. We keep the records the law requires us to keep, such as payment records.",
        "We may suspend or end your access to the Service, remove your content, or cancel awards connected to fraud or to a breach of these Terms, if you break these Terms, if your use creates risk or possible legal exposure for Bounties or other users, or if the law requires it. Where reasonable, we will tell you why and give you a chance to respond.",
        "If we cancel an award, the contribution goes to the next eligible submission under the same payout preference or, if there is none, is refunded to its contributor. It is never kept by Bounties.",
        "Sections 5, 6 and 8 (for contributions already paid and awards already made), 11 and 14 to 18 continue to apply after your access ends.",
      ],
    },
    {
      id: "disclaimers",
      title: "Disclaimers and Limitation of Liability",
      blocks: [
        { subheading: "Disclaimers" },
        "**The Service is provided “as is” and “as available”. To the fullest extent permitted by law, Bounties disclaims all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose, title and non-infringement.** We do not promise that the Service will be uninterrupted, timely, secure or error-free. We are not responsible for content posted by users, for the quality, accuracy or legality of any video, or for the acts of any user or third-party platform. We do not verify the claims made in ideas or videos.",
        { subheading: "Limitation of liability" },
        "**To the fullest extent permitted by law, Bounties and its officers, employees, agents and suppliers will not be liable for any indirect, incidental, special, consequential, exemplary or punitive damages, or for any loss of profits, revenue, data or goodwill, arising out of or relating to the Service or these Terms, even if we were told such damages were possible.**",
        "**To the fullest extent permitted by law, our total liability for all claims arising out of or relating to the Service or these Terms is limited to the greater of (a) one hundred U.S. dollars (US$100) and (b) the total of the contributions you paid through the Service in the twelve months before the event giving rise to the claim.**",
        "Nothing in these Terms limits our obligation to award or refund paid contributions and to pay awarded earnings as Sections 5, 6 and 8 describe, or any liability that cannot be limited under applicable law, such as liability for fraud, gross negligence or wilful misconduct.",
      ],
    },
    {
      id: "indemnification",
      title: "Indemnification",
      blocks: [
        "To the extent permitted by law, you will defend, indemnify and hold harmless Bounties and its officers, employees and agents from and against any claims, damages, losses, liabilities, costs and expenses (including reasonable attorneys’ fees) arising out of or relating to: (a) the ideas, videos and other content you post or submit; (b) your breach of these Terms or of any law; (c) your infringement of anyone’s intellectual property, privacy or publicity rights; or (d) your dealings with other users, including any advertising or disclosure obligations connected with a bounty you fund or win.",
        "We will tell you promptly about any claim covered by this Section. We may choose to take control of the defence at our own cost, and you will cooperate with us in that case.",
      ],
    },
    {
      id: "changes",
      title: "Changes to These Terms",
      blocks: [
        "We may update these Terms from time to time. When we do, we will post the new version on this page and change the “Last updated” date above. If a change is material, we will also tell you in the Service or by email at least 14 days before it takes effect, unless the change is required sooner by law.",
        "Changes never apply retroactively: a contribution is awarded or refunded under the Terms that were in effect when it was paid. By continuing to use the Service after a change takes effect, you accept the updated Terms. If you do not agree with a change, stop using the Service and, if you wish, ask us to delete your account.",
      ],
    },
    {
      id: "governing-law",
      title: "Governing Law, Venue and General Provisions",
      blocks: [
        "These Terms, and any dispute or claim arising out of or relating to them or to the Service, are governed by the laws of the State of Texas, United States of America, and applicable U.S. federal law, without regard to conflict-of-law rules.",
        "Before filing a claim, you agree to contact us at [legal@bounties.example](mailto:legal@bounties.example) and try to resolve the dispute informally for at least 30 days. If it is not resolved, any lawsuit must be brought exclusively in the state or federal courts located in the State of Texas, and you and Bounties consent to the personal jurisdiction of those courts. Either party may still bring an individual claim in a small-claims court, or seek an injunction to protect its intellectual property in any competent court. If you live outside the United States, this Section does not take away any protection that the mandatory consumer laws of your country give you.",
        "These Terms, together with the Privacy Policy, are the entire agreement between you and Bounties about the Service. If any provision is found unenforceable, the rest remain in effect. Our failure to enforce a provision is not a waiver of it. You may not transfer your rights under these Terms without our consent; we may transfer ours as part of a merger, acquisition or sale of assets, with notice to you. Neither party is responsible for delays caused by events beyond its reasonable control. These Terms do not create any rights for third parties, and section titles are for convenience only.",
      ],
    },
    {
      id: "contact",
      title: "Contact Us",
      blocks: [
        "If you have questions about these Terms or the Service, contact us:",
        {
          list: [
            "General support and reports of content: [support@bounties.example](mailto:support@bounties.example)",
            "Legal notices: [legal@bounties.example](mailto:legal@bounties.example)",
            "Copyright notices: [copyright@bounties.example](mailto:copyright@bounties.example)",
            "Privacy questions: [privacy@bounties.example](mailto:privacy@bounties.example)",
          ],
        },
        "We aim to answer within 5 business days.",
      ],
    },
  ],
};
