import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

export interface TenantMismatchProps {
  sessionTenantId: string;
  sessionTenantName: string;
  onSwitch: () => void;
}

/** A link into another tenant than the one signed in to: a token reaches only its own tenant. */
export function TenantMismatch({ sessionTenantId, sessionTenantName, onSwitch }: TenantMismatchProps) {
  return (
    <>
      <PageHeader title="Another tenant" />
      <EmptyState title={`This page belongs to a tenant other than ${sessionTenantName}`}>
        <p>Switch tenant to open it, or go back to {sessionTenantName}.</p>
        <div className="form-actions tenant-mismatch__actions">
          <Link to={`/t/${encodeURIComponent(sessionTenantId)}`}>Go to {sessionTenantName}</Link>
          <Button variant="primary" onClick={onSwitch}>
            Switch tenant
          </Button>
        </div>
      </EmptyState>
    </>
  );
}
