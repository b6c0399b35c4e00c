import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';

/** An element of an XML document: its namespace URI and local name, attributes by local name, children and text. */
export interface XmlElement {
  ns: string;
  name: string;
  attrs: ReadonlyMap<string, string>;
  children: XmlElement[];
  text: string;
}

/** What one document may hold at most: each is read in time proportional to its size, and these bound its memory. */
export const XML_LIMITS = {
  depth: 64,
  elements: 100_000,
  /** Attributes of one element, namespace declarations included. */
  attributesPerElement: 100,
  attributes: 200_000,
  namespaceDeclarations: 1_000,
} as const;

/** A document the reader refuses, with why. */
export class XmlRefused extends Error {
  override name = 'XmlRefused';
}

const isDeclaration = (attribute: Pick<SaxesAttributeNS, 'name' | 'prefix'>) => attribute.name === 'xmlns' || attribute.prefix === 'xmlns';

/** Counts what the document holds as the parser meets it, and refuses it at the first limit it passes. */
function limitCounter() {
  const count = { elements: 0, attributes: 0, declarations: 0, ofElement: 0 };
  return {
    element(depth: number) {
      count.elements += 1;
      count.ofElement = 0;
      if (count.elements > XML_LIMITS.elements || depth > XML_LIMITS.depth) {
        throw new XmlRefused(`The document has more than ${XML_LIMITS.elements.toLocaleString('en')} elements, or nests them more than ${XML_LIMITS.depth} deep.`);
      }
    },
    attribute(attribute: Pick<SaxesAttributeNS, 'name' | 'prefix'>) {
      count.ofElement += 1;
      count.attributes += 1;
      if (isDeclaration(attribute)) count.declarations += 1;
      if (count.ofElement > XML_LIMITS.attributesPerElement) throw new XmlRefused(`An element of the document has more than ${XML_LIMITS.attributesPerElement} attributes.`);
      if (count.attributes > XML_LIMITS.attributes) throw new XmlRefused(`The document has more than ${XML_LIMITS.attributes.toLocaleString('en')} attributes.`);
      if (count.declarations > XML_LIMITS.namespaceDeclarations) {
        throw new XmlRefused(`The document declares more than ${XML_LIMITS.namespaceDeclarations.toLocaleString('en')} namespaces.`);
      }
    },
  };
}

/** saxes says where and what (`1:20: unexpected close tag.`): the same, in a sentence. */
function notWellFormed(error: unknown): XmlRefused {
  const message = error instanceof Error ? error.message : String(error);
  const [, line, column, what = message] = /^(\d+):(\d+): ([\s\S]*?)\.?$/.exec(message) ?? [];
  return new XmlRefused(`The document is not well-formed XML: ${what}${line ? ` (line ${line}, column ${column})` : ''}.`);
}

/**
 * Reads an XML document (a feed, a Pascal VOC annotation) into elements with their namespaces resolved, with saxes (a
 * well-formedness checking parser whose cost is linear in the document: namespace scopes are kept per open element
 * and looked up, never copied). Strict where documents are hostile: a DOCTYPE (whose entities could expand without
 * bound or name files) is refused, as is anything past XML_LIMITS; only the predefined and numeric entities are
 * decoded, and only characters XML allows. A prefix no declaration binds stands for itself, as feeds in the wild need.
 */
export function readXml(text: string): XmlElement {
  const document: XmlElement = { ns: '', name: '#document', attrs: new Map(), children: [], text: '' };
  const open: XmlElement[] = [document];
  const limits = limitCounter();
  const parser = new SaxesParser({ xmlns: true, resolvePrefix: (prefix: string) => prefix });
  parser.on('doctype', () => {
    throw new XmlRefused('The document holds a <!DOCTYPE> declaration, which the service does not read.');
  });
  parser.on('opentagstart', () => limits.element(open.length));
  parser.on('attribute', (attribute) => limits.attribute(attribute));
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attributes = Object.values(tag.attributes).filter((attribute) => !isDeclaration(attribute));
    const element: XmlElement = { ns: tag.uri, name: tag.local, attrs: new Map(attributes.map(({ local, value }) => [local, value])), children: [], text: '' };
    open.at(-1)!.children.push(element);
    open.push(element);
  });
  parser.on('closetag', () => open.pop());
  parser.on('text', (chars) => (open.at(-1)!.text += chars));
  parser.on('cdata', (chars) => (open.at(-1)!.text += chars));
  try {
    parser.write(text).close();
  } catch (error) {
    throw error instanceof XmlRefused ? error : notWellFormed(error);
  }
  return document.children[0]!;
}

/** The children of an element with this namespace and name. */
export const childrenNamed = (element: XmlElement, ns: string, name: string) => element.children.filter((child) => child.ns === ns && child.name === name);

/** The trimmed text of the first such child, or undefined. */
export function childText(element: XmlElement, ns: string, name: string): string | undefined {
  const text = childrenNamed(element, ns, name)[0]?.text.trim();
  return text ? text : undefined;
}
