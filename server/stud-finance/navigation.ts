import type { NavigationItem } from '../kernel/modules';

/** The finance and report pages (data only: the client layout shows them by permission). */
export const navigation: NavigationItem[] = [
  { path: '/finance', label: 'Finance', permission: 'finance.view', order: 50 },
  { path: '/reports', label: 'Reports', permission: 'reports.view', order: 55 },
];
