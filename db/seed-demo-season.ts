import { createHash } from 'node:crypto';
import MarkdownIt from 'markdown-it';
import type { Database } from './client';
import { seedStudFinance } from './seed-demo-finance';
import {
  breedingEvents,
  contractEvents,
  contracts,
  contractSigners,
  contractTemplates,
  DEFAULT_CHECK_DAYS,
  DEFAULT_GESTATION_DAYS,
  FOALING_WATCH_DAY,
  DEFAULT_SIGNING_DAYS,
  horseIdentities,
  organizations,
  pregnancies,
  pregnancyChecks,
  semenBatches,
  semenShipments,
  studClients,
  studHorses,
  studReservations,
  studServices,
  studTasks,
} from './schema';
import { organizationCounters } from './schema/jobs';
import { and, eq, inArray, sql } from 'drizzle-orm';

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

/** The demo's breeding contract: every placeholder of B.7, as a stud would word it. */
export const DEMO_CONTRACT_BODY = `# Breeding contract, season {{season}}

**Between** {{stud}} ("the Stud") **and** {{client}} ("the Mare Owner"), who agree as follows.

## 1. The mare and the stallion

The Mare Owner books the mare **{{mare}}** to the stallion **{{stallion}}** for the {{season}} breeding season, on the terms below.

## 2. Terms

{{terms}}

## 3. Fees

{{fees}}

Fees are in the currency shown and exclude VAT. The booking fee is non-refundable once the reservation is confirmed, except where the Stud cannot provide the service.

## 4. The mare's health and care

The Mare Owner warrants that the mare is sound for breeding, up to date with her vaccinations and deworming, and free of contagious disease, and will provide a negative swab for CEM (contagious equine metritis) before the first breeding. The Stud's veterinarian may examine the mare and decline to breed her if breeding would put her or the stallion at risk.

## 5. Liability

The Stud takes reasonable care of the mare while she is at the stud, at the Mare Owner's risk. Neither party is liable for the death or injury of a horse that was not caused by its negligence.

## 6. Certificates and registration

Once the balance is paid, the Stud issues the covering or insemination certificate the breed society requires to register the foal.

## 7. The whole agreement

This contract is the whole agreement between the parties. Any change is made in writing by a new contract signed by both.

Made on {{today}}.

**For the Stud:** {{stud}}

**The Mare Owner:** {{client}}
`;

/**
 * The demo stud's breeding season (DESIGN-MODULES B.3 to B.5, B.7), as the API would have left
 * it: Duquesa, a client's mare in foal to Valiente from last season and due in two weeks,
 * booked again for this season; Estrella inseminated with shipped frozen semen and under
 * checks, her contract sent and awaiting María's signature; Brisa, the stud's own maiden,
 * confirmed for a cover, her contract a draft. Valiente's services of the season draft their
 * contracts from the stud's breeding template. The suggested checks are tasks, those already
 * checked done.
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
  // The stud's breeding contract, from which this season's services draft their contracts.
  const [template] = await tx
    .insert(contractTemplates)
    .values({ studId, name: 'Breeding contract', kind: 'breeding', body: DEMO_CONTRACT_BODY })
    .returning({ id: contractTemplates.id });
  await tx
    .update(studServices)
    .set({ contractTemplateId: template!.id })
    .where(and(eq(studServices.studId, studId), inArray(studServices.id, [of.frozen, of.cover])));
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

  const [duquesaLast, , estrellaBooking, brisaBooking] = await tx
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
        // Her semen left before María signed: the stud waived the signature for her booking.
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
        // The stud's own mare: nobody else signs, so her cover needs no signed contract.
        requiresSignedContract: false,
        mareId: of.brisa,
        status: 'confirmed' as const,
        confirmedAt: at(-6),
        createdAt: at(-6),
        notes: 'Maiden: tease from her next heat.',
      },
    ])
    .returning({ id: studReservations.id });

  await seedStudContracts(tx, studId, {
    year: of.year,
    day,
    estrella: { reservation: estrellaBooking!.id, client: of.owners.estrella },
    brisa: { reservation: brisaBooking!.id },
    frozen: service(of.frozen),
    template: template!.id,
  });

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

  await seedStudFinance(tx, studId, {
    day,
    year: of.year,
    valiente: of.valiente,
    duquesa: { reservation: duquesaLast!.id, client: of.owners.duquesa },
    estrella: {
      reservation: estrellaBooking!.id,
      client: of.owners.estrella,
      shipment: shipment!.id,
    },
  });
}

/** María's link to sign Estrella's contract: http://localhost:3000/sign/demo-estrella-contract. */
export const DEMO_SIGNING_TOKEN = 'demo-estrella-contract';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** As server/stud-contracts/placeholders.ts escapes a value: punctuation cannot format. */
const markdownText = (value: string) => value.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');
/** As server/stud-contracts/document.ts renders a sent document (the HTML is what is hashed). */
const markdown = new MarkdownIt('default', { html: false, linkify: false, typographer: false });

