import type { NavigationItem } from '../kernel/modules';

/** The herd's stud pages (data only: the client layout shows them by permission). */
export const navigation: NavigationItem[] = [
  { path: '/horses', label: 'Herd', permission: 'horses.view', order: 10 },
  { path: '/stallions', label: 'Stallions', permission: 'horses.view', order: 11 },
  { path: '/medical', label: 'Medical', permission: 'medical.view', order: 15 },
  {
    path: '/breeding-settings',
    label: 'Breeding settings',
    permission: 'profile.edit',
    order: 105,
  },
];
