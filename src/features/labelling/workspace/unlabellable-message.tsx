import type { ComponentProps } from 'react';
import type { Application } from '../../../api/schemas/application';
import { Alert } from '../../../components/alert';
import { useTypeRegistry } from '../contract/registry-context';
import { WorkspaceMessage } from './workspace-message';

type Frame = Omit<ComponentProps<typeof WorkspaceMessage>, 'children'>;

/** Said instead of the workspace when the application's type has no module here, or no output subject. */
export function UnlabellableMessage({ frame, app }: { frame: Frame; app: Application }) {
  const types = useTypeRegistry()
    .modules.map((module) => module.type)
    .join(', ');
  return (
    <WorkspaceMessage {...frame}>
      <Alert title="This app cannot be labelled here yet.">
        {app.output_subjects.length === 0
          ? `${app.name} has no output subject yet: an app manager can set one in its settings.`
          : `Looplabel labels ${types} applications; ${app.name} is a ${app.type} application.`}
      </Alert>
    </WorkspaceMessage>
  );
}
