import type { AnnotationBase, FrameBoxes, WorkspaceAction } from '../contract/type-module';

/** Copy previous frame (C) and Interpolate (I): each replaces the boxes in one undo step. */
export function frameActions(frameBoxes: FrameBoxes<AnnotationBase>): WorkspaceAction[] {
  return [
    {
      id: 'copy-previous-frame',
      button: 'Copy previous',
      label: 'Copy the boxes of the nearest earlier frame you answered (replaces these)',
      hint: 'copy previous',
      group: 'Frames',
      keys: ['c'],
      when: (ctx) => ctx.frames?.previous != null,
      perform: (ctx) => {
        const previous = ctx.frames?.previous;
        if (previous) ctx.edit((annotation) => frameBoxes.withBoxes(annotation, previous.boxes));
      },
    },
    {
      id: 'interpolate-frames',
      button: 'Interpolate',
      label: 'Boxes between the nearest answered frames before and after (replaces these)',
      hint: 'interpolate',
      group: 'Frames',
      keys: ['i'],
      when: (ctx) => ctx.frames?.previous != null && ctx.frames.next != null,
      perform: (ctx) => {
        const { previous, next, frame } = ctx.frames ?? {};
        if (previous && next && frame !== undefined) ctx.edit((annotation) => frameBoxes.withBoxes(annotation, frameBoxes.interpolate(previous, next, frame)));
      },
    },
  ];
}
