/** What a label config asks for, as far as the reference server answers it: one control tag and its labels. */
export interface AskedControl {
  tag: 'RectangleLabels' | 'KeyPointLabels' | 'Choices' | 'Number';
  name: string;
  toName: string;
  labels: string[];
}

const CONTROL = /<(RectangleLabels|KeyPointLabels|Choices|Number)\b([^>]*?)(\/>|>([\s\S]*?)<\/\1>)/;
const attribute = (attributes: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? null;
const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The first control tag of a label config the server can answer, with its labels; null when there is none. */
export function askedControl(labelConfig: string): AskedControl | null {
  const match = CONTROL.exec(labelConfig);
  if (!match) return null;
  const [, tag, attributes = '', , children = ''] = match;
  const name = attribute(attributes, 'name');
  const toName = attribute(attributes, 'toName');
  if (name === null || toName === null) return null;
  const labels = [...children.matchAll(/<(?:Label|Choice)\b[^>]*\bvalue="([^"]*)"/g)].map((found) => unescape(found[1]!));
  return { tag: tag as AskedControl['tag'], name, toName, labels };
}
