import { and, eq } from 'drizzle-orm';
import type { Database } from './client';
import {
  horseIdentities,
  medicalRecords,
  semenBatches,
  stallionProfiles,
  studClients,
  studClientTags,
  studHorses,
  studServices,
  studSettings,
  studTags,
  studTasks,
} from './schema';
import { seedStudSeason } from './seed-demo-season';

/**
 * The demo stud's herd and CRM (DESIGN-MODULES B.1, B.8): two stallions (one of them the sire
 * in the school pony's pedigree, the same identity), mares of the stud and of a client, this
 * year's foal, a teaser gelding; Valiente's services of the season and a batch of his frozen
 * semen (B.2); clients, a prospect interested in him, tags, medical records whose due dates
 * opened tasks, and tasks by hand; then the season (seed-demo-season.ts). Members are invitations until they first sign in, so the
 * tasks start unassigned.
 */
export async function seedStudHerd(
  tx: Database,
  studId: string,
  options: { day: (offset: number) => string; year: number; sharedStallionId: string },
) {
  const { day } = options;
  const identity = async (values: typeof horseIdentities.$inferInsert) => {
    const [row] = await tx
      .insert(horseIdentities)
      .values({ createdByOrgId: studId, ...values })
      .returning({ id: horseIdentities.id });
    return row!.id;
  };
  const valiente = await identity({
    name: 'Valiente',
    registeredName: 'Valiente de la Sierra',
    sex: 'male',
    birthYear: 2011,
    breed: 'Pura Raza Española',
    colour: 'grey',
    ueln: '724015110000123',
  });
  const luna = await identity({
    name: 'Luna',
    sex: 'female',
    birthYear: 2013,
    breed: 'Pura Raza Española',
    colour: 'bay',
  });
  const estrella = await identity({
    name: 'Estrella',
    sex: 'female',
    birthYear: 2015,
    breed: 'Lusitano',
  });
  const brisa = await identity({
    name: 'Brisa',
    sex: 'female',
    birthYear: 2020,
    breed: 'Pura Raza Española',
  });
  const tornado = await identity({ name: 'Tornado', sex: 'male', gelded: true, birthYear: 2012 });
  const foal = await identity({
    name: 'Luna Nueva',
    sex: 'female',
    birthYear: options.year,
    breed: 'Pura Raza Española',
    sireId: valiente,
    damId: luna,
  });

  const [vip, breeder] = await tx
    .insert(studTags)
    .values([
      { studId, name: 'VIP', colour: '#b45309' },
      { studId, name: 'Breeder', colour: '#2563eb' },
    ])
    .returning({ id: studTags.id });
  const [maria, olivos, pedro] = await tx
    .insert(studClients)
    .values([
      {
        studId,
        firstName: 'María',
        lastName: 'García',
        email: 'maria.garcia@example.com',
        phone: '+34 600 111 222',
        source: 'referral' as const,
      },
      {
        studId,
        kind: 'company' as const,
        companyName: 'Hacienda Los Olivos',
        email: 'info@losolivos.example',
        source: 'event' as const,
      },
      {
        studId,
        stage: 'prospect' as const,
        pipelineStatus: 'contacted' as const,
        firstName: 'Pedro',
        lastName: 'Ruiz',
        email: 'pedro.ruiz@example.com',
        source: 'web' as const,
        expectedValue: '1500.00',
        notes: 'Asked about Valiente for his mare.',
      },
    ])
    .returning({ id: studClients.id });
  await tx.insert(studClientTags).values([
    { studId, clientId: maria!.id, tagId: vip!.id },
    { studId, clientId: olivos!.id, tagId: breeder!.id },
  ]);

  const horse = async (values: Omit<typeof studHorses.$inferInsert, 'studId'>) => {
    const [row] = await tx
      .insert(studHorses)
      .values({ studId, ...values })
      .returning({ id: studHorses.id });
    return row!.id;
  };
  const valienteHorse = await horse({ horseIdentityId: valiente, location: 'Stallion barn' });
  const stormHorse = await horse({
    horseIdentityId: options.sharedStallionId,
    ownership: 'leased',
    ownerClientId: olivos!.id,
    location: 'Stallion barn',
  });
  const lunaHorse = await horse({ horseIdentityId: luna, location: 'Mare paddock' });
  const estrellaHorse = await horse({
    horseIdentityId: estrella,
    ownership: 'client',
    ownerClientId: maria!.id,
    onPremises: false,
  });
  const brisaHorse = await horse({ horseIdentityId: brisa, location: 'Mare paddock' });
  await horse({ horseIdentityId: tornado, location: 'Barn 2', notes: 'Teaser.' });
  await horse({ horseIdentityId: foal, location: 'Mare paddock' });
  const service = async (values: Omit<typeof studServices.$inferInsert, 'studId'>) => {
    const [row] = await tx
      .insert(studServices)
      .values({ studId, ...values })
      .returning({ id: studServices.id });
    return row!.id;
  };
  const valienteFrozen = await service({
    stallionId: valienteHorse,
    season: String(options.year),
    method: 'frozen_semen',
    delivery: 'shipped',
    studFee: '1200.00',
    bookingFee: '300.00',
    dosesIncluded: 2,
    extraDosePrice: '250.00',
    shippingFee: '150.00',
    guarantee: 'positive_pregnancy',
    balanceDueOn: 'pregnancy_confirmed',
    public: true,
  });
  const valienteCover = await service({
    stallionId: valienteHorse,
    season: String(options.year),
    method: 'natural_cover',
    delivery: 'on_site',
    studFee: '1500.00',
    bookingFee: '500.00',
    guarantee: 'live_foal',
    balanceDueOn: 'live_foal',
    substituteMareAllowed: true,
    public: true,
    notes: 'Mares stay at the stud from the first heat of the season.',
  });
  const [batch] = await tx
    .insert(semenBatches)
    .values({
      studId,
      stallionId: valienteHorse,
      collectedOn: day(-60),
      strawsPerDose: 8,
      dosesTotal: 20,
      dosesAvailable: 20,
      storage: 'Tank 1, canister 3',
      postThawMotility: '38.50',
    })
    .returning({ id: semenBatches.id });
  await tx
    .update(studClients)
    .set({ interestStallionId: valienteHorse, interestServiceId: valienteCover })
    .where(and(eq(studClients.studId, studId), eq(studClients.id, pedro!.id)));

  await tx.insert(stallionProfiles).values([
    {
      studId,
      horseId: valienteHorse,
      bookLimit: 40,
      heightCm: 165,
      approvals: ['ANCCE'],
      publicDescription: 'A grey PRE stallion of great temperament, approved for breeding.',
    },
    {
      studId,
      horseId: stormHorse,
      standing: false,
      heightCm: 128,
      approvals: ['Welsh Pony and Cob Society'],
    },
  ]);
  await tx.insert(studSettings).values({ studId });

  const [vaccination, farrier] = await tx
    .insert(medicalRecords)
    .values([
      {
        studId,
        horseId: lunaHorse,
        date: day(-170),
        type: 'vaccination' as const,
        title: 'Influenza and tetanus',
        vetName: 'Dr. Vega',
        product: 'Equilis Prequenza Te',
        dose: '1 ml',
        nextDueOn: day(10),
        cost: '48.00',
      },
      {
        studId,
        horseId: valienteHorse,
        date: day(-45),
        type: 'farrier' as const,
        title: 'Front shoes',
        nextDueOn: day(-3),
        cost: '70.00',
      },
      {
        studId,
        horseId: lunaHorse,
        date: day(-30),
        type: 'reproductive_exam' as const,
        title: 'Post-foaling check',
        vetName: 'Dr. Vega',
        description: 'Uterus clean; ready for the season.',
      },
    ])
    .returning({ id: medicalRecords.id });
  await tx.insert(studTasks).values([
    {
      studId,
      title: 'Due: Influenza and tetanus',
      dueOn: day(10),
      source: 'medical' as const,
      horseId: lunaHorse,
      medicalRecordId: vaccination!.id,
    },
    {
      studId,
      title: 'Due: Front shoes',
      dueOn: day(-3),
      source: 'medical' as const,
      horseId: valienteHorse,
      medicalRecordId: farrier!.id,
      priority: 'high' as const,
    },
    {
      studId,
      title: 'Call Pedro about a booking for Valiente',
      dueOn: day(0),
      clientId: pedro!.id,
    },
    {
      studId,
      title: 'Order bedding for the foaling boxes',
      dueOn: day(5),
      priority: 'low' as const,
    },
  ]);
  await seedStudSeason(tx, studId, {
    day,
    year: options.year,
    valiente: valienteHorse,
    brisa: brisaHorse,
    estrella: estrellaHorse,
    owners: { estrella: maria!.id, duquesa: olivos!.id },
    frozen: valienteFrozen,
    cover: valienteCover,
    batch: batch!.id,
  });
}
