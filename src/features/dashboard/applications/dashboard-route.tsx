import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { answerRuleOf } from '../../../api/application-types';
import type { Application } from '../../../api/schemas/application';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useSession } from '../../../lib/session/session-store';
import { useApplicationStats } from './application-stats';
import { useApplications } from '../shared/applications-query';
import { useCallerRole } from '../shared/caller-role';
import { useSubjectNames } from '../../../lib/queries/subjects';
import { CreateApplicationDialog } from './create-application-dialog';
import { DeleteApplicationDialog } from './delete-application-dialog';
import { filterApplications, filterFromParams } from './application-filter';
import { formatDateTime } from '../shared/format-time';
import { Field } from '../../../components/text-field';

interface RowProps {
  tenantId: string;
  application: Application;
  subjectName: (uid: string) => string;
  onDelete?: () => void;
}

function ApplicationRow({ tenantId, application, subjectName, onDelete }: RowProps) {
  const stats = useApplicationStats(application.application_id, 'day');
  const href = `/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(application.application_id)}`;
  return (
    <tr>
      <td>
        <Link to={href}>{application.name}</Link>
      </td>
      <td>{application.type}</td>
      <td>
        <span className={`status-dot${application.active ? ' status-dot--on' : ''}`} aria-hidden="true" />
        {application.active ? 'Active' : 'Inactive'}
      </td>
      <td className="numeric">{stats.data?.pending ?? '…'}</td>
      <td>{application.output_subjects.map(subjectName).join(', ') || '—'}</td>
      <td className="nowrap">{stats.isPending ? '…' : formatDateTime(stats.data?.latest_detection_at)}</td>
      <td className="row-actions">
        {answerRuleOf(application.type) && (
          <Link className="btn btn--secondary btn--small" to={`${href}/label`} aria-label={`Label ${application.name}`}>
            Label
          </Link>
        )}
        {onDelete && (
          <Button variant="ghost" className="btn--small" aria-label={`Delete application ${application.name}`} onClick={onDelete}>
            Delete
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The tenant's home: its applications, searchable and filterable (kept in the URL). */
export function Component() {
  const tenantId = useParams().tenantId ?? '';
  const navigate = useNavigate();
  const tenantName = useSession()?.tenantName ?? 'Applications';
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const applications = useApplications(tenantId);
  const role = useCallerRole(tenantId);
  const subjectName = useSubjectNames(tenantId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Application | null>(null);

  function setParam(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }

  const types = [...new Set(applications.data?.map((application) => application.type))].sort();
  const shown = filterApplications(applications.data ?? [], filter);

  return (
    <>
      <PageHeader
        title={tenantName}
        description="Applications"
        actions={
          role.isTenantAdmin && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              New application
            </Button>
          )
        }
      />
      <search className="toolbar">
        <Field label="Search applications" htmlFor="app-search">
          <input id="app-search" type="search" className="field__input" value={filter.search} onChange={(e) => setParam('q', e.target.value)} />
        </Field>
        <Field label="Type" htmlFor="app-type-filter">
          <select id="app-type-filter" className="select" value={filter.type} onChange={(e) => setParam('type', e.target.value)}>
            <option value="">All types</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Status" htmlFor="app-active-filter">
          <select
            id="app-active-filter"
            className="select"
            value={filter.active}
            onChange={(e) => setParam('active', e.target.value === 'all' ? '' : e.target.value)}
          >
            <option value="all">Active and inactive</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </Field>
      </search>
      {applications.isPending ? (
        <Spinner label="Loading applications…" />
      ) : applications.isError ? (
        <Alert>{applications.error.message}</Alert>
      ) : applications.data.length === 0 ? (
        <EmptyState title="No applications yet">
          {role.isTenantAdmin ? 'Create one with “New application”.' : 'A tenant administrator can create one.'}
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState title="No applications match">Change the search or the filters.</EmptyState>
      ) : (
        <table className="data-table" aria-label="Applications">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col" className="numeric">
                Pending feedback
              </th>
              <th scope="col">Output subjects</th>
              <th scope="col">Latest detection</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((application) => (
              <ApplicationRow
                key={application.application_id}
                tenantId={tenantId}
                application={application}
                subjectName={subjectName}
                onDelete={role.isTenantAdmin ? () => setDeleting(application) : undefined}
              />
            ))}
          </tbody>
        </table>
      )}
      {creating && (
        <CreateApplicationDialog
          tenantId={tenantId}
          open
          onClose={() => setCreating(false)}
          onCreated={(application) =>
            void navigate(`/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(application.application_id)}`)
          }
        />
      )}
      <DeleteApplicationDialog application={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
