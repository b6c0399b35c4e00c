/** An element of an XML document: its namespace URI and local name, attributes by local name, children and text. */
export interface XmlElement {
  ns: string;
  name: string;
  attrs: ReadonlyMap<string, string>;
  children: XmlElement[];
  text: string;
}

const MAX_DEPTH = 64;
const MAX_ELEMENTS = 100_000;
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** A document the reader refuses, with why. */
export class XmlRefused extends Error {
  override name = 'XmlRefused';
}

/** A character XML 1.0 allows in a document (its Char production): no NUL, no other control character but tab and line ends. */
const isXmlChar = (code: number) =>
  code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      if (!isXmlChar(code)) throw new XmlRefused(`The document refers to a character XML does not allow (${whole}).`);
      return String.fromCodePoint(code);
    }
    return ENTITIES[name] ?? whole;
  });
}

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?[\s\S]*?\?>|<!([A-Za-z]+)|<\/([^\s>]+)\s*>|<([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)|(<)/g;

interface Open {
  element: XmlElement;
  qname: string;
  scope: Map<string, string>;
}

function resolveName(qname: string, scope: ReadonlyMap<string, string>): { ns: string; name: string } {
  const colon = qname.indexOf(':');
  if (colon < 0) return { ns: scope.get('') ?? '', name: qname };
  const prefix = qname.slice(0, colon);
  return { ns: prefix === 'xml' ? XML_NS : (scope.get(prefix) ?? prefix), name: qname.slice(colon + 1) };
}

/**
 * Reads an XML document (a feed, a Pascal VOC annotation) into elements with their namespaces resolved. Strict where
 * documents are hostile: a DOCTYPE (whose entities could expand without bound or name files) is refused, as are more
 * than 64 levels or 100,000 elements; only the predefined and numeric entities are decoded; no recursion. Not a
 * validating parser: it reads well-formed documents.
 */
export function readXml(text: string): XmlElement {
  const root: XmlElement = { ns: '', name: '#document', attrs: new Map(), children: [], text: '' };
  const stack: Open[] = [{ element: root, qname: '', scope: new Map() }];
  let count = 0;
  for (const match of text.matchAll(TOKEN)) {
    const [, cdata, declaration, closing, opening, attributes = '', selfClosing, chars, stray] = match;
    const top = stack.at(-1)!;
    if (declaration !== undefined) throw new XmlRefused(`The document holds a <!${declaration}> declaration, which the service does not read.`);
    if (stray !== undefined) throw new XmlRefused('The document is not well-formed XML.');
    if (cdata !== undefined) top.element.text += cdata;
    else if (chars !== undefined) top.element.text += decodeEntities(chars);
    else if (closing !== undefined) {
      if (closing !== top.qname || stack.length === 1) throw new XmlRefused(`The document closes <${closing}> where it is not open.`);
      stack.pop();
    } else if (opening !== undefined) {
      count += 1;
      if (count > MAX_ELEMENTS || stack.length > MAX_DEPTH) throw new XmlRefused('The document has too many elements, or nests them too deeply.');
      const scope = new Map(top.scope);
      const raw = [...attributes.matchAll(ATTRIBUTE)].map(([, name = '', double, single]) => [name, decodeEntities(double ?? single ?? '')] as const);
      for (const [name, value] of raw) {
        if (name === 'xmlns') scope.set('', value);
        else if (name.startsWith('xmlns:')) scope.set(name.slice(6), value);
      }
      const attrs = new Map(raw.filter(([name]) => !name.startsWith('xmlns')).map(([name, value]) => [name.slice(name.indexOf(':') + 1), value]));
      const element: XmlElement = { ...resolveName(opening, scope), attrs, children: [], text: '' };
      top.element.children.push(element);
      if (selfClosing !== '/') stack.push({ element, qname: opening, scope });
    }
  }
  if (stack.length > 1) throw new XmlRefused(`The document ends inside <${stack.at(-1)!.qname}>.`);
  const [document] = root.children;
  if (!document || root.children.length > 1) throw new XmlRefused('The text is not one XML document.');
  if (root.text.trim() !== '') throw new XmlRefused('The document has text outside its root element.');
  return document;
}

/** The children of an element with this namespace and name. */
export const childrenNamed = (element: XmlElement, ns: string, name: string) => element.children.filter((child) => child.ns === ns && child.name === name);

/** The trimmed text of the first such child, or undefined. */
export function childText(element: XmlElement, ns: string, name: string): string | undefined {
  const text = childrenNamed(element, ns, name)[0]?.text.trim();
  return text ? text : undefined;
}
