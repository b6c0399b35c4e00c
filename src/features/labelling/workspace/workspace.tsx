import type { ReactNode } from 'react';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Application } from '../../../api/schemas/application';
import type { FeedbackResponse } from '../../../api/schemas/feedback';
import type { Media } from '../../../api/schemas/media';
import { Alert } from '../../../components/alert';
import { answerContext } from '../answer-context';
import { buildFeedback, rejectAnswer } from '../annotation/feedback';
import type { LabelTarget } from '../contract/target';
import type { Box } from '../geometry/types';
import { validateFeedback } from '../annotation/validate';
import type { CanvasHandle, ImageOnCanvas } from '../canvas/labelling-canvas';
import { displayImageUrl, loadImage } from '../view/image-cache';
import type { InputDevice } from '../client-data';
import { publishEditor } from '../debug-hook';
import { useItemEditor } from './use-item-editor';
import type { EditedItem } from './use-drafts';
import { useShortcuts } from './use-shortcuts';
import { useViewportSize } from './use-viewport-size';
import { resetMarkView } from '../view/mark-view-store';
import { describeHints } from '../../../lib/shortcuts/registry';
import { actionsOf, findAction, helpOf } from '../shortcuts/workspace-actions';
import { useTypeRegistry } from '../contract/registry-context';
import type { ActionContext, Annotation, AnnotationBase, CanvasCommands, Edit, WorkspaceAction, WorkspaceCommands } from '../contract/type-module';
import { needsSight } from '../contract/type-module';
import { usePreferences } from '../../../lib/preferences';
import { itemShown, mayAct, useSightStore } from '../view/sight-store';
import { SightCue } from './sight-cue';
import { percent } from '../type-kit/percent';
import { ActionButton } from '../shortcuts/action-button';
import { ViewControls } from './view-controls';
import { WorkspaceFrame } from './workspace-frame';
import { ShortcutsHelp } from './shortcuts-help';
import { ClassPicker } from '../marks/class-picker';
import { ProposalsBar } from '../marks/proposals-bar';
import { FrameStrip } from '../frames/frame-strip';
import type { FrameNeighbours } from '../frames/key-frames';
import { useClassNames, useConfidenceFloor, useMarkClasses } from '../marks/use-mark-controls';
import '../marks/marks.css';

export interface WorkspaceProps {
  app: Application;
  target: LabelTarget;
  /** Where editing starts: a draft, the answer given before when going back, or the proposal. */
  initial: Annotation;
  subjectName: (uid: string) => string;
  /** Items after this one, whose images are loaded and decoded ahead. */
  upcoming: readonly Media[];
  headerStatus: ReactNode;
  /** A message about this item (for example why the service refused the last answer). */
  notice?: string | null;
  backTo: string;
  onAnswer: (body: FeedbackResponse, annotation: Annotation) => void;
  /** Hands the item back (only in a queue). */
  onSkip: (() => void) | null;
  onPrevious: (() => void) | null;
  /** The undo and redo steps of a draft that `initial` comes from. */
  steps?: Pick<EditedItem, 'past' | 'future'>;
  /** Every edit (an undo too), for keeping a draft. */
  onEdited?: (item: EditedItem) => void;
  /** The video's frames around this one, when the item is a frame. */
  frames?: FrameNeighbours | null;
}

// The canvas's code (Konva and its React renderer) is a chunk of its own, asked for as soon as this module runs: a
// cold open fetches it while the item's requests are out, not before them.
const canvasModule = import('../canvas/labelling-canvas');
const LabellingCanvas = lazy(() => canvasModule.then((m) => ({ default: m.LabellingCanvas })));
// Not needed to draw the first item: loaded once it is drawn (the list and its virtualiser).
const ObjectList = lazy(() => import('../object-list/object-list').then((m) => ({ default: m.ObjectList })));

/** Where an application sets no detection threshold (or 0), proposals under even odds count as doubtful. */
const DEFAULT_THRESHOLD = 0.5;

