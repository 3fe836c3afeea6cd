/**
 * A moment after the jobs queued so far, for running them in a test: the database stamps
 * `run_at` in microseconds and a Date holds milliseconds, so a run within the same
 * millisecond as the queueing would find a job not yet due.
 */
export const afterQueueing = () => new Date(Date.now() + 1000);
