import { FEED_INTERVAL_SECONDS, FEED_ITEMS_PER_POLL, socialFeedSettings } from '../../../../api/application-types/social-feed';
import { captureSettings } from './capture-settings-form';

/** social_feed: which feed, how often to read it, and how many new images one reading takes. */
export const socialFeed = captureSettings({
  legend: 'Feed',
  schema: socialFeedSettings,
  fields: [
    {
      key: 'feed_url',
      label: 'Feed URL',
      kind: 'text',
      type: 'url',
      placeholder: 'https://example.org/feed.xml',
      hint: 'RSS 2.0, Atom or JSON Feed, or a Mastodon hashtag or account page (https://host/tags/name, https://host/@name).',
    },
    {
      key: 'interval_seconds',
      label: 'Read it every',
      kind: 'number',
      unit: 'seconds',
      min: FEED_INTERVAL_SECONDS.min,
      max: FEED_INTERVAL_SECONDS.max,
      default: FEED_INTERVAL_SECONDS.default,
    },
    {
      key: 'max_items_per_poll',
      label: 'New images per reading',
      kind: 'number',
      unit: 'at most',
      min: FEED_ITEMS_PER_POLL.min,
      max: FEED_ITEMS_PER_POLL.max,
      default: FEED_ITEMS_PER_POLL.default,
      hint: 'Images stored before are never stored again.',
    },
  ],
});
