import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  /** What to show instead of the children once they have thrown. */
  fallback: ReactNode;
  /** Called once when the children throw (e.g. to show a toast). */
  onError?: (error: unknown) => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Catches errors thrown while rendering its children, such as a failing Convex `useQuery`,
 * and shows the fallback instead of taking the whole page down.
 */
export default class QueryErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError?.(error);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
