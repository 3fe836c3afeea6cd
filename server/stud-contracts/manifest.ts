import { defineModule } from '../kernel/modules';
import { stud } from '../studs/tenant';
import { studContractsRouter } from './contracts';
import { studContractTemplatesRouter } from './templates';
import { expiryJob } from './expiry-job';
import { studContractSigningRouter } from './in-app-signing';
import { publicContractsRouter } from './public-contracts';
import { sealJob } from './seal-job';
import { navigation } from './navigation';

/**
 * A stud's contracts and their electronic signing (DESIGN-MODULES B.7): templates, contracts
 * with their signers and hash-chained event log, the public signing page's routes, and the
 * jobs that seal a signed contract and expire unsigned ones. The resource, `contracts`, is
 * declared with its grants by the studs module.
 */
export const studContractsModule = defineModule({
  name: 'stud-contracts',
  tenant: stud,
  routers: {
    studContractTemplates: studContractTemplatesRouter,
    studContracts: studContractsRouter,
    studContractSigning: studContractSigningRouter,
    publicContracts: publicContractsRouter,
  },
  // Paths relative to `/studs/{studId}`; the first matching row wins.
  routeExceptions: [
    // A contract's actions need `contracts.edit` (0.1).
    { path: /^\/contracts\/[^/]+\/(send|remind|void|sign)$/, permission: 'contracts.edit' },
    // Templates are the contracts' resource, by the method rule.
    { path: /^\/contract-templates(\/|$)/, permission: 'contracts' },
  ],
  navigation,
  jobs: [expiryJob],
  queuedJobs: [sealJob],
});