/** The editor for one item: canvas, side panel, keys, and the answer. It knows application types only by module. */
export function Workspace(props: WorkspaceProps) {
  const { app, target, initial, subjectName, onAnswer } = props;
  const media = target.media;
  const module = useTypeRegistry().moduleOf(initial);
  const appId = app.application_id;
  const { floor, setFloor, view } = useConfidenceFloor(appId, module);
  const editor = useItemEditor(module, media.media_id, initial, props.onEdited, view, props.steps);
  const { annotation, edit } = editor;
  const picker = useMarkClasses(appId, module, annotation);
  const [canvasArea, setCanvasArea] = useState<HTMLDivElement | null>(null);
  const { size: viewport, measured: viewportMeasured } = useViewportSize(canvasArea);
  const canvas = useRef<CanvasHandle>(null);
  const [showMarks, setShowMarks] = useState(true);
  const [brightness, setBrightness] = useState(100);
  const [contrast, setContrast] = useState(100);
  const [helpOpen, setHelpOpen] = useState(false);
  const [problem, setProblem] = useState<{ mediaId: string; text: string } | null>(null);
  const [doubted, setDoubted] = useState<Annotation | null>(null);
  const [shown, setShown] = useState({ mediaId: media.media_id, at: Date.now() });
  const [canvasImage, setCanvasImage] = useState<ImageOnCanvas | null>(null);
  const imageState = canvasImage?.mediaId === media.media_id ? canvasImage.state : 'loading';
  // The object list (and its code) waits for the first image: it is not what the labeller looks at first.
  const [listShown, setListShown] = useState(false);
  if (canvasImage?.state === 'shown' && !listShown) setListShown(true);
  const inputDevice = useRef<InputDevice>('unknown');
  if (shown.mediaId !== media.media_id) setShown({ mediaId: media.media_id, at: Date.now() });
  const lookMs = usePreferences((s) => s.lookMs);
  useLayoutEffect(() => itemShown(media.media_id), [media.media_id]);
  /** Input that answers or edits counts only on an item painted and shown for the look time (else it is dropped, with a cue). */
  const maySee = () => mayAct(media.media_id, lookMs);

  useEffect(() => publishEditor(media.media_id, annotation, (next) => edit(() => next)), [media.media_id, annotation, edit]);

  // Only once the canvas is measured: an image chosen for the guessed size would be fetched for nothing.
  const upcomingUrls = viewportMeasured ? props.upcoming.map((m) => displayImageUrl(m, viewport)).join(' ') : '';
  useEffect(() => {
    for (const url of upcomingUrls.split(' ').filter(Boolean)) loadImage(url).catch(() => {});
  }, [upcomingUrls]);

  const thresholds = app.detection_thresholds;
  const thresholdOf = useCallback((uid: string) => thresholds[uid] || DEFAULT_THRESHOLD, [thresholds]);
  const className = useClassNames(picker.classes, subjectName);
  const tally = useMemo(() => module.proposals?.tally(annotation) ?? null, [module, annotation]);
  const markCount = module.objects?.count(annotation) ?? 0;
  // Hidden and hovered marks are named by index: a new item or a mark added or removed starts afresh.
  const markViewKey = `${media.media_id}:${markCount}`;
  useLayoutEffect(() => resetMarkView(markViewKey), [markViewKey]);
  const probabilityOf = (uid: string) => target.subjects?.find((s) => s.subject_uid === uid)?.probability ?? null;
  const severalClasses = picker.classes.length > 1;
  // Copy previous frame and Interpolate only where the item is a frame and its type has boxes.
  const frames = module.frameBoxes ? (props.frames ?? null) : null;
  const isFrame = frames !== null;
  const registryOptions = useMemo(() => ({ classes: severalClasses, frames: isFrame }), [severalClasses, isFrame]);
  const actions = useMemo(() => actionsOf(module, registryOptions), [module, registryOptions]);
  const canvasCommands = useMemo<CanvasCommands>(
    () => ({
      fitToView: () => canvas.current?.fitToView(),
      zoomBy: (factor) => canvas.current?.zoomBy(factor),
      actualSize: () => canvas.current?.actualSize(),
      cancel: () => canvas.current?.cancel() ?? false,
    }),
    [],
  );
  // The one place where the annotation's type is erased: its module only ever gets annotations of its own type.
  const moduleEdit = edit as unknown as Edit<AnnotationBase>;

  function send(body: FeedbackResponse | null) {
    if (!body) return;
    const problems = validateFeedback(app, body, media);
    if (problems.length > 0) return setProblem({ mediaId: media.media_id, text: problems.join(' ') });
    setProblem(null);
    onAnswer(body, annotation);
    // An answer typed in a field gives the keys back: the next item's X, S or digits are shortcuts, not text.
    if (document.activeElement instanceof HTMLInputElement) canvasArea?.focus();
  }
  // decision_time runs from the item's first paint.
  const meta = () => answerContext(inputDevice.current, useSightStore.getState().paintedAt ?? shown.at);

  const commands: WorkspaceCommands = {
    accept: () => {
      const missing = module.missingInput(annotation);
      if (missing) return setProblem({ mediaId: media.media_id, text: missing });
      const doubt = module.doubt?.(annotation);
      // Asked once for what is on screen: Accept again (the same annotation) sends it.
      if (doubt && doubted !== annotation) return setDoubted(annotation);
      send(buildFeedback(module, app, target, annotation, meta()));
    },
    pickClass: (index) => picker.pick(index, edit),
    moveFloor: (step) => setFloor(floor + step),
    reject: () => send(rejectAnswer(module, app, target, annotation, meta())),
    skip: () => props.onSkip?.(),
    previous: () => props.onPrevious?.(),
    undo: editor.undo,
    redo: editor.redo,
    toggleMarks: () => setShowMarks((v) => !v),
    showHelp: () => setHelpOpen(true),
    cancel: () => {
      if (document.activeElement instanceof HTMLInputElement) return canvasArea?.focus();
      if (canvasCommands.cancel()) return;
      const clear = module.clearSelection;
      if (clear) edit((a) => clear(a) as Annotation, 'select');
    },
  };
  const context: ActionContext = {
    annotation,
    edit: moduleEdit,
    canvas: canvasCommands,
    canSkip: props.onSkip !== null,
    imageShown: imageState === 'shown',
    canGoBack: props.onPrevious !== null,
    canUndo: editor.canUndo,
    canRedo: editor.canRedo,
    classCount: Math.max(1, picker.classes.length),
    proposals: tally,
    frames: frames?.keyFrames ?? null,
    workspace: commands,
  };
  function performAction(action: WorkspaceAction) {
    if (needsSight(action) && !maySee()) return;
    action.perform(context);
  }
  // Edits made with keys make the keyboard the input device; the key that only sends the answer does not.
  useShortcuts(actions, context, (action) => {
    if (action.id !== 'submit' && action.id !== 'reject') inputDevice.current = 'keyboard';
    performAction(action);
  });

  function perform(id: string) {
    const action = findAction(actions, id);
    if (action && (action.when?.(context) ?? true)) performAction(action);
  }
  const enabled = (id: string) => findAction(actions, id)?.when?.(context) ?? true;
  const button = (id: string, variant: 'primary' | 'secondary' | 'ghost', showKey: boolean) => (
    <ActionButton action={findAction(actions, id)} onPerform={perform} enabled={enabled(id)} variant={variant} showKey={showKey} />
  );
  const doubt = doubted === annotation ? module.doubt?.(annotation) : null;
  const message = props.notice ?? (problem?.mediaId === media.media_id ? problem.text : doubt);
  const Panel = module.Panel;

  return (
    <WorkspaceFrame
      app={app}
      headerStatus={props.headerStatus}
      backTo={props.backTo}
      onHelp={() => setHelpOpen(true)}
      hints={describeHints(actions, context)}
      canvasRef={setCanvasArea}
      onPointerDownCapture={(event) => (inputDevice.current = event.pointerType === 'mouse' || event.pointerType === 'pen' || event.pointerType === 'touch' ? event.pointerType : 'unknown')}
      canvas={
        <>
        <Suspense fallback={<p className="labelling-canvas__message">Loading image…</p>}>
        <LabellingCanvas
          ref={canvas}
          media={media}
          module={module}
          focus={module.marksInFocus && target.focus && 'bounds' in initial ? (initial.bounds as Box) : null}
          annotation={annotation}
          showMarks={showMarks}
          brightness={brightness}
          contrast={contrast}
          thresholdOf={thresholdOf}
          subjectName={className}
          viewport={viewport}
          viewportMeasured={viewportMeasured}
          onChange={(change) => editor.applyToolChange(change, picker.drawClass)}
          onInput={(device) => (inputDevice.current = device)}
          onImage={setCanvasImage}
          mayEdit={maySee}
        />
        </Suspense>
        <SightCue />
        {tally && tally.total > tally.shown && (
          <p className="floor-note" data-testid="floor-note">
            Confidence ≥ {percent(floor)}: {tally.total - tally.shown} of {tally.total} proposals hidden ([ shows more)
          </p>
        )}
        {frames && (
          <FrameStrip tiles={frames.tiles}>
            {button('copy-previous-frame', 'secondary', true)}
            {button('interpolate-frames', 'secondary', true)}
          </FrameStrip>
        )}
        {severalClasses && (
          <ClassPicker classes={picker.classes} active={picker.drawClass} selected={picker.selectedClass} subjectName={className} onPick={commands.pickClass} />
        )}
        </>
      }
      panel={
        <>
          {/* The answer comes first and never moves: messages and the editor's content change below it. */}
          <div className="workspace__answer">
            {button('submit', 'primary', true)}
            {button('reject', 'secondary', true)}
            {context.canSkip && button('skip', 'secondary', true)}
            <div className="workspace__history">
              {button('undo', 'ghost', false)}
              {button('redo', 'ghost', false)}
              {button('previous-item', 'ghost', false)}
            </div>
          </div>
          {message && <Alert>{message}</Alert>}
          {tally && tally.total > 0 && (
            <ProposalsBar {...tally} floor={floor} onFloor={setFloor} action={(id) => findAction(actions, id)} enabled={enabled} perform={perform} />
          )}
          <Panel annotation={annotation} edit={moduleEdit} subjectName={subjectName} probabilityOf={probabilityOf} perform={perform} />
          {module.objects && listShown && (
            <Suspense>
              <ObjectList annotation={annotation} objects={module.objects} edit={moduleEdit} thresholdOf={thresholdOf} subjectName={className} classes={picker.classes} />
            </Suspense>
          )}
          <ViewControls
            showMarks={showMarks}
            onShowMarks={setShowMarks}
            brightness={brightness}
            onBrightness={setBrightness}
            contrast={contrast}
            onContrast={setContrast}
            action={(id) => findAction(actions, id)}
            perform={perform}
          />
        </>
      }
    >
      <ShortcutsHelp open={helpOpen} actions={helpOf(module, registryOptions)} onClose={() => setHelpOpen(false)} />
    </WorkspaceFrame>
  );
}
