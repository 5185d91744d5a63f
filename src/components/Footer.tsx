import { Link } from "react-router-dom";
import Logo from "./Logo";
import styles from "./Footer.module.css";

interface FooterColumn {
  heading: string;
  links: { label: string; to: string }[];
}

export const FOOTER_COLUMNS: FooterColumn[] = [
  {
    heading: "Bounties",
    links: [
      { label: "Open bounties", to: "/ideas" },
      { label: "Discover", to: "/discover" },
      { label: "Completed bounties", to: "/completed" },
      { label: "Leaderboards", to: "/leaderboard" },
      { label: "Post an idea", to: "/submit" },
    ],
  },
  {
    heading: "For Creators",
    links: [
      { label: "Find an idea", to: "/ideas" },
      { label: "Submit a video", to: "/discover" },
      { label: "Connect your channel", to: "/profile" },
      { label: "Getting paid", to: "/terms-of-service#creator-payouts" },
    ],
  },
  {
    heading: "For Businesses",
    links: [
      { label: "Post an idea about your product", to: "/submit" },
      { label: "Fund a bounty", to: "/ideas" },
      { label: "How payouts work", to: "/terms-of-service#payouts" },
    ],
  },
  {
    heading: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy-policy" },
      { label: "Terms of Service", to: "/terms-of-service" },
    ],
  },
];

export default function Footer() {
  return (
    <footer className={styles.siteFooter}>
      <div className={`container ${styles.siteFooterTop}`}>
        <div className={styles.siteFooterBrand}>
          <Link to="/" aria-label="Bounties home" className={styles.logoLink}>
            <Logo size={28} />
          </Link>
          <p>
            Crowdfund and discover original videos. Every paid contribution goes to the creator who
            delivers, or back to the person who gave it.
          </p>
        </div>

        <nav className={styles.siteFooterColumns} aria-label="Footer">
          {FOOTER_COLUMNS.map((column) => {
            const headingId = `footer-${column.heading.toLowerCase().replace(/\s+/g, "-")}`;
            return (
              <div key={column.heading}>
                <h2 id={headingId} className={styles.siteFooterHeading}>
                  {column.heading}
                </h2>
                <ul className={styles.siteFooterLinks} role="list" aria-labelledby={headingId}>
                  {column.links.map((link) => (
                    <li key={link.label}>
                      <Link to={link.to}>{link.label}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
      </div>

      <div className="container">
        <div className={styles.siteFooterBottom}>
          <p>© 2024 Bounties. All rights reserved.</p>
          <p>Card payments are processed securely by Stripe.</p>
        </div>
      </div>
    </footer>
  );
}
