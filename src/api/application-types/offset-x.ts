import { offsetRule } from './offset';
import type { TypeManifest } from './manifest';

export const offsetX = offsetRule('offset_x');

/** offset_x's manifest: a labellable type of the standard table. */
export const offsetXManifest = { kind: 'labellable', rule: offsetX } as const satisfies TypeManifest;
