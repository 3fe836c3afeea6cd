import type { NavigationItem } from '../kernel/modules';

/** The school pages of this module (data only: the client layout shows them by permission). */
export const navigation: NavigationItem[] = [
  { path: '/waitlist', label: 'Waiting list', permission: 'waitlist.view', order: 15 },
];
