import type { Focus } from '../../../src/api/types';
import { squareInput } from '../model-input';
import { ModelThread } from '../model-thread';
import { CONTENT_INPUT_SIZE, type ContentScores } from './scores';

/**
 * The content classifier in a thread of its own (its model and the WebAssembly backend's memory live there, apart from
 * the detector's); at most 16 images wait for it. The thread's JavaScript heap holds little more than the model's
 * topology: the weights and tensors are in the backend's WebAssembly memory.
 */
const thread = new ModelThread<Uint8Array, ContentScores>({
  name: 'the content classifier',
  entry: new URL('./content-worker-entry.mjs', import.meta.url),
  queueLimit: 16,
  resourceLimits: { maxOldGenerationSizeMb: 256 },
});

/** What the content classifier makes of the image (or its focus region), stretched to its square input. */
export async function classifyContent(image: Buffer, focus?: Focus | null): Promise<ContentScores> {
  const { pixels } = await squareInput(image, focus, CONTENT_INPUT_SIZE);
  return thread.run(pixels, [pixels.buffer as ArrayBuffer]);
}
