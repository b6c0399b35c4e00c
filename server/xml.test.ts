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

  it('scopes a declaration to its element, and reads an unbound prefix as itself', () => {
    const root = readXml(`<feed xmlns="urn:a" xmlns:p="urn:p"><e xmlns="urn:b" xmlns:p="urn:q"><p:x/></e><e><p:x p:k="v"/><u:y/></e></feed>`);
    const [inner, outer] = root.children;
    expect(root.ns).toBe('urn:a');
    expect(inner).toMatchObject({ ns: 'urn:b', attrs: new Map(), children: [{ ns: 'urn:q', name: 'x' }] });
    expect(outer).toMatchObject({ ns: 'urn:a', children: [{ ns: 'urn:p', name: 'x', attrs: new Map([['k', 'v']]) }, { ns: 'u', name: 'y' }] });
  });

  it.each([
    ['a DOCTYPE', '<!DOCTYPE rss [<!ENTITY a "b">]><rss/>', /DOCTYPE/],
    ['a wrong closing tag', '<rss><channel></rss>', /not well-formed XML: unexpected close tag \(line 1, column 20\)/],
    ['an unclosed element', '<rss><channel>', /unclosed tag: channel/],
    ['two documents', '<rss/><rss/>', /only one root/],
    ['text outside the root', 'text<rss/>', /text data outside of root/],
    ['a reference to NUL', '<rss>a&#0;b</rss>', /malformed character entity/],
    ['a NUL', '<rss>a\u0000b</rss>', /disallowed character/],
    ['an entity XML does not predefine', '<rss>&nbsp;</rss>', /undefined entity/],
    ['a stray <', '<rss>a < b</rss>', /not well-formed/],
    ['a repeated attribute', '<rss a="1" a="2"/>', /duplicate attribute/],
    ['no root', '<!-- nothing -->', /must contain a root element/],
    ['too deep nesting', `${'<a>'.repeat(70)}${'</a>'.repeat(70)}`, /more than 64 deep/],
  ])('refuses %s', (_, text, reason) => {
    expect(() => readXml(text)).toThrow(XmlRefused);
    expect(() => readXml(text)).toThrow(reason);
  });
});
