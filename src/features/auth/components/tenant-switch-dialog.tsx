import { useState } from 'react';
import type { TenantListItem } from '../../../api/schemas/identity';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormActions } from '../../../components/form-actions';
import { useSession } from '../../../lib/session/session-store';
import { enterTenant, fetchUserTenants } from '../api/sign-in';
import { useAsyncAction } from '../hooks/use-async-action';
import { PasswordDialogForm } from './password-dialog-form';
import { TenantChoiceList } from './tenant-choice-list';

export interface TenantSwitchDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new tenant once its token is the session (the query cache is already cleared). */
  onSwitched: (tenantId: string) => void;
}

/** Password first (a token is per tenant and there is no refresh), then the tenant to switch to. */
export function TenantSwitchDialog({ open, onClose, onSwitched }: TenantSwitchDialogProps) {
  const session = useSession();
  const [password, setPassword] = useState<string | null>(null);
  const [tenants, setTenants] = useState<TenantListItem[]>([]);
  const entering = useAsyncAction();

  if (!session) return null;
  const email = session.email;

  function close() {
    setPassword(null);
    setTenants([]);
    onClose();
  }

  async function confirmPassword(entered: string) {
    setTenants(await fetchUserTenants({ email, password: entered }));
    setPassword(entered);
  }

  function choose(tenant: TenantListItem) {
    if (password === null) return;
    void entering.run(async () => {
      const tenantId = await enterTenant({ email, password }, tenant.tenant_id);
      setPassword(null);
      setTenants([]);
      onSwitched(tenantId);
    });
  }

  return (
    <Dialog open={open} title="Switch tenant" onClose={close}>
      {password === null ? (
        <PasswordDialogForm
          intro={`Enter the password for ${email} to see your tenants.`}
          submitLabel="Continue"
          cancelLabel="Cancel"
          onSubmit={confirmPassword}
          onCancel={close}
        />
      ) : (
        <div className="form">
          {entering.error && <Alert>{entering.error}</Alert>}
          <TenantChoiceList
            tenants={tenants}
            currentTenantId={session.tenantId}
            disabled={entering.busy}
            onChoose={choose}
          />
          <FormActions>
            <Button onClick={close}>Cancel</Button>
          </FormActions>
        </div>
      )}
    </Dialog>
  );
}
