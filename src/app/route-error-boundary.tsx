import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../components/alert';
import { Button } from '../components/button';
import { PageHeader } from '../components/page-header';

function describeRouteError(error: unknown): string {
  if (error instanceof TypeError && /dynamically imported module|Importing a module script/i.test(error.message)) {
    return 'A part of the app could not be loaded, perhaps because a new version was released. Reload the page.';
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}

function RouteErrorPage({ error }: { error: unknown }) {
  return (
    <div className="route-error" role="region" aria-label="Error">
      <PageHeader title="Something went wrong" />
      <Alert>{describeRouteError(error)}</Alert>
      <div className="form-actions route-error__actions">
        <Link to="/">Go to the start</Link>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </div>
  );
}

interface CatcherProps {
  /** The page's address: going elsewhere tries the page's content again. */
  resetKey: string;
  children: ReactNode;
}

interface CatcherState {
  caught: { error: unknown } | null;
  resetKey: string;
}

class ErrorCatcher extends Component<CatcherProps, CatcherState> {
  state: CatcherState = { caught: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<CatcherState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: CatcherProps, state: CatcherState): Partial<CatcherState> | null {
    return props.resetKey === state.resetKey ? null : { caught: null, resetKey: props.resetKey };
  }

  render() {
    return this.state.caught ? <RouteErrorPage error={this.state.caught.error} /> : this.props.children;
  }
}

/** Each route's fallback: the rest of the app stays usable when one page fails (its code or its rendering). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorCatcher resetKey={pathname}>{children}</ErrorCatcher>;
}
