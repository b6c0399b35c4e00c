import type { ReactNode } from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Application } from '../../../api/schemas/application';
import type { Media } from '../../../api/schemas/media';
import { answerContext } from '../annotation/answer-context';
import type { CanvasHandle, ImageOnCanvas } from '../canvas/labelling-canvas';
import type { InputDevice } from '../annotation/client-data';
import { useTypeRegistry } from '../contract/registry-context';
import type { LabelTarget } from '../contract/target';
import type { Annotation, CanvasCommands } from '../contract/type-module';
import { publishEditor } from '../view/debug-hook';
import { useFindMore } from '../find-more/use-find-more';
import type { FrameNeighbours } from '../frames/key-frames';
import { useClassNames, useConfidenceFloor, useMarkClasses } from '../marks/use-mark-controls';
import type { ItemAnswers } from '../queue/item-answers';
import { actionsOf } from '../shortcuts/workspace-actions';
import { displayImageUrl, loadImage } from '../view/image-cache';
import { resetMarkView } from '../view/mark-view-store';
import type { EditedItem } from './use-drafts';
import { useItemEditor } from './use-item-editor';
import { useItemSight } from './use-item-sight';
import { useShortcuts } from './use-shortcuts';
import { useViewportSize } from './use-viewport-size';
import { actionContext, actionRunner, type WorkspacePorts, type WorkspaceState } from './workspace-commands';

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
  /** The owner of this page's answers (the queue, the outbox, a review's resolution): Accept and Not present give it theirs. */
  answers: ItemAnswers;
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

/** Where an application sets no detection threshold (or 0), proposals under even odds count as doubtful. */
const DEFAULT_THRESHOLD = 0.5;

const pointerDevice = (type: string): InputDevice => (type === 'mouse' || type === 'pen' || type === 'touch' ? type : 'unknown');

/**
 * The workspace's state on one item and its wiring: the editor, the view, the sight gate and the keys around the
 * commands that `workspace-commands.ts` builds. What it returns is what the workspace renders.
 */
export function useWorkspace(props: WorkspaceProps) {
  const { app, target, initial } = props;
  const media = target.media;
  const types = useTypeRegistry();
  const module = types.moduleOf(initial);
  const appId = app.application_id;
  const { floor, setFloor, view } = useConfidenceFloor(appId, module);
  const editor = useItemEditor(module, media.media_id, initial, props.onEdited, view, props.steps);
  const { annotation, edit } = editor;
  const picker = useMarkClasses(appId, module, annotation);
  const [canvasArea, setCanvasArea] = useState<HTMLDivElement | null>(null);
  const viewport = useViewportSize(canvasArea);
  const canvas = useRef<CanvasHandle>(null);
  const [showMarks, setShowMarks] = useState(true);
  const [brightness, setBrightness] = useState(100);
  const [contrast, setContrast] = useState(100);
  const [helpOpen, setHelpOpen] = useState(false);
  const [problem, setProblem] = useState<{ mediaId: string; text: string } | null>(null);
  const [doubted, setDoubted] = useState<{ mediaId: string; doubt: string } | null>(null);
  const [canvasImage, setCanvasImage] = useState<ImageOnCanvas | null>(null);
  // The object list (and its code) waits for the first image: it is not what the labeller looks at first.
  const [listShown, setListShown] = useState(false);
  if (canvasImage?.state === 'shown' && !listShown) setListShown(true);
  const inputDevice = useRef<InputDevice>('unknown');
  const sight = useItemSight(media.media_id);
  const finds = useFindMore({ appId, mediaId: media.media_id, focus: target.focus ?? null, module, annotation, edit });

  useEffect(() => publishEditor(media.media_id, annotation, (next) => edit(() => next)), [media.media_id, annotation, edit]);

  // Only once the canvas is measured: an image chosen for the guessed size would be fetched for nothing.
  const upcomingUrls = viewport.measured ? props.upcoming.map((m) => displayImageUrl(m, viewport.size)).join(' ') : '';
  useEffect(() => {
    for (const url of upcomingUrls.split(' ').filter(Boolean)) loadImage(url).catch(() => {});
  }, [upcomingUrls]);

  const thresholds = app.detection_thresholds;
  const thresholdOf = useCallback((uid: string) => thresholds[uid] || DEFAULT_THRESHOLD, [thresholds]);
  const className = useClassNames(picker.classes, props.subjectName);
  const tally = useMemo(() => module.proposals?.tally(annotation) ?? null, [module, annotation]);
  // Hidden and hovered marks are named by index: a new item or a mark added or removed starts afresh.
  const markViewKey = `${media.media_id}:${module.objects?.count(annotation) ?? 0}`;
  useLayoutEffect(() => resetMarkView(markViewKey), [markViewKey]);
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

  const state: WorkspaceState = {
    app,
    target,
    module,
    annotation,
    doubted: doubted?.mediaId === media.media_id ? doubted.doubt : null,
    floor,
    imageShown: canvasImage?.mediaId === media.media_id && canvasImage.state === 'shown',
    classCount: picker.classes.length,
    proposals: tally,
    frames: frames?.keyFrames ?? null,
    finding: finds.finding,
  };
  const ports: WorkspacePorts = {
    editor,
    canvas: canvasCommands,
    answers: props.answers,
    answered: types.answeredAnnotation,
    // decision_time runs from the item's first paint.
    meta: () => answerContext(inputDevice.current, sight.shownAt()),
    say: (text) => setProblem(text === null ? null : { mediaId: media.media_id, text }),
    askDoubt: (doubt) => setDoubted({ mediaId: media.media_id, doubt }),
    pickClass: (index) => picker.pick(index, edit),
    setFloor,
    skip: props.onSkip,
    previous: props.onPrevious,
    toggleMarks: () => setShowMarks((v) => !v),
    showHelp: () => setHelpOpen(true),
    findMore: finds.find,
    field: { typing: () => document.activeElement instanceof HTMLInputElement, leave: () => canvasArea?.focus() },
  };
  const context = actionContext(state, ports);
  const run = actionRunner(actions, context, sight.maySee);
  // Edits made with keys make the keyboard the input device; the key that only sends the answer does not.
  useShortcuts(actions, context, (action) => {
    if (action.id !== 'submit' && action.id !== 'reject') inputDevice.current = 'keyboard';
    run.perform(action);
  });

  const doubt = state.doubted !== null && module.doubt?.(annotation) === state.doubted ? state.doubted : null;
  return {
    module,
    annotation,
    editor,
    context,
    actions,
    run,
    registryOptions,
    floor,
    setFloor,
    tally,
    frames,
    picker,
    severalClasses,
    className,
    thresholdOf,
    probabilityOf: (uid: string) => target.subjects?.find((s) => s.subject_uid === uid)?.probability ?? null,
    message: props.notice ?? (problem?.mediaId === media.media_id ? problem.text : doubt),
    listShown,
    finds,
    view: { showMarks, onShowMarks: setShowMarks, brightness, onBrightness: setBrightness, contrast, onContrast: setContrast },
    help: { open: helpOpen, show: () => setHelpOpen(true), close: () => setHelpOpen(false) },
    canvas: {
      ref: canvas,
      setArea: setCanvasArea,
      viewport,
      onImage: setCanvasImage,
      mayEdit: sight.maySee,
      onInput: (device: InputDevice) => (inputDevice.current = device),
      onPointerDown: (pointerType: string) => (inputDevice.current = pointerDevice(pointerType)),
    },
  };
}

export type WorkspaceView = ReturnType<typeof useWorkspace>;
