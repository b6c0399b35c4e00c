// The workspace's commands and the context its actions read, built from plain values and functions outside React
// (as Excalidraw's actions are): a test calls them directly, without rendering the workspace.
import type { Application } from '../../../api/schemas/application';
import type { FeedbackResponse } from '../../../api/schemas/feedback';
import { type AnswerMeta, buildFeedback, rejectAnswer } from '../annotation/feedback';
import { validateFeedback } from '../annotation/validate';
import type { KeyFrames } from '../contract/frames';
import type { LabelTarget } from '../contract/target';
import type { ActionContext, Annotation, AnnotationBase, AnyTypeModule, CanvasCommands, Edit, Exemplars, WorkspaceAction, WorkspaceCommands } from '../contract/type-module';
import { needsSight } from '../contract/type-module';
import type { ItemAnswers } from '../queue/item-answers';
import { findAction } from '../shortcuts/workspace-actions';
import type { ItemEditor } from './use-item-editor';

/** The item on screen, and what the workspace shows around it. */
export interface WorkspaceState {
  readonly app: Application;
  readonly target: LabelTarget;
  readonly module: AnyTypeModule;
  readonly annotation: Annotation;
  /**
   * The doubt Accept has asked about on this item, in its words: Accept again sends the answer while the doubt is the
   * same. Words, not the annotation object: a refetch that rebuilds an equal annotation must not ask again.
   */
  readonly doubted: string | null;
  /** The confidence floor, 0..1. */
  readonly floor: number;
  readonly imageShown: boolean;
  readonly classCount: number;
  readonly proposals: { readonly shown: number; readonly total: number } | null;
  readonly frames: KeyFrames | null;
  /** A "find more like these" is under way. */
  readonly finding: boolean;
}

/** What the commands act through: the editor, the canvas, the page's owner of answers and the workspace's own state. */
export interface WorkspacePorts {
  readonly editor: Pick<ItemEditor, 'edit' | 'undo' | 'redo' | 'canUndo' | 'canRedo'>;
  readonly canvas: CanvasCommands;
  readonly answers: ItemAnswers;
  /** The annotation as answered (the registry's `answeredAnnotation`), kept by a queue for going back to it. */
  readonly answered: (annotation: Annotation) => AnnotationBase;
  /** decision_time and client_data for an answer given now. */
  readonly meta: () => AnswerMeta;
  /** A message about the item, or none. */
  readonly say: (problem: string | null) => void;
  readonly askDoubt: (doubt: string) => void;
  readonly pickClass: (index: number) => void;
  readonly setFloor: (floor: number) => void;
  /** Null where the page has no queue to hand the item back to, or nothing to go back to. */
  readonly skip: (() => void) | null;
  readonly previous: (() => void) | null;
  readonly toggleMarks: () => void;
  readonly showHelp: () => void;
  /** Asks the service what the exemplars find, and adds it as proposals. */
  readonly findMore: (exemplars: Exemplars) => void;
  /** A text or number field has the keys; leaving it gives them back to the workspace. */
  readonly field: { readonly typing: () => boolean; readonly leave: () => void };
}

/** Gives the answer to the page's owner of answers, unless it breaks the contract: then says why. */
function sendAnswer(body: FeedbackResponse | null, { app, target, annotation }: WorkspaceState, ports: WorkspacePorts) {
  if (!body) return;
  const problems = validateFeedback(app, body, target.media);
  if (problems.length > 0) return ports.say(problems.join(' '));
  ports.say(null);
  void ports.answers.answerItem(body, ports.answered(annotation));
  // An answer typed in a field gives the keys back: the next item's X, S or digits are shortcuts, not text.
  if (ports.field.typing()) ports.field.leave();
}

/** The type's answer for the annotation on screen, unless input is missing or a doubt is to be asked first. */
function accept(state: WorkspaceState, ports: WorkspacePorts) {
  const { app, target, module, annotation } = state;
  const missing = module.missingInput(annotation);
  if (missing) return ports.say(missing);
  // Asked once for what is on screen: Accept again (with the same doubt) sends it.
  const doubt = module.doubt?.(annotation);
  if (doubt && state.doubted !== doubt) return ports.askDoubt(doubt);
  sendAnswer(buildFeedback(module, app, target, annotation, ports.meta()), state, ports);
}

export function workspaceCommands(state: WorkspaceState, ports: WorkspacePorts): WorkspaceCommands {
  const { app, target, module, annotation } = state;
  const { editor } = ports;
  return {
    accept: () => accept(state, ports),
    pickClass: ports.pickClass,
    moveFloor: (step) => ports.setFloor(state.floor + step),
    reject: () => sendAnswer(rejectAnswer(module, app, target, annotation, ports.meta()), state, ports),
    skip: () => ports.skip?.(),
    previous: () => ports.previous?.(),
    undo: editor.undo,
    redo: editor.redo,
    toggleMarks: ports.toggleMarks,
    showHelp: ports.showHelp,
    cancel: () => {
      if (ports.field.typing()) return ports.field.leave();
      if (ports.canvas.cancel()) return;
      const clear = module.clearSelection;
      if (clear) editor.edit((a) => clear(a) as Annotation, 'select');
    },
    findMore: () => {
      const exemplars = module.exemplars?.of(annotation);
      if (exemplars && !state.finding) ports.findMore(exemplars);
    },
  };
}

/** What every action's `when` and `perform` read. */
export function actionContext(state: WorkspaceState, ports: WorkspacePorts): ActionContext {
  return {
    annotation: state.annotation,
    // The one place where the annotation's type is erased: its module only ever gets annotations of its own type.
    edit: ports.editor.edit as unknown as Edit<AnnotationBase>,
    canvas: ports.canvas,
    canSkip: ports.skip !== null,
    imageShown: state.imageShown,
    canGoBack: ports.previous !== null,
    canUndo: ports.editor.canUndo,
    canRedo: ports.editor.canRedo,
    classCount: Math.max(1, state.classCount),
    proposals: state.proposals,
    frames: state.frames,
    finding: state.finding,
    workspace: workspaceCommands(state, ports),
  };
}

/** The registry's actions on one context: by key, by button, and whether a button is enabled. */
export interface ActionRunner {
  action(id: string): WorkspaceAction | undefined;
  perform(action: WorkspaceAction): void;
  performId(id: string): void;
  enabled(id: string): boolean;
}

/** `maySee`: the item has been seen for the look time; an action that answers or edits does nothing before. */
export function actionRunner(actions: readonly WorkspaceAction[], context: ActionContext, maySee: () => boolean): ActionRunner {
  const enabled = (id: string) => findAction(actions, id)?.when?.(context) ?? true;
  const perform = (action: WorkspaceAction) => {
    if (needsSight(action) && !maySee()) return;
    action.perform(context);
  };
  return {
    action: (id) => findAction(actions, id),
    perform,
    performId(id) {
      const action = findAction(actions, id);
      if (action && enabled(id)) perform(action);
    },
    enabled,
  };
}
