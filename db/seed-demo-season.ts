import type { Database } from './client';
import {
  breedingEvents,
  DEFAULT_CHECK_DAYS,
  DEFAULT_GESTATION_DAYS,
  FOALING_WATCH_DAY,
  horseIdentities,
  pregnancies,
  pregnancyChecks,
  semenBatches,
  semenShipments,
  studHorses,
  studReservations,
  studServices,
  studTasks,
} from './schema';
import { and, eq, sql } from 'drizzle-orm';

type Service = typeof studServices.$inferSelect;

/** As the API titles the suggested checks (server/stud-breeding/pregnancy-flow.ts). */
const PURPOSES: Record<number, string> = {
  15: 'pregnancy and twins',
  28: 'heartbeat',
  45: 'confirmation',
  60: 'foetal sexing',
  [FOALING_WATCH_DAY]: 'foaling watch',
  [DEFAULT_GESTATION_DAYS]: 'due date',
};

/**
 * The demo stud's breeding season (DESIGN-MODULES B.3 to B.5), as the API would have left it:
 * Duquesa, a client's mare in foal to Valiente from last season and due in two weeks, booked
 * again for this season; Estrella inseminated with shipped frozen semen and under checks;
 * Brisa, the stud's own maiden, confirmed for a cover. The suggested checks are tasks, those
 * already checked done.
 */
