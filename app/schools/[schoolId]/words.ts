import type { FEE_CONCEPTS } from '@/db/schema/competition-values';
import { humanize } from '../../components/ui';

/* The few stored values of the school's pages that `humanize` alone would say wrong. */

/** A horse's level: `all` is a horse for riders of every level. */
export const horseLevelLabel = (level: string) =>
  level === 'all' ? 'All levels' : humanize(level);

const FEE_CONCEPT_LABELS: Record<(typeof FEE_CONCEPTS)[number], string> = {
  inscription: 'Entry fee',
  school_fee: 'School fee',
  stable: 'Stabling',
  rental: 'Rental',
  equipment: 'Equipment',
  transport: 'Transport',
  other: 'Other',
};

/** What a competition fee is for, in words (the stored `inscription` is an entry fee). */
export const feeConceptLabel = (concept: string) =>
  FEE_CONCEPT_LABELS[concept as keyof typeof FEE_CONCEPT_LABELS] ?? humanize(concept);
