import { useQuery } from '@tanstack/react-query';
import { countAnswers } from '../../../api/endpoints/feedback-history';
import type { AnswerBucket } from '../../../api/schemas/feedback-history';
import { getApiClient } from '../../../lib/api-client';
import { applicationKeys } from '../../../lib/queries/keys';

/** How many answers people gave, in all and per hour or day, from the feedback history. */
export const useAnswerCounts = (appId: string, bucket: AnswerBucket) =>
  useQuery({ queryKey: applicationKeys.answers(appId, bucket), queryFn: () => countAnswers(getApiClient(), appId, bucket) });
