import { z } from 'zod';
import { absoluteUrl, feedTime, shortText, type FeedImage } from './feed-image';

const text = z.string().nullish().catch(undefined);
const post = z.object({
  id: z.string(),
  url: text,
  uri: text,
  created_at: text,
  account: z.object({ display_name: text, username: text, url: text }).partial().optional().catch(undefined),
  media_attachments: z.array(z.object({ type: z.string(), url: text, description: text })).catch([]),
});
const status = post.extend({ reblog: post.nullish().catch(undefined) });

/**
 * The address of a Mastodon-compatible timeline's statuses: an API URL as given; a hashtag page (`/tags/<tag>`) as its
 * timeline `/api/v1/timelines/tag/<tag>`; an account page (`/@<name>`, resolved with `lookup`) by `accountStatuses`.
 */
export function mastodonTimelineUrl(url: URL): { kind: 'api'; url: URL } | { kind: 'account'; lookup: URL } {
  const tag = /^\/tags\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  if (tag) return { kind: 'api', url: new URL(`/api/v1/timelines/tag/${tag}`, url) };
  const account = /^\/@([^/@]+)\/?$/.exec(url.pathname)?.[1];
  if (account) return { kind: 'account', lookup: new URL(`/api/v1/accounts/lookup?acct=${account}`, url) };
  return { kind: 'api', url };
}

/** An account's statuses with media, from the account `lookup` answered. */
export const accountStatusesUrl = (lookup: URL, account: unknown): URL | null => {
  const parsed = z.object({ id: z.string().regex(/^[\w-]+$/) }).safeParse(account);
  return parsed.success ? new URL(`/api/v1/accounts/${parsed.data.id}/statuses?only_media=true`, lookup) : null;
};

/** Whether a JSON answer is a list of statuses (an empty one too). */
export const isStatusList = (json: unknown): json is unknown[] => Array.isArray(json);

/**
 * The images of a Mastodon-compatible timeline (https://docs.joinmastodon.org/entities/Status/): each status's (or
 * the status it boosts) `media_attachments` of type `image`; the landing URL is the post, the author its account.
 */
export function mastodonImages(statuses: unknown[], base: URL): FeedImage[] {
  return statuses.flatMap((raw) => {
    const parsed = status.safeParse(raw);
    if (!parsed.success) return [];
    const shown = parsed.data.reblog ?? parsed.data;
    const shared = {
      entryId: shown.id,
      landingUrl: absoluteUrl(shown.url ?? shown.uri ?? undefined, base),
      author: shortText(shown.account?.display_name || shown.account?.username || undefined),
      authorProfileUrl: absoluteUrl(shown.account?.url ?? undefined, base),
      publishedAt: feedTime(shown.created_at ?? undefined),
    };
    return shown.media_attachments
      .filter((attachment) => attachment.type === 'image')
      .flatMap((attachment) => {
        const imageUrl = absoluteUrl(attachment.url ?? undefined, base);
        return imageUrl ? [{ ...shared, imageUrl, title: shortText(attachment.description ?? undefined) }] : [];
      });
  });
}
