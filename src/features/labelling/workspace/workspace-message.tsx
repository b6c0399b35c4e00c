import { type ReactNode, useState } from 'react';
import type { Application } from '../../../api/schemas/application';
import { helpOf } from '../shortcuts/workspace-actions';
import { useTypeRegistry } from '../contract/registry-context';
import { ShortcutsHelp } from './shortcuts-help';
import { WorkspaceFrame } from './workspace-frame';

export interface WorkspaceMessageProps {
  /** The type is unknown while the application loads. */
  app: Pick<Application, 'name'> & Partial<Pick<Application, 'type'>>;
  backTo: string;
  headerStatus: ReactNode;
  children: ReactNode;
}

/** The workspace's frame around a message instead of an item: loading, empty queue, errors. */
export function WorkspaceMessage({ app, backTo, headerStatus, children }: WorkspaceMessageProps) {
  const [helpOpen, setHelpOpen] = useState(false);
  const types = useTypeRegistry();
  const module = app.type ? types.typeModule(app.type) : undefined;
  return (
    <WorkspaceFrame
      app={app}
      backTo={backTo}
      headerStatus={headerStatus}
      onHelp={() => setHelpOpen(true)}
      hints="? all shortcuts"
      canvas={<div className="workspace__message">{children}</div>}
      panel={null}
    >
      <ShortcutsHelp open={helpOpen} actions={module ? helpOf(module) : []} onClose={() => setHelpOpen(false)} />
    </WorkspaceFrame>
  );
}
