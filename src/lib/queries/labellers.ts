import { queryOptions } from '@tanstack/react-query';
import { getLabellerTimeline, getLabellers, listLabellerAnswers, type LabellerScope } from '../../api/endpoints/labellers';
import type { TimelineBucket } from '../../api/schemas/labellers';
import { getApiClient } from '../api-client';
import { labellerKeys } from './keys';

const DAY = 86_400;
const startOf = (days: number) => Math.floor(Date.now() / 1000) - days * DAY;

/** Each labeller's figures over the last `days` days. */
export const labellersQueryOptions = (scope: LabellerScope, days: number) =>
  queryOptions({ queryKey: labellerKeys.figures(scope, days), queryFn: () => getLabellers(getApiClient(), scope, { start: startOf(days) }) });

/** The same figures per period, for the charts. */
export const labellerTimelineQueryOptions = (scope: LabellerScope, days: number, bucket: TimelineBucket) =>
  queryOptions({
    queryKey: labellerKeys.timeline(scope, days, bucket),
    queryFn: () => getLabellerTimeline(getApiClient(), scope, { start: startOf(days) }, bucket),
  });

export const labellerAnswersQueryOptions = (appId: string, userId: string) =>
  queryOptions({ queryKey: labellerKeys.answers(appId, userId), queryFn: async () => (await listLabellerAnswers(getApiClient(), appId, userId)).data });
