import { useParams, useSearchParams } from 'react-router';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useApplication } from '../../../lib/queries/application';
import { useMemberNames } from '../../../lib/queries/current-tenant';
import { useSubjectNames } from '../../../lib/queries/subjects';
import type { Application } from '../../../api/schemas/application';
import type { ReleasedModel } from '../../../api/schemas/models';
import { useDetections } from './detection-queries';
import { modelVersionName, useModels } from '../models/model-queries';
import { DetectionFiltersForm } from './detection-filters-form';
import { DetectionsGrid } from './detections-grid';
import { filtersFromParams, paramsFromFilters, queryFromFilters } from './detection-filters';
import { filterProblems } from './filter-errors';
import { QueueBar } from './queue-bar';
import { answerRuleOf } from '../../../api/application-types';
import { useManageRule } from '../../../lib/queries/can-manage';

/** The current model's name and the older models, newest first, down to the baseline. */
function modelChoices(application: Application | undefined, models: readonly ReleasedModel[]) {
  const current = application?.release_model_count ?? models[0]?.version ?? 0;
  const older = [...models.map((model) => model.version).filter((version) => version < current), ...(current > 0 ? [0] : [])];
  return {
    currentModel: modelVersionName(current),
    olderModels: older.map((version) => ({ version, label: modelVersionName(version) })),
  };
}

/** The application's detections, filtered by the URL's search params so that a view can be shared. */
export function Component() {
  const { tenantId = '', appId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const application = useApplication(appId);
  const subjectName = useSubjectNames(tenantId);
  const personName = useMemberNames(tenantId);
  const query = queryFromFilters(filters);
  const detections = useDetections(appId, query);
  const rule = useManageRule(tenantId);
  const manages = !!application.data && !!answerRuleOf(application.data.type) && rule.canManage(application.data);
  const models = useModels(appId);
  const { currentModel, olderModels } = modelChoices(application.data, models.data ?? []);
  const records = detections.data?.pages.flatMap((page) => page.data) ?? [];
  const refused = detections.isError && !detections.isFetchNextPageError ? filterProblems(detections.error) : null;
  const shown = `${records.length} shown${detections.hasNextPage ? ', more load as you scroll' : ''}`;
  const mediaHref = (mediaId: string) =>
    `/t/${encodeURIComponent(tenantId)}/apps/${encodeURIComponent(appId)}/media/${encodeURIComponent(mediaId)}`;

  return (
    <>
      <PageHeader title={`Detections${application.data ? ` · ${application.data.name}` : ''}`} />
      <div className="detections-layout">
        <DetectionFiltersForm
          filters={filters}
          currentModel={currentModel}
          olderModels={olderModels}
          errors={refused?.byField}
          onChange={(next) => setParams(paramsFromFilters(next), { replace: true })}
        />
        <div>
          {detections.isPending ? (
            <Spinner label="Loading detections…" />
          ) : refused ? (
            refused.general ? (
              <Alert>{refused.general}</Alert>
            ) : (
              <EmptyState title="These filters cannot be combined">Correct the filter marked beside it to see detections.</EmptyState>
            )
          ) : detections.isError && !detections.isFetchNextPageError ? (
            <Alert>{detections.error.message}</Alert>
          ) : records.length === 0 && filters.source === 'model' && filters.modelVersion === undefined ? (
            <EmptyState title={`${currentModel} has no proposals here yet`}>
              A model proposes on the media that arrive after its release. Choose an older model to see its proposals, or
              widen the time or probability range.
            </EmptyState>
          ) : records.length === 0 ? (
            <EmptyState title="No detections match">Widen the time or probability range, or choose another source.</EmptyState>
          ) : (
            <>
              {manages ? (
                <QueueBar appId={appId} query={query} shown={shown} />
              ) : (
                <p className="muted" role="status">
                  {shown}
                </p>
              )}
              <DetectionsGrid
                records={records}
                thresholds={application.data?.detection_thresholds ?? {}}
                mediaHref={mediaHref}
                subjectName={subjectName}
                personName={personName}
                hasMore={detections.hasNextPage}
                loadingMore={detections.isFetchingNextPage}
                onLoadMore={() => void detections.fetchNextPage()}
                selectFor={manages ? appId : undefined}
              />
              {detections.isFetchNextPageError && (
                <Alert>
                  {detections.error.message}{' '}
                  <Button variant="ghost" onClick={() => void detections.fetchNextPage()}>
                    Try again
                  </Button>
                </Alert>
              )}
            </>
          )}
        </div>
      </div>
    </>
  );
}
