import type { Application } from '../../../api/schemas/application';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { Spinner } from '../../../components/spinner';
import { useCurrentValidation, useModels, useReleaseValidation } from './model-queries';
import { LearningCurvePanel } from './learning-curve';
import { MeasureChart } from './measure-chart';
import { ModelComparison } from './model-comparison';
import { ModelReleasesTable } from './model-releases-table';
import { ReleaseNow } from './release-now';
import { ModelServerVersions } from './model-server-versions';

function Comparison({ app }: { app: Application }) {
  const current = useCurrentValidation(app.application_id);
  if (current.isPending) return <Spinner label="Loading the comparison…" />;
  if (current.isError) return <Alert>{current.error.message}</Alert>;
  const [previous, latest] = current.data;
  if (!previous || !latest) {
    return <EmptyState title="No comparison yet">It comes with the first release measured on held-out answers.</EmptyState>;
  }
  return <ModelComparison previous={previous} current={latest} metric={app.release_metrics} />;
}

function MeasureHistory({ app }: { app: Application }) {
  const releases = useReleaseValidation(app.application_id);
  if (releases.isPending) return <Spinner label="Loading the measures…" />;
  if (releases.isError) return <Alert>{releases.error.message}</Alert>;
  if (releases.data.length === 0) return <EmptyState title="No measured release yet">Releases are measured on held-out answers.</EmptyState>;
  return <MeasureChart releases={[...releases.data].reverse()} metric={app.release_metrics} />;
}

export interface ModelsSectionProps {
  app: Application;
  /** Tenant admins and the application's managers may release a model now. */
  canRelease: boolean;
}

/**
 * The application's models: each release measured on held-out answers, the current one against its predecessor, and
 * the learning curve of the latest releases on the same held-out answers; beside them, the versions the application's
 * model server reported.
 */
export function ModelsSection({ app, canRelease }: ModelsSectionProps) {
  const models = useModels(app.application_id);
  return (
    <section className="panel" aria-labelledby="models-title">
      <div className="toolbar">
        <h2 id="models-title" className="section-title">
          Models
        </h2>
        {canRelease && <ReleaseNow appId={app.application_id} />}
      </div>
      {models.isPending ? (
        <Spinner label="Loading models…" />
      ) : models.isError ? (
        <Alert>{models.error.message}</Alert>
      ) : models.data.length === 0 ? (
        <EmptyState title="No release yet">
          The baseline model proposes until the first release. The service releases a model after a number of answers
          {canRelease ? ', or when you press Release now' : ''}.
        </EmptyState>
      ) : (
        <>
          <div className="panel-grid">
            <div>
              <h3 className="subsection-title">Current model against the one before</h3>
              <Comparison app={app} />
            </div>
            <div>
              <h3 className="subsection-title">Per release, on held-out answers</h3>
              <MeasureHistory app={app} />
            </div>
          </div>
          <h3 className="subsection-title">What more answers buy</h3>
          <LearningCurvePanel appId={app.application_id} />
          <h3 className="subsection-title">Releases</h3>
          <ModelReleasesTable models={models.data} metric={app.release_metrics} />
        </>
      )}
      <ModelServerVersions appId={app.application_id} canManage={canRelease} />
    </section>
  );
}
