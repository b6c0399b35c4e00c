import { secureUrlOr } from '../url-rule';
import { z } from '../zod';

/** Seconds between two polls of a feed (`interval_seconds`), and its default. */
export const FEED_INTERVAL_SECONDS = { min: 60, max: 86_400, default: 300 } as const;
/** New images one poll stores at most (`max_items_per_poll`), and its default. */
export const FEED_ITEMS_PER_POLL = { min: 1, max: 100, default: 20 } as const;

const INTERVAL_MESSAGE = `Use a whole number of seconds from ${FEED_INTERVAL_SECONDS.min} to ${FEED_INTERVAL_SECONDS.max.toLocaleString('en')}.`;
const ITEMS_MESSAGE = `Use a whole number from ${FEED_ITEMS_PER_POLL.min} to ${FEED_ITEMS_PER_POLL.max}.`;

/**
 * The `custom_fields` of a social_feed application (docs/api.md, "The social_feed application type"): `feed_url` (RSS
 * 2.0, Atom, JSON Feed 1.1, or a Mastodon-compatible hashtag or account timeline), `interval_seconds` between polls,
 * and `max_items_per_poll`. Other keys of custom_fields are left alone.
 */
export const socialFeedSettings = z.object({
  feed_url: secureUrlOr('A feed needs its address (feed_url): the URL of an RSS, Atom or JSON feed, or of a Mastodon tag or account page.'),
  interval_seconds: z._default(
    z
      .number(INTERVAL_MESSAGE)
      .check(z.int(INTERVAL_MESSAGE), z.gte(FEED_INTERVAL_SECONDS.min, INTERVAL_MESSAGE), z.lte(FEED_INTERVAL_SECONDS.max, INTERVAL_MESSAGE)),
    FEED_INTERVAL_SECONDS.default,
  ),
  max_items_per_poll: z._default(
    z.number(ITEMS_MESSAGE).check(z.int(ITEMS_MESSAGE), z.gte(FEED_ITEMS_PER_POLL.min, ITEMS_MESSAGE), z.lte(FEED_ITEMS_PER_POLL.max, ITEMS_MESSAGE)),
    FEED_ITEMS_PER_POLL.default,
  ),
});
