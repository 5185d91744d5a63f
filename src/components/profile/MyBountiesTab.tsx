import { Link } from "react-router-dom";

/** Profile → My Bounties: the ideas the person posted. For now, the empty state. */
export default function MyBountiesTab() {
  return (
    <div className="empty-state profile-empty">
      <p className="profile-empty__text">Your original ideas will appear here.</p>
      <Link to="/submit" className="btn btn-primary">
        Post an idea
      </Link>
    </div>
  );
}
