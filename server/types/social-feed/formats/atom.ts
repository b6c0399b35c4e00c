import { absoluteUrl, feedTime, isImageType, shortText, type FeedImage } from './feed-image';
import { childrenNamed, childText, type XmlElement } from '../../../xml';

export const ATOM = 'http://www.w3.org/2005/Atom';

const linksOf = (entry: XmlElement, rel: string) =>
  childrenNamed(entry, ATOM, 'link').filter((link) => (link.attrs.get('rel') ?? 'alternate') === rel);

/**
 * The images of an Atom feed (RFC 4287): each entry's `link rel="enclosure"` of an image type. The landing URL is its
 * alternate link, the licence its `link rel="license"` (RFC 4946) or its `rights`, the author its first author.
 */
export function atomImages(feed: XmlElement, base: URL): FeedImage[] {
  const feedAuthor = childrenNamed(feed, ATOM, 'author')[0];
  return childrenNamed(feed, ATOM, 'entry').flatMap((entry) => {
    const entryId = childText(entry, ATOM, 'id');
    if (entryId === undefined) return [];
    const author = childrenNamed(entry, ATOM, 'author')[0] ?? feedAuthor;
    const shared = {
      entryId,
      landingUrl: absoluteUrl(linksOf(entry, 'alternate')[0]?.attrs.get('href'), base),
      title: shortText(childText(entry, ATOM, 'title')),
      author: shortText(author && childText(author, ATOM, 'name')),
      authorProfileUrl: absoluteUrl(author && childText(author, ATOM, 'uri'), base),
      license: linksOf(entry, 'license')[0]?.attrs.get('href') ?? shortText(childText(entry, ATOM, 'rights')),
      publishedAt: feedTime(childText(entry, ATOM, 'published') ?? childText(entry, ATOM, 'updated')),
    };
    const urls = linksOf(entry, 'enclosure')
      .filter((link) => isImageType(link.attrs.get('type')))
      .map((link) => absoluteUrl(link.attrs.get('href'), base));
    return [...new Set(urls)].flatMap((imageUrl) => (imageUrl ? [{ ...shared, imageUrl }] : []));
  });
}
