import { studExpenseMedia, studExpenses } from '@/db/schema';
import type { MediaSubject } from '../media/media-subjects';

/**
 * Receipts of an expense (a scanned ticket, a PDF invoice): `subject_type: expense`; finance's,
 * so staff (media but no finance) neither see nor attach them.
 */
export const expenseFiles: MediaSubject = {
  type: 'expense',
  label: 'expense',
  link: {
    table: studExpenseMedia,
    ownerId: studExpenseMedia.studId,
    subjectId: studExpenseMedia.expenseId,
    mediaId: studExpenseMedia.mediaId,
  },
  target: { table: studExpenses, ownerId: studExpenses.studId, id: studExpenses.id },
  resource: 'finance',
};
