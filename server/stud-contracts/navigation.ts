import type { NavigationItem } from '../kernel/modules';

/** The contracts' stud page (data only: the client layout shows it by permission); templates open from it. */
export const navigation: NavigationItem[] = [
  { path: '/contracts', label: 'Contracts', permission: 'contracts.view', order: 30 },
];
