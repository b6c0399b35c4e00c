import { isSecureUrl } from '../../../src/api/url-rule';
import { isAllowedHost, portOf, refusalOfAddress, refusalOfUrl, type CallbackAddressRules } from '../../net/address-rule';
import { openUrl, readBody, type FetchPolicy } from '../../net/http-fetch';
import { readFeedInThread } from './feed-thread';
import { FeedUnreadable, parseFeedJson } from './formats';
import type { FeedImage } from './formats/feed-image';
import { accountStatusesUrl, mastodonTimelineUrl } from './formats/mastodon';

/** A feed's document may be this large, and the service looks at this many of its images at most. */
const FEED_MAX_BYTES = 5 * 1024 * 1024;
const FEED_MAX_IMAGES = 500;
/** A Mastodon account's lookup answers one account (a few KiB); it is read on the service's thread, so it stays small. */
const LOOKUP_MAX_BYTES = 256 * 1024;

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

async function fetchDocument(url: string, request: FeedRequest, maxBytes: number, what: string): Promise<{ bytes: Buffer; url: URL }> {
  const response = await openUrl(url, request.policy, { ...request, accept: ACCEPT });
  return { bytes: await readBody(response, maxBytes, what), url: response.url };
}

/** The feed's URL, or the statuses of the Mastodon account its `/@name` page names. */
async function documentUrl(feedUrl: string, request: FeedRequest): Promise<string> {
  const timeline = mastodonTimelineUrl(new URL(feedUrl));
  if (timeline.kind === 'api') return timeline.url.href;
  const lookup = await fetchDocument(timeline.lookup.href, request, LOOKUP_MAX_BYTES, "The account's lookup");
  const statuses = accountStatusesUrl(lookup.url, parseFeedJson(lookup.bytes.toString('utf8'), "The account's lookup"));
  if (!statuses) throw new FeedUnreadable(`${timeline.lookup.host} did not name the account.`);
  return statuses.href;
}

/** The first FEED_MAX_IMAGES images the feed offers, in its order; the document is read off the event loop. */
export async function fetchFeedImages(feedUrl: string, request: FeedRequest): Promise<FeedImage[]> {
  const document = await fetchDocument(await documentUrl(feedUrl, request), request, FEED_MAX_BYTES, 'The feed');
  return readFeedInThread(document.bytes, document.url, FEED_MAX_IMAGES, request.signal);
}