const GUARANTEE: Record<string, string> = {
  none: 'none',
  positive_pregnancy: 'a positive pregnancy',
  live_foal: 'a live foal (stands and nurses)',
};
const BALANCE: Record<string, string> = {
  confirmation: 'on confirmation of the reservation',
  pregnancy_confirmed: 'when the pregnancy is confirmed',
  live_foal: 'on the birth of a live foal',
};

type Event = {
  type: 'created' | 'sent';
  details: Record<string, string>;
  occurredAt: Date;
};

/**
 * The contracts of the demo season (B.7), as confirming and sending would have left them
 * (server/stud-contracts/contract-flow.ts; db/ imports nothing of server/, so the rows are
 * written here and demo.test.ts checks them against the server's rules: the document's hash,
 * the event chain, the signing link). Estrella's contract, drafted from the breeding template
 * on her confirmation, was sent: its document is frozen and María's link is
 * `DEMO_SIGNING_TOKEN` (no e-mail is queued). Brisa's is a draft without signer that the
 * stud started by hand: the stud's own mare gets no draft on confirmation and needs no
 * signature to be bred. The contracts series of the year counts both.
 */
async function seedStudContracts(
  tx: Database,
  studId: string,
  of: {
    year: number;
    day: (offset: number) => string;
    estrella: { reservation: string; client: string };
    brisa: { reservation: string };
    frozen: Service;
    template: string;
  },
) {
  const [stud] = await tx
    .select({ name: organizations.name, currency: organizations.currency })
    .from(organizations)
    .where(eq(organizations.id, studId));
  const [maria] = await tx
    .select()
    .from(studClients)
    .where(and(eq(studClients.studId, studId), eq(studClients.id, of.estrella.client)));
  const clientName = `${maria!.firstName} ${maria!.lastName}`;
  const season = String(of.year);
  const actor = stud!.name;
  await tx
    .insert(organizationCounters)
    .values({ organizationId: studId, name: 'contracts', year: of.year, value: 2 });
  const number = (n: number) => `C-${of.year}-${String(n).padStart(4, '0')}`;

  const terms = of.frozen;
  const money = (amount: string) => `${stud!.currency} ${amount}`;
  const values: Record<string, string> = {
    stud: markdownText(stud!.name),
    client: markdownText(clientName),
    mare: 'Estrella',
    stallion: markdownText('Valiente (Valiente de la Sierra)'),
    season,
    today: of.day(0),
    terms: [
      '- Breeding by frozen semen, shipped to the mare',
      `- Doses included: ${terms.dosesIncluded}`,
      `- Guarantee: ${GUARANTEE[terms.guarantee]}`,
      `- Balance of the stud fee due ${BALANCE[terms.balanceDueOn]}${terms.balanceDueOn === 'pregnancy_confirmed' ? ` (day ${terms.confirmationDay})` : ''}`,
      `- Pregnancy confirmed by a check on day ${terms.confirmationDay} after the breeding`,
      `- Substitution of the mare: ${terms.substituteMareAllowed ? 'allowed' : 'not allowed'}`,
    ].join('\n'),
    fees: [
      `- Stud fee: ${money(terms.studFee)}`,
      `- Booking fee (part of the stud fee, due on confirmation): ${money(terms.bookingFee)}`,
      ...(terms.extraDosePrice ? [`- Each extra dose: ${money(terms.extraDosePrice)}`] : []),
      ...(terms.shippingFee ? [`- Shipping: ${money(terms.shippingFee)}`] : []),
    ].join('\n'),
  };
  const documentMarkdown = DEMO_CONTRACT_BODY.replace(
    /\{\{\s*([a-z]+)\s*\}\}/g,
    (_, name: string) => values[name]!,
  );
  const documentHtml = markdown.render(documentMarkdown);
  const documentSha256 = sha256(documentHtml);
  const sentAt = new Date();
  const expiresAt = new Date(sentAt.getTime() + DEFAULT_SIGNING_DAYS * 24 * 3600 * 1000);

  const [estrella, brisa] = await tx
    .insert(contracts)
    .values([
      {
        studId,
        number: number(1),
        kind: 'breeding' as const,
        title: `Breeding contract: Valiente × Estrella (${season})`,
        clientId: of.estrella.client,
        reservationId: of.estrella.reservation,
        templateId: of.template,
        body: DEMO_CONTRACT_BODY,
        status: 'sent' as const,
        expiresAt,
        documentMarkdown,
        documentHtml,
        documentSha256,
        sentAt,
      },
      {
        studId,
        number: number(2),
        kind: 'breeding' as const,
        title: `Breeding contract: Valiente × Brisa (${season})`,
        reservationId: of.brisa.reservation,
        templateId: of.template,
        body: DEMO_CONTRACT_BODY,
      },
    ])
    .returning({ id: contracts.id });
  await tx.insert(contractSigners).values({
    studId,
    contractId: estrella!.id,
    name: clientName,
    email: maria!.email!,
    role: 'client',
    position: 1,
    tokenHash: sha256(DEMO_SIGNING_TOKEN),
  });
  for (const [reservation, contract] of [
    [of.estrella.reservation, estrella!.id],
    [of.brisa.reservation, brisa!.id],
  ] as const)
    await tx
      .update(studReservations)
      .set({ contractId: contract })
      .where(and(eq(studReservations.studId, studId), eq(studReservations.id, reservation)));

  // Each event hashed with the one before, as server/stud-contracts/event-chain.ts does.
  const chain = async (contractId: string, events: Event[]) => {
    let prevHash: string | null = null;
    for (const [index, event] of events.entries()) {
      const details = Object.fromEntries(
        Object.entries(event.details).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
      const hash = sha256(
        JSON.stringify([
          prevHash ?? '',
          contractId,
          index + 1,
          event.type,
          null,
          actor,
          null,
          null,
          null,
          details,
          event.occurredAt.toISOString(),
        ]),
      );
      await tx.insert(contractEvents).values({
        studId,
        contractId,
        seq: index + 1,
        type: event.type,
        actor,
        details: event.details,
        occurredAt: event.occurredAt,
        prevHash,
        hash,
      });
      prevHash = hash;
    }
  };
  const created = new Date(sentAt.getTime() - 60_000);
  await chain(estrella!.id, [
    { type: 'created', details: { number: number(1) }, occurredAt: created },
    {
      type: 'sent',
      details: { document_sha256: documentSha256, expires_at: expiresAt.toISOString() },
      occurredAt: sentAt,
    },
  ]);
  await chain(brisa!.id, [
    { type: 'created', details: { number: number(2) }, occurredAt: created },
  ]);
}
