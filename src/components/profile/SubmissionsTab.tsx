import { Link } from "react-router-dom";

/** Profile → Submissions: the videos the person submitted. For now, the empty state. */
export default function SubmissionsTab() {
  return (
    <div className="empty-state profile-empty">
      <p className="profile-empty__text">Your videos will appear here.</p>
      <Link to="/ideas" className="btn btn-primary">
        Find an idea
      </Link>
    </div>
  );
}
