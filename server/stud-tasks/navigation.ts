import type { NavigationItem } from '../kernel/modules';

/** The stud pages of this module (data only: the client layout shows them by permission). */
export const navigation: NavigationItem[] = [
  { path: '/tasks', label: 'Tasks', permission: 'tasks.view', order: 60 },
];
