import { absoluteUrl, feedTime, isImageType, shortText, type FeedImage } from './feed-image';
import { childrenNamed, childText, type XmlElement } from '../../../xml';

const MEDIA_RSS = 'http://search.yahoo.com/mrss/';
const DUBLIN_CORE = 'http://purl.org/dc/elements/1.1/';
const CREATIVE_COMMONS = 'http://backend.userland.com/creativeCommonsRssModule';

/** Media RSS `media:content` of an image (by `medium`, else by `type`), directly or in a `media:group`. */
function mediaContents(item: XmlElement): XmlElement[] {
  const groups = childrenNamed(item, MEDIA_RSS, 'group');
  return [item, ...groups]
    .flatMap((parent) => childrenNamed(parent, MEDIA_RSS, 'content'))
    .filter((content) => content.attrs.get('medium') === 'image' || (!content.attrs.has('medium') && isImageType(content.attrs.get('type'))));
}

/** The licence an item names: Media RSS `media:license` (its text or href), the Creative Commons module, `dc:rights`. */
function licenseOf(item: XmlElement): string | undefined {
  const mediaLicense = childrenNamed(item, MEDIA_RSS, 'license')[0];
  return shortText(mediaLicense?.text) ?? mediaLicense?.attrs.get('href') ?? childText(item, CREATIVE_COMMONS, 'license') ?? shortText(childText(item, DUBLIN_CORE, 'rights'));
}

/**
 * The images of an RSS 2.0 feed (https://www.rssboard.org/rss-specification): each item's `enclosure` of an image type
 * and its Media RSS `media:content` images. The entry's id is its `guid`, else its `link`.
 */
export function rssImages(rss: XmlElement, base: URL): FeedImage[] {
  const channel = childrenNamed(rss, '', 'channel')[0];
  if (!channel) return [];
  return childrenNamed(channel, '', 'item').flatMap((item) => {
    const landingUrl = absoluteUrl(childText(item, '', 'link'), base);
    const entryId = childText(item, '', 'guid') ?? landingUrl;
    if (entryId === undefined) return [];
    const enclosures = childrenNamed(item, '', 'enclosure').filter((enclosure) => isImageType(enclosure.attrs.get('type')));
    const urls = [...enclosures, ...mediaContents(item)].map((element) => absoluteUrl(element.attrs.get('url'), base));
    const shared = {
      entryId,
      landingUrl,
      title: shortText(childText(item, '', 'title') ?? childText(item, MEDIA_RSS, 'title')),
      author: shortText(childText(item, DUBLIN_CORE, 'creator') ?? childText(item, '', 'author') ?? childText(item, MEDIA_RSS, 'credit')),
      license: licenseOf(item),
      publishedAt: feedTime(childText(item, '', 'pubDate')),
    };
    return [...new Set(urls)].flatMap((imageUrl) => (imageUrl ? [{ ...shared, imageUrl }] : []));
  });
}
