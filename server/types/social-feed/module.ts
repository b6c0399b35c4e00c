import { MEDIA_MAX_BYTES } from '../../../src/api/limits';
import { socialFeedSettings } from '../../../src/api/application-types/social-feed';
import { FetchFailed, openUrl, readBody } from '../../net/http-fetch';
import type { CaptureModule } from '../capture-module';
import { feedFetchPolicy, fetchFeedImages, type FeedRequest } from './fetch-feed';
import type { FeedImage } from './formats/feed-image';

/** One poll (the feed and its new images) may take this long in all. */
const POLL_DEADLINE_SECONDS = 120;

const itemKeyOf = (image: FeedImage) => `${image.entryId}\n${image.imageUrl}`;

async function fetchImage(image: FeedImage, request: FeedRequest): Promise<Buffer> {
  const response = await openUrl(image.imageUrl, request.policy, { ...request, accept: 'image/*' });
  return readBody(response, MEDIA_MAX_BYTES, 'The image');
}

/**
 * social_feed: every `interval_seconds` the feed (RSS, Atom, JSON Feed or a Mastodon-compatible timeline), and up to
 * `max_items_per_poll` of its images not stored before, each with its entry's author, post, title and licence. An image
 * that cannot be fetched is tried again at the next poll; the poll then counts as failed (and says which).
 */
export const socialFeed: CaptureModule = {
  type: 'social_feed',
  settings: socialFeedSettings,
  intervalSeconds: (customFields) => socialFeedSettings.parse(customFields).interval_seconds,
  deadlineSeconds: POLL_DEADLINE_SECONDS,
  addressRefusals: (customFields, addresses) => {
    const refusal = feedFetchPolicy(addresses.callbacks).refusalOfUrl(new URL(socialFeedSettings.parse(customFields).feed_url));
    return refusal === null ? [] : [{ key: 'feed_url', message: refusal }];
  },
  async *capture({ customFields, addresses, userAgent, signal, isCaptured }) {
    const settings = socialFeedSettings.parse(customFields);
    const request = { policy: feedFetchPolicy(addresses.callbacks), userAgent, signal };
    const failures: string[] = [];
    let taken = 0;
    for (const image of await fetchFeedImages(settings.feed_url, request)) {
      if (taken >= settings.max_items_per_poll) break;
      const itemKey = itemKeyOf(image);
      if (await isCaptured(itemKey)) continue;
      taken += 1;
      try {
        const bytes = await fetchImage(image, request);
        yield {
          bytes,
          timestamp: image.publishedAt ?? Date.now() / 1000,
          itemKey,
          details: {
            external_media_id: image.entryId,
            original_url: image.imageUrl,
            original_landing_url: image.landingUrl ?? null,
            title: image.title ?? null,
            author: image.author ?? null,
            author_profile_url: image.authorProfileUrl ?? null,
            license: image.license ?? null,
            filename: new URL(image.imageUrl).pathname.split('/').pop() || null,
          },
        };
      } catch (error) {
        if (signal.aborted) throw error;
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
    if (failures.length > 0) throw new FetchFailed(`${failures.length} of ${taken} new images could not be fetched; the first: ${failures[0]}`);
  },
};
