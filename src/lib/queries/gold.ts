import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { countGold, listGoldOfMedia, markGold, unmarkGold } from '../../api/endpoints/gold';
import type { GoldItemRef } from '../../api/schemas/gold';
import { getApiClient } from '../api-client';
import { goldKeys } from './keys';

export const goldCountQueryOptions = (appId: string) =>
  queryOptions({ queryKey: goldKeys.count(appId), queryFn: async () => (await countGold(getApiClient(), appId)).gold });

/** Which of these media items' items are gold (none asked: none). */
export const goldOfMediaQueryOptions = (appId: string, mediaIds: readonly string[]) =>
  queryOptions({
    queryKey: goldKeys.ofMedia(appId, mediaIds),
    queryFn: async () => (mediaIds.length === 0 ? [] : (await listGoldOfMedia(getApiClient(), appId, mediaIds)).data),
  });

/** Marks or unmarks an item as gold; the application's gold lists and count are asked again. */
export function useToggleGold(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ gold, item }: { gold: boolean; item: GoldItemRef }) => {
      if (gold) await markGold(getApiClient(), appId, item);
      else await unmarkGold(getApiClient(), appId, item);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goldKeys.all(appId) }),
  });
}
