import type { NavigationItem } from '../kernel/modules';

/** The school pages of this module (data only: the client layout shows them by permission). */
export const navigation: NavigationItem[] = [
  { path: '/progression', label: 'Progression', permission: 'levels.view', order: 65 },
];