export async function seedStudSeason(
  tx: Database,
  studId: string,
  of: {
    day: (offset: number) => string;
    year: number;
    valiente: string;
    brisa: string;
    estrella: string;
    owners: { estrella: string; duquesa: string };
    frozen: string;
    cover: string;
    batch: string;
  },
) {
  const { day } = of;
  const at = (offset: number) => new Date(`${day(offset)}T09:00:00Z`);
  const [duquesaIdentity] = await tx
    .insert(horseIdentities)
    .values({
      name: 'Duquesa',
      sex: 'female',
      birthYear: 2012,
      breed: 'Pura Raza Española',
      colour: 'black',
      createdByOrgId: studId,
    })
    .returning({ id: horseIdentities.id });
  const [duquesa] = await tx
    .insert(studHorses)
    .values({
      studId,
      horseIdentityId: duquesaIdentity!.id,
      ownership: 'client',
      ownerClientId: of.owners.duquesa,
      location: 'Foaling box 1',
      arrivalDate: day(-40),
    })
    .returning({ id: studHorses.id });

  // Last season's cover, offered no more.
  const [lastCover] = await tx
    .insert(studServices)
    .values({
      studId,
      stallionId: of.valiente,
      season: String(of.year - 1),
      method: 'natural_cover',
      studFee: '1400.00',
      bookingFee: '400.00',
      guarantee: 'live_foal',
      balanceDueOn: 'live_foal',
      requiresSignedContract: false,
      active: false,
    })
    .returning();
  const services = await tx.select().from(studServices).where(eq(studServices.studId, studId));
  const terms = (service: Service) => ({
    serviceId: service.id,
    stallionId: service.stallionId,
    season: service.season,
    method: service.method,
    delivery: service.delivery,
    studFee: service.studFee,
    bookingFee: service.bookingFee,
    dosesIncluded: service.dosesIncluded,
    extraDosePrice: service.extraDosePrice,
    shippingFee: service.shippingFee,
    guarantee: service.guarantee,
    balanceDueOn: service.balanceDueOn,
    balanceDueDate: service.balanceDueDate,
    confirmationDay: service.confirmationDay,
    substituteMareAllowed: service.substituteMareAllowed,
    requiresSignedContract: service.requiresSignedContract,
  });
  const service = (id: string) => services.find((s) => s.id === id)!;

  const [duquesaLast, , estrellaBooking] = await tx
    .insert(studReservations)
    .values([
      {
        studId,
        ...terms(lastCover!),
        mareId: duquesa!.id,
        clientId: of.owners.duquesa,
        status: 'pregnant' as const,
        confirmedAt: at(-340),
        startedAt: at(-325),
        createdAt: at(-350),
      },
      {
        studId,
        ...terms(service(of.cover)),
        mareId: duquesa!.id,
        clientId: of.owners.duquesa,
        source: 'owner_request' as const,
        notes: 'To be covered on her foal heat.',
        createdAt: at(-3),
      },
      {
        studId,
        ...terms(service(of.frozen)),
        // The stud's copy of the contract comes with the contracts (issue 22).
        requiresSignedContract: false,
        mareId: of.estrella,
        clientId: of.owners.estrella,
        status: 'in_progress' as const,
        confirmedAt: at(-30),
        startedAt: at(-20),
        createdAt: at(-32),
      },
      {
        studId,
        ...terms(service(of.cover)),
        mareId: of.brisa,
        status: 'confirmed' as const,
        confirmedAt: at(-6),
        createdAt: at(-6),
        notes: 'Maiden: tease from her next heat.',
      },
    ])
    .returning({ id: studReservations.id });

  // Estrella's frozen semen left the batch when the shipment was prepared.
  const [shipment] = await tx
    .insert(semenShipments)
    .values({
      studId,
      reservationId: estrellaBooking!.id,
      type: 'frozen',
      doses: 2,
      batchId: of.batch,
      requestedFor: day(-18),
      shippedOn: day(-19),
      deliveredOn: day(-18),
      carrier: 'Seur',
      trackingNumber: 'SE123456789ES',
      destination: { name: 'María García', city: 'Jerez de la Frontera', country: 'ES' },
      containerRef: 'Dry shipper 2',
      containerReturnDue: day(10),
      status: 'delivered',
      createdAt: at(-20),
    })
    .returning({ id: semenShipments.id });
  await tx
    .update(semenBatches)
    .set({ dosesAvailable: sql`${semenBatches.dosesAvailable} - 2` })
    .where(and(eq(semenBatches.studId, studId), eq(semenBatches.id, of.batch)));

  const [duquesaCover, estrellaInsemination] = await tx
    .insert(breedingEvents)
    .values([
      {
        studId,
        reservationId: duquesaLast!.id,
        mareId: duquesa!.id,
        stallionId: of.valiente,
        date: day(-325),
        kind: 'natural_cover' as const,
        performedBy: 'Dr. Vega',
      },
      {
        studId,
        reservationId: estrellaBooking!.id,
        mareId: of.estrella,
        stallionId: of.valiente,
        date: day(-16),
        kind: 'insemination' as const,
        semen: 'frozen' as const,
        shipmentId: shipment!.id,
        dosesUsed: 2,
        ovulationOn: day(-16),
        performedBy: 'Her vet',
      },
    ])
    .returning({ id: breedingEvents.id });

  const opened = (mare: string, reservation: string, event: string, base: number) => ({
    studId,
    mareId: mare,
    stallionId: of.valiente,
    reservationId: reservation,
    breedingEventId: event,
    baseDate: day(base),
    gestationDays: DEFAULT_GESTATION_DAYS,
    dueDate: day(base + DEFAULT_GESTATION_DAYS),
  });
  const [duquesaPregnancy, estrellaPregnancy] = await tx
    .insert(pregnancies)
    .values([
      {
        ...opened(duquesa!.id, duquesaLast!.id, duquesaCover!.id, -325),
        status: 'confirmed' as const,
        fetalSex: 'female' as const,
      },
      opened(of.estrella, estrellaBooking!.id, estrellaInsemination!.id, -16),
    ])
    .returning({ id: pregnancies.id });
  await tx.insert(pregnancyChecks).values([
    ...DEFAULT_CHECK_DAYS.map((checkDay) => ({
      studId,
      pregnancyId: duquesaPregnancy!.id,
      date: day(-325 + checkDay),
      method: 'ultrasound' as const,
      result: 'positive' as const,
      heartbeat: checkDay >= 28 ? true : null,
      fetalSex: checkDay === 60 ? ('female' as const) : null,
      vetName: 'Dr. Vega',
    })),
    {
      studId,
      pregnancyId: estrellaPregnancy!.id,
      date: day(-2),
      method: 'ultrasound' as const,
      result: 'positive' as const,
      reportedBy: 'owner_vet' as const,
      vetName: 'Her vet',
      notes: 'One embryo, 14 mm.',
    },
  ]);

  // The suggested checks and foaling watch of both pregnancies; done where a check was made.
  const tasks = (
    mare: string,
    name: string,
    pregnancy: string,
    reservation: string,
    base: number,
  ) =>
    [...DEFAULT_CHECK_DAYS, FOALING_WATCH_DAY, DEFAULT_GESTATION_DAYS].map((pregnancyDay) => {
      const due = base + pregnancyDay;
      const checked = pregnancyDay < FOALING_WATCH_DAY && due <= 0;
      return {
        studId,
        title:
          pregnancyDay < FOALING_WATCH_DAY
            ? `Day ${pregnancyDay} check: ${name} (${PURPOSES[pregnancyDay]})`
            : `Day ${pregnancyDay}, ${PURPOSES[pregnancyDay]}: ${name}`,
        dueOn: day(due),
        source:
          pregnancyDay < FOALING_WATCH_DAY ? ('pregnancy_check' as const) : ('foaling' as const),
        horseId: mare,
        pregnancyId: pregnancy,
        reservationId: reservation,
        pregnancyDay,
        status: checked ? ('done' as const) : ('open' as const),
        completedAt: checked ? at(due) : null,
      };
    });
  await tx
    .insert(studTasks)
    .values([
      ...tasks(duquesa!.id, 'Duquesa', duquesaPregnancy!.id, duquesaLast!.id, -325),
      ...tasks(of.estrella, 'Estrella', estrellaPregnancy!.id, estrellaBooking!.id, -16),
    ]);
}
