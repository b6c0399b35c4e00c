import { z } from '../zod';
import type { ApiClient } from '../client';
import { RECENT_ANSWERS_LIMIT, labellerAnswerSchema, labellerTimelineSchema, labellersResponseSchema, type TimelineBucket } from '../schemas/labellers';

/** Whose labellers: one application's, or (for a tenant administrator) the tenant's across its applications. */
export type LabellerScope = { appId: string } | { tenantId: string };

/** Unix seconds; no start: from the first answer; no end: up to now. */
export interface LabellerWindow {
  start?: number;
  end?: number;
}

const basePath = (scope: LabellerScope) => ('appId' in scope ? `/1/applications/${encodeURIComponent(scope.appId)}/labellers` : '/1/labellers');

const windowQuery = ({ start, end }: LabellerWindow) => ({ ...(start === undefined ? {} : { start }), ...(end === undefined ? {} : { end }) });

/** Each labeller's figures over the window, flagged ones first. */
export const getLabellers = (client: ApiClient, scope: LabellerScope, window: LabellerWindow) =>
  client.request(basePath(scope), labellersResponseSchema, { query: windowQuery(window) });

/** Each labeller's figures per period of the window. */
export const getLabellerTimeline = (client: ApiClient, scope: LabellerScope, window: LabellerWindow, bucket: TimelineBucket) =>
  client.request(`${basePath(scope)}/timeline`, labellerTimelineSchema, { query: { ...windowQuery(window), bucket } });

/** A labeller's latest answers in the application, each beside the decision or gold truth it is judged against. */
export const listLabellerAnswers = (client: ApiClient, appId: string, userId: string, limit: number = RECENT_ANSWERS_LIMIT.default) =>
  client.request(`${basePath({ appId })}/${encodeURIComponent(userId)}/answers`, z.object({ data: z.array(labellerAnswerSchema) }), { query: { limit } });
