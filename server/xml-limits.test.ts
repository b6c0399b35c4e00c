import { describe, expect, it } from 'vitest';
import { readXml, XML_LIMITS } from './xml';

// Documents built to make a reader's cost the product of two counts (issue 37): namespace declarations on the root,
// then many elements under it. The reader refuses them by its limits, or reads them in one pass.

const declarations = (count: number) => Array.from({ length: count }, (_, index) => ` xmlns:p${index}="urn:ns:${index}"`).join('');

describe('readXml at its limits', () => {
  it('refuses 5,000 namespace declarations on the root of 40,000 elements, naming the limit', () => {
    const feed = `<rss${declarations(5000)}><channel>${'<a/>'.repeat(40_000)}</channel></rss>`;
    expect(() => readXml(feed)).toThrow('An element of the document has more than 100 attributes.');
  });

  it('refuses more than 1,000 namespace declarations in all', () => {
    const element = `<a${declarations(100)}/>`;
    expect(() => readXml(`<rss>${element.repeat(11)}</rss>`)).toThrow('The document declares more than 1,000 namespaces.');
  });

  it('reads the most declarations an element may have under 99,000 elements, each in the scope of all of them', () => {
    const count = XML_LIMITS.attributesPerElement;
    const text = `<rss${declarations(count)}><channel>${`<p${count - 1}:a/>`.repeat(99_000)}</channel></rss>`;
    const channel = readXml(text).children[0]!;
    expect(channel.children).toHaveLength(99_000);
    expect(channel.children[98_999]).toMatchObject({ ns: `urn:ns:${count - 1}`, name: 'a' });
  });

  it('refuses an element of more attributes than XML_LIMITS.attributesPerElement', () => {
    const attributes = Array.from({ length: 101 }, (_, index) => ` a${index}=""`).join('');
    expect(() => readXml(`<rss${attributes}/>`)).toThrow('An element of the document has more than 100 attributes.');
  });

  it('refuses more attributes in all than XML_LIMITS.attributes', () => {
    const element = `<a${Array.from({ length: 50 }, (_, index) => ` a${index}=""`).join('')}/>`;
    expect(() => readXml(`<rss>${element.repeat(4001)}</rss>`)).toThrow('The document has more than 200,000 attributes.');
  });

  it('refuses more than 100,000 elements', () => {
    expect(() => readXml(`<rss>${'<a/>'.repeat(100_000)}</rss>`)).toThrow(/more than 100,000 elements/);
  });
});
