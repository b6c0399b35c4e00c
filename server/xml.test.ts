import { describe, expect, it } from 'vitest';
import { childText, readXml, XmlRefused } from './xml';

describe('readXml', () => {
  it('resolves namespaces by their URI, whatever the prefix, and decodes text', () => {
    const root = readXml(`<?xml version="1.0"?><!-- a feed --><rss xmlns:m="http://search.yahoo.com/mrss/"><item><title>A &amp; B &#x263A;</title><m:content url="x.jpg"/><d><![CDATA[<b>raw</b>]]></d></item></rss>`);
    const item = root.children[0]!;
    expect(childText(item, '', 'title')).toBe('A & B ☺');
    expect(item.children[1]).toMatchObject({ ns: 'http://search.yahoo.com/mrss/', name: 'content', attrs: new Map([['url', 'x.jpg']]) });
    expect(childText(item, '', 'd')).toBe('<b>raw</b>');
  });

  it.each([
    ['a DOCTYPE', '<!DOCTYPE rss [<!ENTITY a "b">]><rss/>', /DOCTYPE/],
    ['a wrong closing tag', '<rss><channel></rss>', /closes <rss>/],
    ['an unclosed element', '<rss><channel>', /ends inside <channel>/],
    ['two documents', '<rss/><rss/>', /not one XML document/],
    ['text outside the root', 'text<rss/>', /text outside its root/],
    ['a reference to NUL', '<rss>a&#0;b</rss>', /does not allow \(&#0;\)/],
    ['a stray <', '<rss>a < b</rss>', /not well-formed/],
    ['too deep nesting', `${'<a>'.repeat(70)}${'</a>'.repeat(70)}`, /too deeply/],
  ])('refuses %s', (_, text, reason) => {
    expect(() => readXml(text)).toThrow(XmlRefused);
    expect(() => readXml(text)).toThrow(reason);
  });
});
