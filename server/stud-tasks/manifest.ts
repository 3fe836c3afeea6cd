import { defineModule } from '../kernel/modules';
import { stud } from '../studs/tenant';
import { taskDigestJob } from './digest';
import { navigation } from './navigation';
import { tasksRouter } from './tasks';

/**
 * A stud's tasks (DESIGN-MODULES B.8): the list, manual tasks and their completion, the tasks
 * medical records open (`record-tasks.ts`) and the morning digest of due tasks. The `tasks`
 * resource and its grants are the studs module's.
 */
export const studTasksModule = defineModule({
  name: 'stud-tasks',
  tenant: stud,
  routers: { studTasks: tasksRouter },
  // Paths relative to `/studs/{studId}`; an action route needs `tasks.edit` (0.1).
  routeExceptions: [{ path: /^\/tasks\/[^/]+\/complete$/, permission: 'tasks.edit' }],
  jobs: [taskDigestJob],
  navigation,
});
