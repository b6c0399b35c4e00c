import { JSON_DEPTH_MAX } from '../../../../src/api/limits';
import { nestsDeeperThan } from '../../../../src/api/json-depth';
import { ATOM, atomImages } from './atom';
import type { FeedImage } from './feed-image';
import { jsonFeedImages, jsonFeedSchema } from './json-feed';
import { isStatusList, mastodonImages } from './mastodon';
import { rssImages } from './rss';
import { readXml, XmlRefused } from '../../../xml';

/** A feed the service cannot read, with why. */
export class FeedUnreadable extends Error {
  override name = 'FeedUnreadable';
}

/** JSON from a feed's server, its depth checked before it is parsed (src/api/json-depth.ts). */
export function parseFeedJson(text: string, what = 'The feed'): unknown {
  if (nestsDeeperThan(text, JSON_DEPTH_MAX)) throw new FeedUnreadable(`${what} nests JSON deeper than ${JSON_DEPTH_MAX} levels.`);
  try {
    return JSON.parse(text);
  } catch {
    throw new FeedUnreadable(`${what} is not valid JSON.`);
  }
}

function xmlImages(text: string, base: URL): FeedImage[] {
  if (/^<(!doctype\s+html|html)[\s>]/i.test(text)) throw new FeedUnreadable("The feed is an HTML page, neither RSS 2.0 nor Atom: give the address of the site's feed.");
  try {
    const root = readXml(text);
    if (root.ns === '' && root.name === 'rss') return rssImages(root, base);
    if (root.ns === ATOM && root.name === 'feed') return atomImages(root, base);
    throw new FeedUnreadable(`The feed's XML is <${root.name}>, neither RSS 2.0 nor Atom.`);
  } catch (error) {
    throw error instanceof XmlRefused ? new FeedUnreadable(error.message) : error;
  }
}

/**
 * The images a feed's bytes offer, by the format they are in (never by the type the server declared): JSON Feed 1.1,
 * a Mastodon-compatible list of statuses, RSS 2.0 or Atom. Throws FeedUnreadable for anything else.
 */
export function feedImages(bytes: Buffer, base: URL): FeedImage[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('{') || text.startsWith('[')) {
    const json = parseFeedJson(text);
    if (isStatusList(json)) return mastodonImages(json, base);
    const feed = jsonFeedSchema.safeParse(json);
    if (feed.success) return jsonFeedImages(feed.data, base);
    throw new FeedUnreadable('The JSON is neither a JSON Feed nor a list of statuses.');
  }
  if (text.startsWith('<')) return xmlImages(text, base);
  throw new FeedUnreadable('The feed is neither XML nor JSON.');
}
