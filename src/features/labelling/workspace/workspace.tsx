import { lazy, Suspense } from 'react';
import { Alert } from '../../../components/alert';
import { describeHints } from '../../../lib/shortcuts/registry';
import { FindMoreBar } from '../find-more/find-more-bar';
import { FrameStrip } from '../frames/frame-strip';
import type { Box } from '../geometry/types';
import { ClassPicker } from '../marks/class-picker';
import '../marks/marks.css';
import { ProposalsBar } from '../marks/proposals-bar';
import { ActionButton } from '../shortcuts/action-button';
import { helpOf } from '../shortcuts/workspace-actions';
import { percent } from '../type-kit/percent';
import { ShortcutsHelp } from './shortcuts-help';
import { SightCue } from './sight-cue';
import { useWorkspace, type WorkspaceProps, type WorkspaceView } from './use-workspace';
import { ViewControls } from './view-controls';
import { WorkspaceFrame } from './workspace-frame';

// The canvas's code (Konva and its React renderer) is a chunk of its own, asked for as soon as this module runs: a
// cold open fetches it while the item's requests are out, not before them.
const canvasModule = import('../canvas/labelling-canvas');
const LabellingCanvas = lazy(() => canvasModule.then((m) => ({ default: m.LabellingCanvas })));
// Not needed to draw the first item: loaded once it is drawn (the list and its virtualiser).
const ObjectList = lazy(() => import('../object-list/object-list').then((m) => ({ default: m.ObjectList })));

type Variant = 'primary' | 'secondary' | 'ghost';

/** A registry action's button: its text, key and effect from the one entry, enabled when the action applies. */
function RunButton({ w, id, variant, showKey }: { w: WorkspaceView; id: string; variant: Variant; showKey: boolean }) {
  return <ActionButton action={w.run.action(id)} onPerform={w.run.performId} enabled={w.run.enabled(id)} variant={variant} showKey={showKey} />;
}

/**
 * The editor for one item: canvas, side panel, keys. It renders what `useWorkspace` holds; the commands are built by
 * `workspace-commands.ts`, and the answer goes to the page's owner of answers. It knows application types only by module.
 */
export function Workspace(props: WorkspaceProps) {
  const w = useWorkspace(props);
  return (
    <WorkspaceFrame
      app={props.app}
      headerStatus={props.headerStatus}
      backTo={props.backTo}
      onHelp={w.help.show}
      hints={describeHints(w.actions, w.context)}
      canvasRef={w.canvas.setArea}
      onPointerDownCapture={(event) => w.canvas.onPointerDown(event.pointerType)}
      canvas={<ItemCanvas w={w} app={props.app} target={props.target} initial={props.initial} />}
      panel={<AnswerPanel w={w} subjectName={props.subjectName} />}
    >
      <ShortcutsHelp open={w.help.open} actions={helpOf(w.module, w.registryOptions)} onClose={w.help.close} />
    </WorkspaceFrame>
  );
}

function ItemCanvas({ w, app, target, initial }: { w: WorkspaceView } & Pick<WorkspaceProps, 'app' | 'target' | 'initial'>) {
  const { module, tally, frames, picker } = w;
  return (
    <>
      <Suspense fallback={<p className="labelling-canvas__message">Loading image…</p>}>
        <LabellingCanvas
          ref={w.canvas.ref}
          appId={app.application_id}
          media={target.media}
          module={module}
          focus={module.marksInFocus && target.focus && 'bounds' in initial ? (initial.bounds as Box) : null}
          annotation={w.annotation}
          showMarks={w.view.showMarks}
          brightness={w.view.brightness}
          contrast={w.view.contrast}
          thresholdOf={w.thresholdOf}
          subjectName={w.className}
          viewport={w.canvas.viewport.size}
          viewportMeasured={w.canvas.viewport.measured}
          onChange={(change) => w.editor.applyToolChange(change, picker.drawClass)}
          onInput={w.canvas.onInput}
          onImage={w.canvas.onImage}
          mayEdit={w.canvas.mayEdit}
        />
      </Suspense>
      <SightCue />
      {module.exemplars && <FindMoreBar button={<RunButton w={w} id="find-more" variant="secondary" showKey />} finding={w.finds.finding} note={w.finds.note} />}
      {tally && tally.total > tally.shown && (
        <p className="floor-note" data-testid="floor-note">
          Confidence ≥ {percent(w.floor)}: {tally.total - tally.shown} of {tally.total} proposals hidden ([ shows more)
        </p>
      )}
      {frames && (
        <FrameStrip tiles={frames.tiles}>
          <RunButton w={w} id="copy-previous-frame" variant="secondary" showKey />
          <RunButton w={w} id="interpolate-frames" variant="secondary" showKey />
        </FrameStrip>
      )}
      {w.severalClasses && (
        <ClassPicker classes={picker.classes} active={picker.drawClass} selected={picker.selectedClass} subjectName={w.className} onPick={w.context.workspace.pickClass} />
      )}
    </>
  );
}

function AnswerPanel({ w, subjectName }: { w: WorkspaceView } & Pick<WorkspaceProps, 'subjectName'>) {
  const { module, annotation, tally, run } = w;
  const Panel = module.Panel;
  return (
    <>
      {/* The answer comes first and never moves: messages and the editor's content change below it. */}
      <div className="workspace__answer">
        <RunButton w={w} id="submit" variant="primary" showKey />
        <RunButton w={w} id="reject" variant="secondary" showKey />
        {w.context.canSkip && <RunButton w={w} id="skip" variant="secondary" showKey />}
        <div className="workspace__history">
          <RunButton w={w} id="undo" variant="ghost" showKey={false} />
          <RunButton w={w} id="redo" variant="ghost" showKey={false} />
          <RunButton w={w} id="previous-item" variant="ghost" showKey={false} />
        </div>
      </div>
      {w.message && <Alert>{w.message}</Alert>}
      {tally && tally.total > 0 && <ProposalsBar {...tally} floor={w.floor} onFloor={w.setFloor} action={run.action} enabled={run.enabled} perform={run.performId} />}
      <Panel annotation={annotation} edit={w.context.edit} subjectName={subjectName} probabilityOf={w.probabilityOf} perform={run.performId} />
      {module.objects && w.listShown && (
        <Suspense>
          <ObjectList annotation={annotation} objects={module.objects} edit={w.context.edit} thresholdOf={w.thresholdOf} subjectName={w.className} classes={w.picker.classes} />
        </Suspense>
      )}
      <ViewControls {...w.view} action={run.action} perform={run.performId} />
    </>
  );
}
