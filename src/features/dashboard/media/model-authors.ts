import type { MediaAssertion } from '../../../api/schemas/detections';
import { markingApplications, NO_APPLICATION } from './mark-sources';
import { useApplications } from '../shared/applications-query';
import { useModelNames } from '../models/model-queries';

/**
 * Who made a model's assertion, in words: the model's version in its application ("Model v2"), followed by the
 * application's name when it is not the one the page is about ("Model v2 · People count"). Never an id.
 */
export function useModelAuthorName(tenantId: string, pageAppId: string | undefined, assertions: readonly MediaAssertion[]) {
  const applications = useApplications(tenantId);
  const modelName = useModelNames(markingApplications(assertions).filter((appId) => appId !== NO_APPLICATION));
  const appName = (appId: string) => applications.data?.find((app) => app.application_id === appId)?.name ?? 'another application';
  return ({ model_id: modelId, app_id: appId }: Pick<MediaAssertion, 'model_id' | 'app_id'>) => {
    if (modelId === null) return '—';
    return appId && appId !== pageAppId ? `${modelName(modelId)} · ${appName(appId)}` : modelName(modelId);
  };
}
