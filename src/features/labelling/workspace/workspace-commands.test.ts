import type { FeedbackResponse } from '../../../api/schemas/feedback';
import type { ApplicationType } from '../../../api/types';
import type { Annotation, WorkspaceAction } from '../contract/type-module';
import { makeApp, makeRequest } from '../testing/fixtures';
import { initialAnnotation, LABELLING_TYPES } from '../testing/labelling-types';
import { actionsOf, findAction } from '../shortcuts/workspace-actions';
import { actionContext, actionRunner, workspaceCommands, type WorkspacePorts, type WorkspaceState } from './workspace-commands';

const meta = { decision_time: 1_700_000_000, client_data: { decision_seconds: 1.5 } };
const countProposal = { subject_uid: 'cat', probability: 0.9, app_data_type: 'count' as const, app_data: 3, counted: [{ x: 5, y: 5 }] };

/** The workspace on one item, as plain values: what the commands said, asked and answered is recorded. */
function workspaceOn(type: ApplicationType, subjects: Parameters<typeof makeRequest>[1] = [], change?: (a: Annotation) => Annotation) {
  const app = makeApp({ type });
  const target = makeRequest('m1', subjects);
  const start = initialAnnotation(app, target)!;
  const annotation = change ? change(start) : start;
  const said: (string | null)[] = [];
  const answers: { body: FeedbackResponse; answer: { readonly type: string } | null }[] = [];
  const edits: { next: Annotation; kind?: string }[] = [];
  const doubts: string[] = [];
  const field = { typing: false, left: 0 };
  let gestureInProgress = false;
  const state: WorkspaceState = {
    app,
    target,
    module: LABELLING_TYPES.moduleOf(annotation),
    annotation,
    doubted: null,
    floor: 0.5,
    imageShown: true,
    classCount: 1,
    proposals: null,
    frames: null,
    finding: false,
  };
  const ports: WorkspacePorts = {
    editor: { edit: (next, kind) => edits.push({ next: next(annotation), kind }), undo: () => {}, redo: () => {}, canUndo: false, canRedo: false },
    canvas: { fitToView: () => {}, zoomBy: () => {}, actualSize: () => {}, cancel: () => gestureInProgress },
    answers: {
      answerItem: (body, answer) => {
        answers.push({ body, answer });
        return Promise.resolve();
      },
    },
    answered: LABELLING_TYPES.answeredAnnotation,
    meta: () => meta,
    say: (text) => said.push(text),
    askDoubt: (a) => doubts.push(a),
    pickClass: () => {},
    setFloor: () => {},
    skip: null,
    previous: null,
    toggleMarks: () => {},
    showHelp: () => {},
    findMore: () => {},
    field: { typing: () => field.typing, leave: () => (field.left += 1) },
  };
  return {
    state,
    ports,
    said,
    answers,
    edits,
    doubts,
    field,
    startGesture: () => (gestureInProgress = true),
    commands: (changes: Partial<WorkspaceState> = {}) => workspaceCommands({ ...state, ...changes }, ports),
  };
}

