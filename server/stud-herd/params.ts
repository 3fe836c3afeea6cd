import { organizationIdInput } from '../kernel/fields/params';
import { stud } from '../studs/tenant';

/** `{ studId }`: the stud a herd route serves. */
export const studIdInput = organizationIdInput(stud.param);
