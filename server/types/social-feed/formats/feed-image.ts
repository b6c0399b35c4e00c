/** One image a feed offers: its entry, the image's URL and what the entry says of it. */
export interface FeedImage {
  /** The entry's id (the feed's own: RSS guid, Atom id, JSON Feed id, a status id). */
  entryId: string;
  imageUrl: string;
  landingUrl?: string | undefined;
  title?: string | undefined;
  author?: string | undefined;
  authorProfileUrl?: string | undefined;
  license?: string | undefined;
  /** Unix seconds. */
  publishedAt?: number | undefined;
}

/** Unix seconds of a date as feeds write it (RFC 822 in RSS, RFC 3339 elsewhere); undefined when unreadable. */
export function feedTime(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const time = Date.parse(text.trim());
  return Number.isFinite(time) ? time / 1000 : undefined;
}

/** An absolute URL, read relative to the feed's; undefined for none or a malformed one. */
export function absoluteUrl(raw: string | undefined, base: URL): string | undefined {
  if (!raw?.trim()) return undefined;
  return URL.canParse(raw.trim(), base) ? new URL(raw.trim(), base).href : undefined;
}

export const isImageType = (type: string | undefined) => type !== undefined && /^image\//i.test(type.trim());

/** Text a feed gave, trimmed and at most `max` characters; undefined when empty. */
export function shortText(text: string | undefined, max = 500): string | undefined {
  const trimmed = text?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
}
