// Test helper: drives a tool reducer like a user does (pointer down, moves, up), tldraw-style.
import type { Region } from '../contract/region';
import { type Box, imagePoint } from '../geometry/types';
import type { Change, ToolEvent, Transition } from '../contract/tool-events';

type Modifiers = { shiftKey?: boolean; altKey?: boolean; modKey?: boolean; findsRegions?: boolean };

export function driveTool<S extends { name: string }, C>(
  tool: (state: S, event: ToolEvent, ctx: C) => Transition<S>,
  initial: S,
  context: C,
) {
  let state = initial;
  const commits: Change[] = [];
  const send = (event: ToolEvent) => {
    const result = tool(state, event, context);
    state = result.state;
    if (result.commit) commits.push(result.commit);
  };
  const pointer = (type: 'pointerDown' | 'pointerMove' | 'pointerUp') => (x: number, y: number, mods: Modifiers = {}) =>
    send({ type, point: imagePoint(x, y), ...mods });
  return {
    pointerDown: pointer('pointerDown'),
    pointerMove: pointer('pointerMove'),
    pointerUp: pointer('pointerUp'),
    cancel: () => send({ type: 'cancel' }),
    /** The canvas answers the click at (x, y) with the object it found there, or none. */
    regionFound: (x: number, y: number, region: Region | null) => send({ type: 'regionFound', query: { seed: imagePoint(x, y) }, region }),
    /** The canvas answers the box drawn roughly around an object with the object it found inside, or none. */
    regionInside: (inside: Box, region: Region | null) => send({ type: 'regionFound', query: { inside }, region }),
    get state() {
      return state;
    },
    commits,
  };
}
