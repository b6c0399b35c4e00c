import { offsetRule } from './offset';
import type { TypeManifest } from './manifest';

export const offsetY = offsetRule('offset_y');

/** offset_y's manifest: a labellable type of the standard table. */
export const offsetYManifest = { kind: 'labellable', rule: offsetY } as const satisfies TypeManifest;
