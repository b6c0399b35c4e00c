import type { TenantType } from '../api/schemas/identity';
import type { UnixSeconds } from '../api/types';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatDate(seconds: UnixSeconds): string {
  return dateFormat.format(new Date(seconds * 1000));
}

export function describeTenantType(type: TenantType): string {
  return type === 'orgtenant' ? 'Organisation' : 'Personal';
}
