import type { Application } from '../../../api/schemas/application';

export interface ApplicationFilter {
  search: string;
  type: string;
  active: 'all' | 'active' | 'inactive';
}

export function filterApplications(applications: readonly Application[], filter: ApplicationFilter): Application[] {
  const search = filter.search.trim().toLowerCase();
  return applications.filter(
    (application) =>
      (!search || application.name.toLowerCase().includes(search) || application.description.toLowerCase().includes(search)) &&
      (!filter.type || application.type === filter.type) &&
      (filter.active === 'all' || application.active === (filter.active === 'active')),
  );
}

export function filterFromParams(params: URLSearchParams): ApplicationFilter {
  const active = params.get('active');
  return {
    search: params.get('q') ?? '',
    type: params.get('type') ?? '',
    active: active === 'active' || active === 'inactive' ? active : 'all',
  };
}
