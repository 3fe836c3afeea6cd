import type { NavigationItem } from '../kernel/modules';

/** The stud pages of the CRM (data only: the client layout shows them by permission). */
export const navigation: NavigationItem[] = [
  { path: '/clients', label: 'Clients', permission: 'clients.view', order: 40 },
  { path: '/prospects', label: 'Prospects', permission: 'clients.view', order: 41 },
];
