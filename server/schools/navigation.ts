import type { NavigationItem } from '../kernel/modules';

/** The school pages of this module (data only: the client layout shows them by permission). */
export const navigation: NavigationItem[] = [
  { path: '', label: 'Dashboard', order: 0 },
  { path: '/students', label: 'Students', permission: 'students.view', order: 10 },
  { path: '/schedule', label: 'Schedule', permission: 'schedules.view', order: 20 },
  { path: '/attendance', label: 'Attendance', permission: 'attendance.view', order: 30 },
  { path: '/horses', label: 'Horses', permission: 'horses.view', order: 40 },
  { path: '/instructors', label: 'Instructors', permission: 'instructors.view', order: 50 },
  { path: '/classes', label: 'Classes', permission: 'classes.view', order: 60 },
  { path: '/members', label: 'Members', permission: 'members.view', order: 100 },
];
