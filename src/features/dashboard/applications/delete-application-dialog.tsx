import type { Application } from '../../../api/schemas/application';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormActions } from '../../../components/form-actions';
import { useDeleteApplication } from './delete-application';

export interface DeleteApplicationDialogProps {
  application: Application | null;
  onClose: () => void;
}

export function DeleteApplicationDialog({ application, onClose }: DeleteApplicationDialogProps) {
  const remove = useDeleteApplication();

  async function confirm() {
    if (!application) return;
    try {
      await remove.mutateAsync(application.application_id);
      onClose();
    } catch {
      // shown from remove.error
    }
  }

  return (
    <Dialog open={application !== null} title="Delete application" onClose={onClose}>
      <p className="dialog-intro">
        Delete <strong>{application?.name}</strong>? Its settings go for good; its media and subjects stay.
      </p>
      {remove.isError && <Alert>{remove.error.message}</Alert>}
      <FormActions>
        <Button onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" busy={remove.isPending} onClick={() => void confirm()}>
          Delete application
        </Button>
      </FormActions>
    </Dialog>
  );
}
