import type { CandidateDecision } from '../../../api/schemas/models';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormActions } from '../../../components/form-actions';
import { keptBackSentence } from './measure-words';

export interface ReleaseAnywayDialogProps {
  /** The candidate the release rule kept back; null: closed. */
  decision: CandidateDecision | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirms releasing a candidate the release rule kept back; the model history will show it as forced. */
export function ReleaseAnywayDialog({ decision, onConfirm, onClose }: ReleaseAnywayDialogProps) {
  return (
    <Dialog open={decision !== null} title="Release anyway?" onClose={onClose}>
      <div className="release-anyway">
        <p>{decision && keptBackSentence(decision)}</p>
        <p className="muted">
          A new candidate is fitted and released whatever its measures, and it replaces the current model. The model
          history shows it as forced.
        </p>
      </div>
      <FormActions>
        <Button onClick={onClose} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          Release anyway
        </Button>
      </FormActions>
    </Dialog>
  );
}
