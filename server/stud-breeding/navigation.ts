import type { NavigationItem } from '../kernel/modules';

/** The breeding season's stud pages (data only: the client layout shows them by permission). */
export const navigation: NavigationItem[] = [
  { path: '/services', label: 'Services', permission: 'services.view', order: 12 },
  { path: '/semen-batches', label: 'Semen stock', permission: 'breeding.view', order: 13 },
  { path: '/reservations', label: 'Season', permission: 'reservations.view', order: 25 },
  { path: '/breeding', label: 'Breeding', permission: 'breeding.view', order: 26 },
  { path: '/shipments', label: 'Shipments', permission: 'breeding.view', order: 27 },
  { path: '/pregnancies', label: 'Pregnancies', permission: 'breeding.view', order: 28 },
  { path: '/foaling', label: 'Foaling', permission: 'breeding.view', order: 29 },
];
