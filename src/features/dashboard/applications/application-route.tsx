import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { answerRuleOf } from '../../../api/application-types';
import { releaseFigureKey } from '../../../api/schemas/measures';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useApplication } from '../../../lib/queries/application';
import { useApplicationStats } from './application-stats';
import { useSubjectNames } from '../../../lib/queries/subjects';
import { useCallerRole } from '../shared/caller-role';
import { AssertionsChart } from './assertions-chart';
import { BucketToggle, type Bucket } from './bucket-toggle';
import { ExportPanel } from '../exports-imports/export-panel';
import { ImportPanel } from '../exports-imports/import-panel';
import { ModelsSection } from '../models/models-section';
import { ThroughputPanel } from './throughput-panel';
import { formatDateTime } from '../shared/format-time';
import { FIGURE_LABELS } from '../models/measure-words';
import { feedbackRateText } from './feedback-rate';
import { CaptureStatusPanel } from './capture-status-panel';
import { kindOf, takesInputSubjects } from '../../../api/types';

/** What the application asserted lately, and (for a type people answer) how much feedback waits. */
function Activity({ appId, takesFeedback, takesInput }: { appId: string; takesFeedback: boolean; takesInput: boolean }) {
  const [bucket, setBucket] = useState<Bucket>('day');
  const stats = useApplicationStats(appId, bucket);
  return (
    <section className="panel" aria-labelledby="activity-title">
      <div className="toolbar">
        <h2 id="activity-title" className="section-title">
          Assertions by source
        </h2>
        <BucketToggle name="bucket" value={bucket} onChange={setBucket} />
      </div>
      {stats.isPending ? (
        <Spinner label="Loading activity…" />
      ) : stats.isError ? (
        <Alert>{stats.error.message}</Alert>
      ) : (
        <>
          <dl className="facts">
            {takesFeedback && (
              <>
                <dt>Pending feedback</dt>
                <dd>{stats.data.pending}</dd>
              </>
            )}
            <dt>Latest detection</dt>
            <dd>{formatDateTime(stats.data.latest_detection_at)}</dd>
          </dl>
          {stats.data.assertions_by_source.length === 0 ? (
            <EmptyState title="No assertions yet">
              {takesInput ? 'Upload media to an input subject to get the first ones.' : 'The first arrive with the first images it captures (see Capture above).'}
            </EmptyState>
          ) : (
            <AssertionsChart buckets={stats.data.assertions_by_source} bucket={bucket} />
          )}
        </>
      )}
    </section>
  );
}

/** An application at a glance, and the way into labelling it. */
export function Component() {
  const { tenantId = '', appId = '' } = useParams();
  const application = useApplication(appId);
  const subjectName = useSubjectNames(tenantId);
  const role = useCallerRole(tenantId);
  if (application.isPending) return <Spinner label="Loading application…" />;
  if (application.isError) return <Alert>{application.error.message}</Alert>;
  const app = application.data;
  const rule = answerRuleOf(app.type);
  const names = (uids: string[]) => uids.map(subjectName).join(', ') || '—';
  const appPath = `/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(appId)}`;
  return (
    <>
      <PageHeader
        title={app.name}
        description={app.description || undefined}
        actions={
          rule && (
            <Link className="btn btn--primary" to={`${appPath}/label`}>
              Start labelling
            </Link>
          )
        }
      />
      <div className="panel-grid">
        <section aria-labelledby="settings-glance-title">
          <h2 id="settings-glance-title" className="section-title">
            Settings
          </h2>
          <dl className="facts">
            <dt>Type</dt>
            <dd>{app.type}</dd>
            <dt>Status</dt>
            <dd>{app.active ? 'Active' : 'Inactive'}</dd>
            {takesInputSubjects(app.type) && (
              <>
                <dt>Input subjects</dt>
                <dd>{names(app.input_subjects)}</dd>
              </>
            )}
            <dt>Output subjects</dt>
            <dd>{names(app.output_subjects)}</dd>
            {rule && (
              <>
                <dt>Feedback per hour</dt>
                <dd>{feedbackRateText(app)}</dd>
                <dt>Release metric</dt>
                <dd>{FIGURE_LABELS[releaseFigureKey(rule.measure, app.release_metrics)]}</dd>
              </>
            )}
            <dt>App managers</dt>
            <dd>{app.app_managers.join(', ') || '—'}</dd>
            <dt>Created</dt>
            <dd>
              {formatDateTime(app.created_at)} by {app.created_by}
            </dd>
          </dl>
        </section>
        {kindOf(app.type) === 'capture' && <CaptureStatusPanel appId={appId} mediaPath={(mediaId) => `${appPath}/media/${encodeURIComponent(mediaId)}`} />}
        <Activity appId={appId} takesFeedback={rule !== undefined} takesInput={takesInputSubjects(app.type)} />
        {rule && <ThroughputPanel appId={appId} />}
      </div>
      {rule && <ModelsSection app={app} canRelease={role.canManage(app)} />}
      {rule && role.canManage(app) && (
        <div className="panel-grid">
          <ExportPanel appId={appId} />
          <ImportPanel appId={appId} />
        </div>
      )}
    </>
  );
}
