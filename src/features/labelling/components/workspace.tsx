import type { ReactNode } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Application, FeedbackResponse, Media } from '../../../api/types';
import { Alert } from '../../../components/alert';
import { answerContext } from '../answer-context';
import {
  changeCount,
  chooseClass,
  deleteSelected,
  duplicateSelected,
  nudgeOffset,
  nudgeSelected,
  select,
  selectNext,
  toggleSubject,
} from '../annotation/edit';
import { buildFeedback, missingInput, rejectAnswer } from '../annotation/feedback';
import { primarySubject } from '../annotation/initial';
import type { Annotation, LabelTarget } from '../annotation/types';
import { validateFeedback } from '../annotation/validate';
import type { CanvasHandle } from '../canvas/labelling-canvas';
import { LabellingCanvas } from '../canvas/labelling-canvas';
import { displayImageUrl, loadImage } from '../canvas/image-cache';
import type { InputDevice } from '../client-data';
import { publishEditor } from '../debug-hook';
import { useItemEditor } from '../hooks/use-item-editor';
import { useShortcuts } from '../hooks/use-shortcuts';
import { useViewportSize } from '../hooks/use-viewport-size';
import { proposedBoxProbabilities } from '../proposals';
import { ShortcutsDialog } from './shortcuts-dialog';
import { TypeEditor } from './type-editor';
import { ViewControls } from './view-controls';
import { WorkspaceFrame } from './workspace-frame';

export interface WorkspaceProps {
  app: Application;
  target: LabelTarget;
  /** Where editing starts: the proposal, or the answer given before when going back. */
  initial: Annotation;
  subjectName: (uid: string) => string;
  /** Items after this one, whose images are loaded and decoded ahead. */
  upcoming: readonly Media[];
  headerStatus: ReactNode;
  panelExtra?: ReactNode;
  /** A message about this item (for example why the service refused the last answer). */
  notice?: string | null;
  backTo: string;
  onAnswer: (body: FeedbackResponse, annotation: Annotation) => void;
  onPrevious: (() => void) | null;
}

const NUDGE = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] } as const;

