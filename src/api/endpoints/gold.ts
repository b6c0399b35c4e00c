import { z } from '../zod';
import type { ApiClient } from '../client';
import { noContent, pageOf } from '../schemas/envelopes';
import { goldItemSchema, goldListItemSchema, type GoldItemRef, type MarkGoldBody } from '../schemas/gold';

const goldPath = (appId: string) => `/1/applications/${encodeURIComponent(appId)}/gold`;

/** Marks an item gold: its decided answer, or the subjects given, becomes the truth labellers are scored against. */
export const markGold = (client: ApiClient, appId: string, body: MarkGoldBody) => client.request(goldPath(appId), goldItemSchema, { method: 'POST', body });

export const unmarkGold = (client: ApiClient, appId: string, body: GoldItemRef) => client.request(`${goldPath(appId)}/unmark`, noContent, { method: 'POST', body });

/** The application's gold items among these media items. */
export const listGoldOfMedia = (client: ApiClient, appId: string, mediaIds: readonly string[]) =>
  client.request(goldPath(appId), pageOf(goldListItemSchema), { query: { media_ids: mediaIds.join(','), limit: mediaIds.length } });

export const countGold = (client: ApiClient, appId: string) => client.request(`${goldPath(appId)}/count`, z.object({ gold: z.number() }));
