import { getManyValues, isMany, none } from 'stream-chain/defs.js';
import { Assembler } from 'stream-json/assembler.js';
import { jsonParser, type Token } from 'stream-json/core/parser.js';
import { JSON_DEPTH_MAX } from '../../../src/api/limits';
import { invalid } from '../../errors';

const OPENS = new Set<Token['name']>(['startObject', 'startArray']);
const CLOSES = new Set<Token['name']>(['endObject', 'endArray']);
const VALUES = new Set<Token['name']>(['stringValue', 'numberValue', 'nullValue', 'trueValue', 'falseValue']);

/** Passes over one JSON value, token by token, keeping only its depth. */
class ValueSkipper {
  private depth = 0;

  /** True once the value is over. */
  feed(token: Token): boolean {
    if (OPENS.has(token.name)) this.depth += 1;
    else if (CLOSES.has(token.name)) this.depth -= 1;
    else if (!VALUES.has(token.name)) return false;
    return this.depth === 0;
  }
}

/** Assembles one element of a picked array, leaving out the keys it is told to (a COCO segmentation, say). */
class ElementAssembler {
  private readonly assembler = new Assembler();
  private depth = 0;
  private skipper: ValueSkipper | null = null;

  constructor(
    private readonly path: string,
    private readonly leftOut: ReadonlySet<string>,
  ) {}

  /** The element once it is whole, else undefined. */
  feed(token: Token): unknown {
    if (this.skipper) {
      if (this.skipper.feed(token)) this.skipper = null;
      return undefined;
    }
    if (this.depth === 1 && token.name === 'keyValue' && this.leftOut.has(token.value)) {
      this.skipper = new ValueSkipper();
      return undefined;
    }
    if (OPENS.has(token.name)) this.depth += 1;
    else if (CLOSES.has(token.name)) this.depth -= 1;
    if (this.depth > JSON_DEPTH_MAX) throw invalid(`${this.path} nests arrays and objects deeper than ${JSON_DEPTH_MAX} levels.`);
    this.assembler.consume(token);
    return this.assembler.done ? this.assembler.current : undefined;
  }
}

export interface PickedArrays {
  /** The top-level keys whose arrays are read, element by element. */
  keys: ReadonlySet<string>;
  /** Keys of the elements that are passed over unread. */
  leftOut: ReadonlySet<string>;
  onElement(key: string, element: unknown): void;
}

/**
 * Reads a JSON document whose root is an object, handing over each element of the picked top-level arrays as it is
 * complete; everything else streams past unassembled, so a large document is never held whole. Returns the picked
 * keys the document had. Throws an `invalid` DomainError for text that is not JSON or not an object.
 */
export async function readPickedArrays(path: string, chunks: AsyncIterable<string>, picked: PickedArrays): Promise<Set<string>> {
  const tokenize = jsonParser({ streamValues: false });
  const seen = new Set<string>();
  let depth = 0;
  let key: string | null = null;
  let skipper: ValueSkipper | null = null;
  let element: ElementAssembler | null = null;
  let inArray: string | null = null;

  const onToken = (token: Token) => {
    if (element) {
      const value = element.feed(token);
      if (value !== undefined) {
        element = null;
        picked.onElement(inArray!, value);
      }
    } else if (skipper) {
      if (skipper.feed(token)) skipper = null;
    } else if (depth === 0) {
      if (token.name !== 'startObject') throw invalid(`${path} is not a JSON object.`);
      depth = 1;
    } else if (depth === 1) {
      if (token.name === 'keyValue') key = token.value;
      else if (token.name === 'endObject') depth = 0;
      else if (key !== null && picked.keys.has(key) && token.name === 'startArray') {
        seen.add(key);
        inArray = key;
        depth = 2;
      } else {
        const skip = new ValueSkipper();
        if (!skip.feed(token)) skipper = skip;
      }
    } else if (token.name === 'endArray') {
      depth = 1;
      inArray = null;
    } else {
      element = new ElementAssembler(`${path} (${inArray})`, picked.leftOut);
      onToken(token);
    }
  };

  const feed = (text: string | typeof none) => {
    let output: unknown;
    try {
      output = tokenize(text as string);
    } catch (error) {
      throw invalid(`${path} is not valid JSON: ${(error as Error).message}`);
    }
    if (isMany(output)) for (const token of getManyValues(output) as Token[]) onToken(token);
    else if (output !== none) onToken(output as Token);
  };
  for await (const text of chunks) feed(text);
  feed(none);
  if (depth !== 0) throw invalid(`${path} is not valid JSON: it ends before its object does.`);
  return seen;
}
