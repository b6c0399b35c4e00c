import type { AnnotationBase, ExemplarMarks, WorkspaceAction } from '../contract/type-module';

/** "Find more like these" (L), for types whose marks exemplars find more of: once there is an exemplar, and one find at a time. */
export const findMoreAction = (exemplars: ExemplarMarks<AnnotationBase>): WorkspaceAction => ({
  id: 'find-more',
  button: 'Find more like these',
  label: 'Find more like these: the objects like the boxes you drew become proposals (one undo step)',
  hint: 'find more',
  group: 'Edit',
  keys: ['l'],
  when: (ctx) => ctx.imageShown && !ctx.finding && exemplars.of(ctx.annotation) !== null,
  perform: (ctx) => ctx.workspace.findMore(),
});
