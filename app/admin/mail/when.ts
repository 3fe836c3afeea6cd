/** A moment in the reader's own time and wording; a dash when there is none. */
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
