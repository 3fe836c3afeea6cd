import type { NavigationItem } from '../kernel/modules';

/** The school pages of this module (data only: the client layout shows them by permission). */
export const navigation: NavigationItem[] = [
  { path: '/payments', label: 'Payments', permission: 'payments.view', order: 70 },
  { path: '/reports', label: 'Reports', permission: 'reports.view', order: 80 },
];
