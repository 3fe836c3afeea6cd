import { formatDateTime } from '../../components/ui';

/** A moment in the reader's own time, as the app writes it; a dash when there is none. */
export const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
