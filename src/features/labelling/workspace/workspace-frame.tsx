import type { PointerEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type { Application } from '../../../api/schemas/application';
import './workspace.css';

export interface WorkspaceFrameProps {
  /** The type is unknown while the application loads. */
  app: Pick<Application, 'name'> & Partial<Pick<Application, 'type'>>;
  headerStatus: ReactNode;
  backTo: string;
  onHelp: () => void;
  hints: string;
  canvas: ReactNode;
  panel: ReactNode;
  canvasRef?: (element: HTMLDivElement | null) => void;
  onPointerDownCapture?: (event: PointerEvent<HTMLElement>) => void;
  children?: ReactNode;
}

/** The workspace's layout: slim header, the image taking the space, a side panel at the right, key hints below. */
export function WorkspaceFrame(props: WorkspaceFrameProps) {
  return (
    <main className="workspace" aria-label="Labelling workspace" onPointerDownCapture={props.onPointerDownCapture}>
      <header className="workspace__header">
        <Link to={props.backTo} className="workspace__back">
          ← Back
        </Link>
        <h1 className="workspace__title">
          {props.app.name} {props.app.type && <span className="workspace__type">{props.app.type}</span>}
        </h1>
        <div className="workspace__status">{props.headerStatus}</div>
        <button type="button" className="btn btn--ghost" onClick={props.onHelp} aria-label="Keyboard shortcuts" title="?">
          ?
        </button>
      </header>
      <div className="workspace__canvas" ref={props.canvasRef} tabIndex={-1}>
        {props.canvas}
      </div>
      <aside className="workspace__panel" aria-label="Answer">
        {props.panel}
      </aside>
      <footer className="workspace__hints">{props.hints}</footer>
      {props.children}
    </main>
  );
}
