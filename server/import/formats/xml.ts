/** An element of an XML document: its name, child elements and the text directly inside it (trimmed). */
export interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w.:-]*)(?:\s[^>]*?)?(\/?)>|([^<]+)|</g;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return NAMED_ENTITIES[entity] ?? whole;
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/**
 * The element tree of a small XML document such as a Pascal VOC annotation: elements, text, CDATA and entities;
 * attributes, comments, processing instructions and the doctype are passed over. Throws on a tag left open or closed
 * twice, or text outside the root.
 */
export function parseXml(text: string): XmlElement {
  const root: XmlElement = { name: '', children: [], text: '' };
  const stack: XmlElement[] = [root];
  for (const [token, cdata, closing, name, selfClosing, plain] of text.matchAll(TOKEN)) {
    const current = stack.at(-1)!;
    if (token === '<') throw new Error('A "<" starts no tag.');
    if (cdata !== undefined || plain !== undefined) {
      const content = cdata ?? decodeEntities(plain!);
      if (current === root && content.trim() !== '') throw new Error('There is text outside the root element.');
      current.text += content;
    } else if (name !== undefined && closing) {
      if (current.name !== name) throw new Error(`</${name}> closes <${current.name || 'nothing'}>.`);
      current.text = current.text.trim();
      stack.pop();
    } else if (name !== undefined) {
      const element: XmlElement = { name, children: [], text: '' };
      current.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length > 1) throw new Error(`<${stack.at(-1)!.name}> is never closed.`);
  if (root.children.length !== 1) throw new Error('An XML document has one root element.');
  return root.children[0]!;
}

/** The first child element of that name. */
export const childOf = (element: XmlElement, name: string) => element.children.find((child) => child.name === name);

/** The text of the first child element of that name, or undefined. */
export const childText = (element: XmlElement, name: string) => childOf(element, name)?.text;
