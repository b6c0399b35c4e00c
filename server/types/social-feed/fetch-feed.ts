import { isSecureUrl } from '../../../src/api/url-rule';
import { isAllowedHost, portOf, refusalOfAddress, refusalOfUrl, type CallbackAddressRules } from '../../net/address-rule';
import { openUrl, readBody, type FetchPolicy } from '../../net/http-fetch';
import { FeedUnreadable, feedImages } from './formats';
import type { FeedImage } from './formats/feed-image';
import { accountStatusesUrl, mastodonTimelineUrl } from './formats/mastodon';

/** A feed's document may be this large, and the service looks at this many of its images at most. */
const FEED_MAX_BYTES = 5 * 1024 * 1024;
const FEED_MAX_IMAGES = 500;

/** Feeds and their images follow the callbacks' address rule (https:, or http: on loopback; no private targets). */
export const feedFetchPolicy = (rules: CallbackAddressRules): FetchPolicy => ({
  refusalOfUrl: (url) => (isSecureUrl(url.href) ? refusalOfUrl(url.href, rules, 'be fetched') : `${url.href} is not an https: URL (or http: on loopback).`),
  judgeFor: (url) => {
    const allowed = isAllowedHost(url, rules);
    return (address) => refusalOfAddress(address, portOf(url), rules, allowed);
  },
});

export interface FeedRequest {
  policy: FetchPolicy;
  userAgent: string;
  signal: AbortSignal;
}

const ACCEPT = 'application/feed+json, application/json, application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9';

async function fetchDocument(url: string, request: FeedRequest): Promise<{ bytes: Buffer; url: URL }> {
  const response = await openUrl(url, request.policy, { ...request, accept: ACCEPT });
  return { bytes: await readBody(response, FEED_MAX_BYTES, 'The feed'), url: response.url };
}

/** The feed's URL, or the statuses of the Mastodon account its `/@name` page names. */
async function documentUrl(feedUrl: string, request: FeedRequest): Promise<string> {
  const timeline = mastodonTimelineUrl(new URL(feedUrl));
  if (timeline.kind === 'api') return timeline.url.href;
  const lookup = await fetchDocument(timeline.lookup.href, request);
  const statuses = accountStatusesUrl(lookup.url, JSON.parse(lookup.bytes.toString('utf8')));
  if (!statuses) throw new FeedUnreadable(`${timeline.lookup.host} did not name the account.`);
  return statuses.href;
}

/** The first FEED_MAX_IMAGES images the feed offers, in its order. */
export async function fetchFeedImages(feedUrl: string, request: FeedRequest): Promise<FeedImage[]> {
  const document = await fetchDocument(await documentUrl(feedUrl, request), request);
  return feedImages(document.bytes, document.url).slice(0, FEED_MAX_IMAGES);
}
