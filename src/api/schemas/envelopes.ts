import { z } from '../zod';
import type { ListResponse, PagedResponse } from '../types';

/** `{ data: [...] }` of one item schema. */
export const listOf = <T>(item: z.ZodMiniType<T>): z.ZodMiniType<ListResponse<T>> => z.object({ data: z.array(item) });

/** `{ data: [...], paging: { next? } }` of one item schema; `next` is an absolute link to the following page. */
export const pageOf = <T>(item: z.ZodMiniType<T>): z.ZodMiniType<PagedResponse<T>> =>
  z.object({ data: z.array(item), paging: z.object({ next: z.optional(z.string()) }) });

/** An answer whose body the caller does not read (204, or an acknowledgement): whatever came, it resolves to nothing. */
export const noContent = z.pipe(z.unknown(), z.transform((): void => undefined));
