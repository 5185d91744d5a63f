// The profile header's links: the person's public creator page (everyone may submit videos) and,
// for people who make videos, their studio.
import { Link } from "react-router-dom";
import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import type { Id } from "../../../convex/_generated/dataModel";
import styles from "./ProfileLinks.module.css";

export default function ProfileLinks({ userId }: { userId: Id<"users"> }) {
  const makesVideos = useQuery(api.users.makesVideos, {});
  return (
    <nav className={styles.profileLinks} aria-label="Your pages">
      {makesVideos ? (
        <Link to="/studio" className="btn btn-primary btn-sm">
          Your studio
        </Link>
      ) : null}
      <Link to={`/creators/${userId}`} className="btn btn-secondary btn-sm">
        Your creator page
      </Link>
    </nav>
  );
}