describe('the workspace commands, without rendering', () => {
  it('Accept hands the answer, as the type builds it, to the page’s owner of answers, with the annotation as answered', () => {
    const w = workspaceOn('static_count', [countProposal], (a) => ({ ...a, markers: [{ x: 5, y: 5 }], count: 1 }) as Annotation);
    w.commands().accept();
    expect(w.answers).toHaveLength(1);
    expect(w.answers[0]!.body).toEqual({ media_id: 'm1', subjects: [{ subject_uid: 'cat', result: 'True', app_data_type: 'count', app_data: 1 }], ...meta });
    expect(w.answers[0]!.answer).toMatchObject({ type: 'static_count', count: 1 });
    expect(w.said).toEqual([null]);
  });

  it('Accept says what is missing and answers nothing', () => {
    const w = workspaceOn('offset_x');
    w.commands().accept();
    expect(w.said).toEqual(['Place the line first.']);
    expect(w.answers).toEqual([]);
  });

  it('asks once about a doubt (a count apart from its markers): Accept again with the same doubt sends it', () => {
    const w = workspaceOn('static_count', [countProposal]);
    w.commands().accept();
    expect(w.doubts).toEqual([expect.stringMatching(/^The count is 3 but/)]);
    expect(w.answers).toEqual([]);
    // Another doubt (the count changed since) is asked about afresh.
    w.commands({ doubted: 'The count is 4 but 1 marker shows.' }).accept();
    expect(w.doubts).toHaveLength(2);
    expect(w.answers).toEqual([]);
    // An equal annotation rebuilt by a refetch is the same doubt: this Accept sends.
    w.commands({ doubted: w.doubts[0]!, annotation: structuredClone(w.state.annotation) }).accept();
    expect(w.answers.map((a) => a.body.subjects[0])).toEqual([{ subject_uid: 'cat', result: 'True', app_data_type: 'count', app_data: 3 }]);
  });

  it('gives no answer that breaks the contract: it says why instead', () => {
    const w = workspaceOn('static_count', [], (a) => ({ ...a, count: -1 }) as Annotation);
    w.commands().accept();
    expect(w.answers).toEqual([]);
    expect(w.said).toEqual([expect.stringMatching(/^A count is a whole number from 0/)]);
  });

  it('Not present sends the type’s own answer; a type without one sends nothing', () => {
    const count = workspaceOn('static_count', [countProposal]);
    count.commands().reject();
    expect(count.answers.map((a) => a.body.subjects)).toEqual([[{ subject_uid: 'cat', result: 'False' }]]);
    const classification = workspaceOn('classification');
    classification.commands().reject();
    expect(classification.answers).toEqual([]);
  });

  it('an answer typed in a field gives the keys back to the workspace', () => {
    const w = workspaceOn('static_count');
    w.field.typing = true;
    w.commands().accept();
    expect(w.answers).toHaveLength(1);
    expect(w.field.left).toBe(1);
  });

  it('Escape leaves a field first, else ends a gesture, else clears the selection without an undo step', () => {
    const w = workspaceOn('box_detection', [{ subject_uid: 'cat', probability: 0.9, app_data_type: 'box_set', app_data: [{ box: { x0: 1, y0: 1, x1: 9, y1: 9 } }] }]);
    w.field.typing = true;
    w.commands().cancel();
    expect(w.field.left).toBe(1);
    w.field.typing = false;
    w.startGesture();
    w.commands().cancel();
    expect(w.edits).toEqual([]);
    const plain = workspaceOn('box_detection');
    plain.commands().cancel();
    expect(plain.edits.map((e) => e.kind)).toEqual(['select']);
  });

  it('the action context says what a page offers: Skip and Previous only where the page hands them in', () => {
    const w = workspaceOn('classification');
    expect(actionContext(w.state, w.ports)).toMatchObject({ canSkip: false, canGoBack: false, classCount: 1 });
    const skipped: string[] = [];
    const context = actionContext(w.state, { ...w.ports, skip: () => skipped.push('m1'), previous: () => {} });
    expect(context).toMatchObject({ canSkip: true, canGoBack: true });
    context.workspace.skip();
    expect(skipped).toEqual(['m1']);
  });
});

describe('Find more like these', () => {
  const withBox = (a: Annotation) => ({ ...a, boxes: [{ x0: 10, y0: 10, x1: 40, y1: 40, subject_uid: 'cat' }] }) as Annotation;

  it('asks with the exemplars of the type (L, its button) once there is one, and not while a find is under way', () => {
    const asked: unknown[] = [];
    const w = workspaceOn('box_detection', [], withBox);
    const ports = { ...w.ports, findMore: (exemplars: unknown) => asked.push(exemplars) };
    const runner = actionRunner(actionsOf(w.state.module), actionContext(w.state, ports), () => true);
    expect(runner.action('find-more')?.keys).toEqual(['l']);
    runner.performId('find-more');
    expect(asked).toEqual([{ subjectUid: 'cat', boxes: [{ x0: 10, y0: 10, x1: 40, y1: 40, subject_uid: 'cat' }] }]);
    const busy = actionRunner(actionsOf(w.state.module), actionContext({ ...w.state, finding: true }, ports), () => true);
    expect(busy.enabled('find-more')).toBe(false);
    busy.performId('find-more');
    expect(asked).toHaveLength(1);
  });

  it('is not offered before the labeller drew a box, nor in a type whose marks are not objects', () => {
    const empty = workspaceOn('box_detection');
    expect(actionRunner(actionsOf(empty.state.module), actionContext(empty.state, empty.ports), () => true).enabled('find-more')).toBe(false);
    expect(findAction(actionsOf(workspaceOn('classification').state.module), 'find-more')).toBeUndefined();
  });
});

describe('the action runner', () => {
  const w = workspaceOn('static_count', [countProposal], (a) => ({ ...a, markers: [{ x: 5, y: 5 }], count: 1 }) as Annotation);
  const actions = actionsOf(w.state.module);
  const action = (id: string) => findAction(actions, id) as WorkspaceAction;

  it('does nothing that answers or edits before the item was seen for the look time; views act at once', () => {
    let fitted = 0;
    const context = actionContext(w.state, { ...w.ports, canvas: { ...w.ports.canvas, fitToView: () => (fitted += 1) } });
    const unseen = actionRunner(actions, context, () => false);
    unseen.perform(action('submit'));
    unseen.performId('fit-view');
    expect(w.answers).toEqual([]);
    expect(fitted).toBe(1);
    actionRunner(actions, context, () => true).performId('submit');
    expect(w.answers).toHaveLength(1);
  });

  it('a button performs its action only when it applies', () => {
    const context = actionContext({ ...w.state, imageShown: false }, w.ports);
    const runner = actionRunner(actions, context, () => true);
    expect(runner.enabled('submit')).toBe(false);
    runner.performId('submit');
    expect(w.answers).toHaveLength(1);
  });
});