/** The editor for one item: canvas, side panel, keys, and the answer. */
export function Workspace(props: WorkspaceProps) {
  const { app, target, initial, subjectName, onAnswer } = props;
  const media = target.media;
  const editor = useItemEditor(media.media_id, initial);
  const { annotation, edit } = editor;
  const [canvasArea, setCanvasArea] = useState<HTMLDivElement | null>(null);
  const viewport = useViewportSize(canvasArea);
  const canvas = useRef<CanvasHandle>(null);
  const [showMarks, setShowMarks] = useState(true);
  const [brightness, setBrightness] = useState(100);
  const [contrast, setContrast] = useState(100);
  const [helpOpen, setHelpOpen] = useState(false);
  const [problem, setProblem] = useState<{ mediaId: string; text: string } | null>(null);
  const [shown, setShown] = useState({ mediaId: media.media_id, at: Date.now() });
  const inputDevice = useRef<InputDevice>('unknown');
  if (shown.mediaId !== media.media_id) setShown({ mediaId: media.media_id, at: Date.now() });

  useEffect(() => publishEditor(media.media_id, annotation, (next) => edit(() => next)), [media.media_id, annotation, edit]);

  const upcomingUrls = props.upcoming.map((m) => displayImageUrl(m, viewport)).join(' ');
  useEffect(() => {
    for (const url of upcomingUrls.split(' ').filter(Boolean)) loadImage(url).catch(() => {});
  }, [upcomingUrls]);

  const proposal = (target.subjects ?? []).find((s) => s.subject_uid === primarySubject(app, target));
  const boxProbabilities = useMemo(() => proposedBoxProbabilities(proposal), [proposal]);
  const probabilityOf = (uid: string) => target.subjects?.find((s) => s.subject_uid === uid)?.probability ?? null;

  function send(body: FeedbackResponse | null) {
    if (!body) return;
    const problems = validateFeedback(app, body, media);
    if (problems.length > 0) return setProblem({ mediaId: media.media_id, text: problems.join(' ') });
    setProblem(null);
    onAnswer(body, annotation);
  }
  const meta = () => answerContext(inputDevice.current, shown.at);
  function accept() {
    const missing = missingInput(annotation);
    if (missing) return setProblem({ mediaId: media.media_id, text: missing });
    send(buildFeedback(app, target, annotation, meta()));
  }
  const reject = () => send(rejectAnswer(app, target, meta()));
  const canReject = app.type !== 'classification';

  function perform(id: string) {
    const digit = /^(choose|toggle)-(\d)$/.exec(id);
    const nudge = /^nudge-(left|right|up|down)(-10)?$/.exec(id);
    if (id !== 'submit' && id !== 'reject') inputDevice.current = 'keyboard';
    if (digit) {
      const index = Number(digit[2]) - 1;
      return edit((a) => (a.type === 'classification' ? chooseClass(a, index) : a.type === 'detection_fullframe' ? toggleSubject(a, index) : a));
    }
    if (nudge) {
      const [dx, dy] = NUDGE[nudge[1] as keyof typeof NUDGE].map((d) => d * (nudge[2] ? 10 : 1)) as [number, number];
      return edit((a) => {
        if (a.type === 'box_detection' || a.type === 'point') return nudgeSelected(a, dx, dy);
        if (a.type === 'offset_x') return nudgeOffset(a, dx);
        if (a.type === 'offset_y') return nudgeOffset(a, dy);
        return a;
      });
    }
    const actions: Record<string, () => void> = {
      submit: accept,
      reject,
      'previous-item': () => props.onPrevious?.(),
      undo: editor.undo,
      redo: editor.redo,
      'select-next': () => edit((a) => (a.type === 'box_detection' || a.type === 'point' ? selectNext(a, 1) : a), 'select'),
      'select-previous': () => edit((a) => (a.type === 'box_detection' || a.type === 'point' ? selectNext(a, -1) : a), 'select'),
      delete: () => edit((a) => (a.type === 'box_detection' || a.type === 'point' ? deleteSelected(a) : a)),
      duplicate: () => edit((a) => (a.type === 'box_detection' ? duplicateSelected(a) : a)),
      'count-up': () => edit((a) => (a.type === 'static_count' ? changeCount(a, 1) : a)),
      'count-down': () => edit((a) => (a.type === 'static_count' ? changeCount(a, -1) : a)),
      cancel: () => {
        if (!canvas.current?.cancel()) edit((a) => (a.type === 'box_detection' || a.type === 'point' ? select(a, null) : a), 'select');
      },
      'fit-view': () => canvas.current?.fitToView(),
      'zoom-in': () => canvas.current?.zoomBy(1.25),
      'zoom-out': () => canvas.current?.zoomBy(0.8),
      'zoom-actual': () => canvas.current?.actualSize(),
      'toggle-marks': () => setShowMarks((v) => !v),
      help: () => setHelpOpen(true),
    };
    actions[id]?.();
  }

  const hasSelection = (annotation.type === 'box_detection' || annotation.type === 'point') && annotation.selected !== null;
  useShortcuts({ type: app.type, hasSelection }, perform);
  const message = props.notice ?? (problem?.mediaId === media.media_id ? problem.text : null);

  return (
    <WorkspaceFrame
      app={app}
      headerStatus={props.headerStatus}
      backTo={props.backTo}
      onHelp={() => setHelpOpen(true)}
      hints={`Enter accept${canReject ? ' · X not present' : ''} · Alt+← previous · H hide marks · 0 fit · ? all shortcuts`}
      canvasRef={setCanvasArea}
      onPointerDownCapture={(event) => (inputDevice.current = event.pointerType === 'mouse' || event.pointerType === 'pen' || event.pointerType === 'touch' ? event.pointerType : 'unknown')}
      canvas={
        <LabellingCanvas
          ref={canvas}
          media={media}
          focus={initial.type !== 'classification' && initial.type !== 'detection_fullframe' && target.focus ? initial.bounds : null}
          annotation={annotation}
          showMarks={showMarks}
          brightness={brightness}
          contrast={contrast}
          boxProbabilities={boxProbabilities}
          pointProbability={proposal?.probability ?? null}
          viewport={viewport}
          onChange={editor.applyToolChange}
          onInput={(device) => (inputDevice.current = device)}
        />
      }
      panel={
        <>
          {message && <Alert>{message}</Alert>}
          <TypeEditor annotation={annotation} subjectName={subjectName} probabilityOf={probabilityOf} edit={edit} />
          <div className="workspace__answer">
            <button type="button" className="btn btn--primary" onClick={accept} title="Enter">
              Accept <kbd>Enter</kbd>
            </button>
            {canReject && (
              <button type="button" className="btn btn--secondary" onClick={reject} title="X">
                Not present <kbd>X</kbd>
              </button>
            )}
            <div className="workspace__history">
              <button type="button" className="btn btn--ghost" onClick={editor.undo} disabled={!editor.canUndo}>
                Undo
              </button>
              <button type="button" className="btn btn--ghost" onClick={editor.redo} disabled={!editor.canRedo}>
                Redo
              </button>
              <button type="button" className="btn btn--ghost" onClick={() => props.onPrevious?.()} disabled={!props.onPrevious}>
                Previous item
              </button>
            </div>
          </div>
          <ViewControls
            showMarks={showMarks}
            onShowMarks={setShowMarks}
            brightness={brightness}
            onBrightness={setBrightness}
            contrast={contrast}
            onContrast={setContrast}
            canvas={canvas}
          />
          {props.panelExtra}
        </>
      }
    >
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </WorkspaceFrame>
  );
}
