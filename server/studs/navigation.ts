import type { NavigationItem } from '../kernel/modules';

/** The stud pages of this module (data only: the client layout shows them by permission). */
export const navigation: NavigationItem[] = [
  { path: '', label: 'Overview', order: 0 },
  { path: '/test-mating', label: 'Test mating', permission: 'horses.view', order: 20 },
  { path: '/members', label: 'Members', permission: 'members.view', order: 100 },
  { path: '/settings', label: 'Settings', permission: 'profile.edit', order: 110 },
];
