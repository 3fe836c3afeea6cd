import type { Database } from './client';
import { studExpenses, studIncome, studPayments, studReceivables } from './schema';
import { organizationCounters } from './schema/jobs';

/*
 * The demo stud's money (DESIGN-MODULES B.9), as the contract terms and the office would have
 * left it: last season's booking fee for Duquesa paid; Estrella's booking fee (300.00) still
 * owed and overdue, and the shipping of her semen (150.00) owed; a boarding bill part paid;
 * six months of income and expenses for the dashboard's chart. Payments carry their income
 * entry, as server/stud-finance/payment-flow.ts writes it.
 */
export async function seedStudFinance(
  tx: Database,
  studId: string,
  of: {
    day: (offset: number) => string;
    year: number;
    valiente: string;
    duquesa: { reservation: string; client: string };
    estrella: { reservation: string; client: string; shipment: string };
  },
) {
  const { day } = of;
  const [duquesaFee, , , boarding] = await tx
    .insert(studReceivables)
    .values([
      {
        studId,
        clientId: of.duquesa.client,
        reservationId: of.duquesa.reservation,
        kind: 'booking_fee' as const,
        description: `Booking fee — Valiente × Duquesa (${of.year - 1})`,
        amount: '400.00',
        paidAmount: '400.00',
        status: 'paid' as const,
        dueDate: day(-340),
        source: 'auto' as const,
      },
      {
        studId,
        clientId: of.estrella.client,
        reservationId: of.estrella.reservation,
        kind: 'booking_fee' as const,
        description: `Booking fee — Valiente × Estrella (${of.year})`,
        amount: '300.00',
        dueDate: day(-30),
        source: 'auto' as const,
      },
      {
        studId,
        clientId: of.estrella.client,
        reservationId: of.estrella.reservation,
        shipmentId: of.estrella.shipment,
        kind: 'shipping' as const,
        description: `Shipping — Valiente × Estrella (${of.year})`,
        amount: '150.00',
        dueDate: day(-19),
        source: 'auto' as const,
      },
      {
        studId,
        clientId: of.duquesa.client,
        kind: 'boarding' as const,
        description: 'Boarding of Duquesa, foaling box (40 days)',
        amount: '350.00',
        paidAmount: '150.00',
        status: 'partially_paid' as const,
        dueDate: day(-10),
        source: 'manual' as const,
      },
    ])
    .returning({ id: studReceivables.id });
  // Receipts numbered per year from the counter, as the app numbers them.
  const paidOn = [day(-338), day(-5)];
  const years = paidOn.map((date) => Number(date.slice(0, 4)));
  const receipt = (i: number) =>
    `R-${years[i]}-${String(years.slice(0, i + 1).filter((y) => y === years[i]).length).padStart(6, '0')}`;
  const [feePayment, boardingPayment] = await tx
    .insert(studPayments)
    .values([
      {
        studId,
        receivableId: duquesaFee!.id,
        amount: '400.00',
        paidDate: paidOn[0]!,
        paymentMethod: 'transfer' as const,
        receiptNumber: receipt(0),
      },
      {
        studId,
        receivableId: boarding!.id,
        amount: '150.00',
        paidDate: paidOn[1]!,
        paymentMethod: 'cash' as const,
        receiptNumber: receipt(1),
      },
    ])
    .returning({ id: studPayments.id });
  await tx.insert(organizationCounters).values(
    [...new Set(years)].map((year) => ({
      organizationId: studId,
      name: 'stud-receipts',
      year,
      value: years.filter((y) => y === year).length,
    })),
  );
  const monthly = [-150, -120, -90, -60, -30, -3];
  await tx.insert(studIncome).values([
    {
      studId,
      date: paidOn[0]!,
      category: 'stud_fees' as const,
      amount: '400.00',
      description: `Booking fee — Valiente × Duquesa (${of.year - 1})`,
      clientId: of.duquesa.client,
      horseId: of.valiente,
      paymentId: feePayment!.id,
    },
    {
      studId,
      date: paidOn[1]!,
      category: 'boarding' as const,
      amount: '150.00',
      description: 'Boarding of Duquesa, foaling box (40 days)',
      clientId: of.duquesa.client,
      paymentId: boardingPayment!.id,
    },
    ...monthly.map((offset, i) => ({
      studId,
      date: day(offset),
      category: (i % 2 ? 'semen' : 'boarding') as 'semen' | 'boarding',
      amount: (900 + i * 120).toFixed(2),
      description: i % 2 ? 'Frozen doses sold abroad' : 'Livery, two client mares',
    })),
    {
      studId,
      date: day(-75),
      category: 'prize_money' as const,
      amount: '1200.00',
      description: 'Valiente, champion at the regional show',
      horseId: of.valiente,
    },
  ]);
  await tx.insert(studExpenses).values(
    monthly.flatMap((offset, i) => [
      {
        studId,
        date: day(offset + 1),
        category: 'feed' as const,
        amount: (640 + i * 15).toFixed(2),
        supplier: 'Piensos del Sur',
        description: 'Hay and concentrate',
        paymentMethod: 'transfer' as const,
      },
      {
        studId,
        date: day(offset + 2),
        category: (i % 2 ? 'farrier' : 'veterinary') as 'farrier' | 'veterinary',
        amount: (180 + i * 25).toFixed(2),
        supplier: i % 2 ? 'Herrador Ruiz' : 'Clínica Veterinaria Vega',
        paymentMethod: 'card' as const,
      },
    ]),
  );
}
