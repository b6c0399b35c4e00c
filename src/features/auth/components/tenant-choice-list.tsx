import { useId } from 'react';
import type { TenantListItem } from '../../../api/schemas/identity';
import { describeTenantType } from '../../../lib/format';
import './tenant-choice-list.css';

export interface TenantChoiceListProps {
  tenants: TenantListItem[];
  currentTenantId?: string;
  disabled?: boolean;
  onChoose: (tenant: TenantListItem) => void;
}

/** One button per tenant, named by the tenant's name, its type as a description. */
export function TenantChoiceList({ tenants, currentTenantId, disabled, onChoose }: TenantChoiceListProps) {
  const idPrefix = useId();
  return (
    <ul className="tenant-choice-list">
      {tenants.map((tenant, index) => {
        const isCurrent = tenant.tenant_id === currentTenantId;
        const detailId = `${idPrefix}-${index}`;
        return (
          <li key={tenant.tenant_id}>
            <button
              type="button"
              className="tenant-choice"
              aria-label={tenant.name}
              aria-describedby={detailId}
              aria-current={isCurrent || undefined}
              disabled={disabled || isCurrent}
              onClick={() => onChoose(tenant)}
            >
              <span className="tenant-choice__name">{tenant.name}</span>
              <span id={detailId} className="tag">
                {describeTenantType(tenant.type)}
                {isCurrent && ' · current'}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
