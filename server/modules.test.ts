import { describe, expect, it } from 'vitest';
import { healthRouter } from './platform/health';
import { defineModule, buildRegistry } from './kernel/modules';
import { permissionTable } from './kernel/auth/permissions';
import { registry } from './modules';
import { appRouter } from './router';
import { school } from './schools/tenant';

describe('the registration list of module manifests', () => {
  it('builds the app router from every module, keys unchanged', () => {
    expect(Object.keys(appRouter._def.record).sort()).toEqual(
      [
        'platform',
        'features',
        'contact',
        'emailPreview',
        'testDashboard',
        'access',
        'account',
        'notifications',
        'profile',
        'schools',
        'members',
        'students',
        'instructors',
        'classes',
        'horses',
        'schedules',
        'enrollments',
        'attendance',
        'dashboard',
        'media',
        'competitions',
        'competitionEntries',
        'competitionResults',
        'competitionPayments',
        'payments',
        'reports',
        'levels',
        'badges',
        'certificates',
        'progress',
        'public',
        'portalAccess',
        'portal',
        'waitlist',
        'publicWaitlist',
        'studs',
        'studMembers',
        'studMedia',
        'studPedigree',
        'studClients',
        'studProspects',
        'studTags',
        'studTasks',
        'studHorses',
        'stallions',
        'medicalRecords',
        'studSettings',
        'studServices',
        'semenBatches',
        'reservations',
        'shipments',
        'breedingEvents',
        'pregnancies',
        'births',
        'studContractTemplates',
        'studContracts',
        'studContractSigning',
        'publicContracts',
        'studReceivables',
        'studPayments',
        'studIncome',
        'studExpenses',
        'studDashboard',
        'studReports',
        'pedigree',
        'schoolVerification',
        'studVerification',
        'accessCodes',
        'admin',
        'marketplaceCategories',
        'sellerProfiles',
        'sellers',
        'sellerMedia',
        'listingSearch',
        'listings',
        'favourites',
        'listingContacts',
        'listingReports',
        'cart',
        'stallionBooking',
        'orders',
        'sales',
        'sellerStatements',
        'paymentWebhooks',
      ].sort(),
    );
    expect(Object.keys(registry.routers.admin).sort()).toEqual([
      'accessCodes',
      'commissionTiers',
      'mail',
      'marketplaceCategories',
      'marketplaceDisputes',
      'marketplacePaymentHolds',
      'moderation',
      'organizations',
      'overview',
      'paymentGateway',
      'pedigree',
      'settings',
      'users',
      'verificationRequests',
    ]);
  });

  it('builds the school navigation of the modules, in the order of the links', () => {
    expect(registry.tenantView('school').navigation.map((item) => [item.label, item.path])).toEqual(
      [
        ['Dashboard', ''],
        ['Students', '/students'],
        ['Waiting list', '/waitlist'],
        ['Schedule', '/schedule'],
        ['Attendance', '/attendance'],
        ['Horses', '/horses'],
        ['Instructors', '/instructors'],
        ['Classes', '/classes'],
        ['Progression', '/progression'],
        ['Payments', '/payments'],
        ['Reports', '/reports'],
        ['Competitions', '/competitions'],
        ['Members', '/members'],
      ],
    );
  });

  it('gives the client layout the table the guards use', () => {
    const view = registry.tenantView('school');
    const table = permissionTable('school');
    for (const role of school.roles)
      expect(new Set(view.grants[role])).toEqual(new Set(table.grants[role]));
    // Every navigation permission is one of the table's.
    const all = new Set(table.grants.owner);
    for (const item of view.navigation)
      if (item.permission) expect(all.has(item.permission as never), item.label).toBe(true);
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });

  it('builds the e-mail kinds from the manifests, and refuses a kind declared twice', () => {
    expect(registry.emailKinds).toEqual(Object.keys(registry.emailTemplates));
    expect(new Set(registry.emailKinds).size).toBe(registry.emailKinds.length);
    const template = registry.emailTemplates['contact-form'];
    const a = defineModule({ name: 'a', tenant: null, routers: {}, emails: { x: template } });
    const b = defineModule({ name: 'b', tenant: null, routers: {}, emails: { x: template } });
    expect(() => buildRegistry([a, b])).toThrow('E-mail kind x is declared twice');
  });

  it('refuses a router, a module or a resource registered twice', () => {
    const a = defineModule({ name: 'a', tenant: null, routers: { platform: healthRouter } });
    const b = defineModule({ name: 'b', tenant: null, routers: { platform: healthRouter } });
    expect(() => buildRegistry([a, a])).toThrow('Module a is registered twice');
    expect(() => buildRegistry([a, b])).toThrow('Two modules register the router platform');
    const c = defineModule({ name: 'c', tenant: school, routers: {}, resources: ['x'] });
    const d = defineModule({ name: 'd', tenant: school, routers: {}, resources: ['x'] });
    expect(() => buildRegistry([c, d])).toThrow('Resource school:x is declared twice');
    const e = defineModule({ name: 'e', tenant: null, routers: {}, resources: ['x'] });
    expect(() => buildRegistry([e])).toThrow('Module e has resources but no tenant kind');
    const f = defineModule({
      name: 'f',
      tenant: school,
      routers: {},
      resources: ['x'],
      grants: { viewer: ['y.view'] },
    });
    expect(() => buildRegistry([f])).toThrow('Unknown permission y.view');
  });
});
