import { z } from 'zod';
import { absoluteUrl, feedTime, isImageType, shortText, type FeedImage } from './feed-image';

const text = z.string().optional().catch(undefined);
const author = z.object({ name: text, url: text }).partial();
const item = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  url: text,
  title: text,
  image: text,
  date_published: text,
  authors: z.array(author).optional().catch(undefined),
  author: author.optional().catch(undefined),
  attachments: z.array(z.object({ url: z.string(), mime_type: text })).optional().catch(undefined),
});
/** Only what the service reads; an item that breaks it is skipped, not the feed. */
export const jsonFeedSchema = z.object({
  version: z.string().startsWith('https://jsonfeed.org/version/1'),
  items: z.array(z.unknown()),
});

/**
 * The images of a JSON Feed (https://www.jsonfeed.org/version/1.1/): each item's `image` and its attachments of an
 * image type; the author its first of `authors` (1.1), or `author` (1.0).
 */
export function jsonFeedImages(feed: z.infer<typeof jsonFeedSchema>, base: URL): FeedImage[] {
  return feed.items.flatMap((raw) => {
    const parsed = item.safeParse(raw);
    if (!parsed.success) return [];
    const entry = parsed.data;
    const writer = entry.authors?.[0] ?? entry.author;
    const shared = {
      entryId: entry.id,
      landingUrl: absoluteUrl(entry.url, base),
      title: shortText(entry.title),
      author: shortText(writer?.name),
      authorProfileUrl: absoluteUrl(writer?.url, base),
      publishedAt: feedTime(entry.date_published),
    };
    const attached = (entry.attachments ?? []).filter((attachment) => isImageType(attachment.mime_type)).map((attachment) => attachment.url);
    const urls = [entry.image, ...attached].map((url) => absoluteUrl(url, base));
    return [...new Set(urls)].flatMap((imageUrl) => (imageUrl ? [{ ...shared, imageUrl }] : []));
  });
}
