import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import {
  errorMessage,
  fieldMessages,
  fileRefusal,
  labelMessage,
  labelOfPath,
  moveMessage,
  requestErrorMessage,
  rowOf,
  type FileKind,
} from './errors';

/*
 * The words of the server's field messages as the web app shows them: by the field's label,
 * never by its API path. The messages below are the server's own (`fieldErrorsFromZod` and the
 * rules' `invalidField`), copied as they are sent.
 */

describe('labelMessage', () => {
  it('names a field by its label', () => {
    expect(labelMessage('The first name field is required.', 'first_name', 'First name')).toBe(
      'First name is required.',
    );
    expect(labelMessage('The email field must be a valid email address.', 'email', 'Email')).toBe(
      'Email must be a valid email address.',
    );
    expect(labelMessage('The selected student id is invalid.', 'student_id', 'Student')).toBe(
      'The selected student is invalid.',
    );
  });

  it('asks for a missing choice', () => {
    expect(
      labelMessage('The schedule id field is required.', 'schedule_id', 'Lesson', {
        choice: true,
      }),
    ).toBe('Choose a lesson.');
  });

  it('says a box to tick is to be ticked, with what the rule adds', () => {
    expect(labelMessage('The consent field must be accepted.', 'consent', 'Consent')).toBe(
      'Tick the box to agree.',
    );
    expect(
      labelMessage(
        'The consent field must be accepted to sign electronically.',
        'consent',
        'Consent',
      ),
    ).toBe('Tick the box to agree to sign electronically.');
  });

  it('finds a field of a list named by its raw path', () => {
    expect(
      labelMessage(
        'The selected attendance.2.horse_id is invalid.',
        'attendance.2.horse_id',
        'Horse',
      ),
    ).toBe('The selected horse is invalid.');
    expect(
      labelMessage(
        'The attendance.0.enrollment_id field has a duplicate value.',
        'attendance.0.enrollment_id',
        'Enrolment',
      ),
    ).toBe('Enrolment has a duplicate value.');
    expect(
      labelMessage(
        'The attendance.1.performance rating field must not be greater than 5.',
        'attendance.1.performance_rating',
        'Rating',
      ),
    ).toBe('Rating must not be greater than 5.');
  });

  it('leaves a person’s sentence and other fields alone', () => {
    expect(labelMessage('Choose a lesson.', 'schedule_id', 'Lesson')).toBe('Choose a lesson.');
    expect(
      labelMessage(
        'The end date field must be a date after or equal to start date.',
        'start_date',
        'Start date',
      ),
    ).toBe('The end date field must be a date after or equal to start date.');
  });
});

describe('labelMessage, date rules', () => {
  it('says a day to come is refused as the future', () => {
    expect(
      labelMessage('The date field must be a date before or equal to today.', 'date', 'Date'),
    ).toBe('Date cannot be in the future.');
    expect(
      labelMessage(
        'The paid date field must be a date before or equal to today.',
        'paid_date',
        'Paid on',
      ),
    ).toBe('Paid on cannot be in the future.');
    expect(
      labelMessage(
        'The issued on field must be a date before or equal to today.',
        'issued_on',
        'Issue date',
      ),
    ).toBe('Issue date cannot be in the future.');
    expect(
      labelMessage('The paid date must not be after today.', 'paid_date', 'Payment date'),
    ).toBe('The payment date cannot be in the future.');
  });

  it('compares with another field by its name', () => {
    expect(
      labelMessage(
        'The end date field must be a date after or equal to start date.',
        'end_date',
        'End date',
      ),
    ).toBe('End date must be on or after the start date.');
    expect(
      labelMessage(
        'The valid until field must be a date after or equal to issued on.',
        'valid_until',
        'Expiry date',
      ),
    ).toBe('Expiry date must be on or after the issued on date.');
    expect(
      labelMessage('The end time field must be a time after start time.', 'end_time', 'End time'),
    ).toBe('End time must be after the start time.');
  });

  it('words the other rules by their relation', () => {
    const said = (rule: string) =>
      labelMessage(`The due on field must be a date ${rule}.`, 'due_on', 'Due date');
    expect(said('after today')).toBe('Due date must be after today.');
    expect(said('before tomorrow')).toBe('Due date must be before tomorrow.');
    expect(said('before or equal to end date')).toBe('Due date must be on or before the end date.');
    expect(said('after or equal to today')).toBe('Due date cannot be in the past.');
  });

  it('prints a rule’s dates as the pages do', () => {
    expect(
      labelMessage(
        'The birth date field must be a date after or equal to 1900-01-01.',
        'birth_date',
        'Birth date',
      ),
    ).toBe('Birth date must be on or after 1 Jan 1900.');
    expect(
      labelMessage(
        'The end date field must be a date between 1900-01-01 and 2999-12-31.',
        'end_date',
        'End date',
      ),
    ).toBe('End date must be between 1 Jan 1900 and 31 Dec 2999.');
    expect(
      labelMessage(
        'The achieved on field must be on or after the last level change (2026-11-27).',
        'achieved_on',
        'Achieved on',
      ),
    ).toBe('Achieved on must be on or after the last level change (27 Nov 2026).');
    expect(labelMessage('The date field must be a valid date (YYYY-MM-DD).', 'date', 'Date')).toBe(
      'Date must be a valid date (YYYY-MM-DD).',
    );
  });
});

describe('labelMessage, the roll’s enrolments', () => {
  it('says a row’s student is not enrolled, on the day in words', () => {
    expect(
      labelMessage(
        'The selected attendance.2.enrollment_id is not an active enrollment on 2026-11-20.',
        'attendance.2.enrollment_id',
        'Enrolment',
      ),
    ).toBe('Not enrolled in this class on 20 Nov 2026.');
    expect(
      labelMessage(
        'The selected attendance.0.enrollment_id is not an enrollment of this schedule.',
        'attendance.0.enrollment_id',
        'Enrolment',
      ),
    ).toBe('Not enrolled in this class.');
  });
});

describe('moveMessage', () => {
  it('moves a message onto the form’s field, for its label to find', () => {
    const moved = moveMessage('The selected client id is invalid.', 'client_id', 'client');
    expect(labelMessage(moved, 'client', 'Client')).toBe('The selected client is invalid.');
  });
});

describe('labelOfPath', () => {
  it('words the last name of a path without " id"', () => {
    expect(labelOfPath('student_id')).toBe('Student');
    expect(labelOfPath('fees.0.amount')).toBe('Amount');
    expect(labelOfPath('emergency_contact_phone')).toBe('Emergency contact phone');
  });
});

describe('rowOf', () => {
  it('splits a path into a row of a list', () => {
    expect(rowOf('attendance.2.horse_id')).toEqual({
      list: 'attendance',
      index: 2,
      field: 'horse_id',
    });
    expect(rowOf('fees.0.items.1.amount')).toEqual({
      list: 'fees',
      index: 0,
      field: 'items.1.amount',
    });
  });

  it('is null outside a row', () => {
    expect(rowOf('email')).toBeNull();
    expect(rowOf('specialties.2')).toBeNull();
  });
});

describe('fieldMessages', () => {
  it('names each field by its path in words where nothing says otherwise', () => {
    expect(
      fieldMessages({
        email: ['The email field must be a valid email address.'],
        emergency_contact_phone: ['The emergency contact phone field is required.'],
        columns: ['The row has more values than the header has columns.'],
      }),
    ).toEqual([
      'Email must be a valid email address.',
      'Emergency contact phone is required.',
      'The row has more values than the header has columns.',
    ]);
  });

  it('names a row’s field by the row and the column’s label', () => {
    const riders = ['Ana Torres', 'Leo Ruiz'];
    const nameOf = (path: string) => {
      const cell = rowOf(path);
      return cell ? { label: 'Horse', row: riders[cell.index] } : { label: 'Lesson' };
    };
    expect(
      fieldMessages(
        {
          'attendance.1.horse_id': ['The selected attendance.1.horse_id is invalid.'],
          schedule_id: ['The selected schedule id is invalid.'],
        },
        nameOf,
      ),
    ).toEqual(['Leo Ruiz: The selected horse is invalid.', 'The selected lesson is invalid.']);
  });

  it('says the roll’s refusals after the student’s name', () => {
    const riders = ['Ana Torres', 'Leo Ruiz', 'Eva Gil'];
    const nameOf = (path: string) => {
      const cell = rowOf(path);
      return cell ? { label: 'Enrolment', row: riders[cell.index] } : undefined;
    };
    expect(
      fieldMessages(
        {
          date: ['The date field must be a date before or equal to today.'],
          'attendance.0.enrollment_id': [
            'The selected attendance.0.enrollment_id is not an active enrollment on 2026-11-20.',
          ],
          'attendance.1.enrollment_id': [
            'The selected attendance.1.enrollment_id is not an enrollment of this schedule.',
          ],
          'attendance.2.enrollment_id': [
            'The attendance.2.enrollment_id field has a duplicate value.',
          ],
        },
        nameOf,
      ),
    ).toEqual([
      'Date cannot be in the future.',
      'Ana Torres: Not enrolled in this class on 20 Nov 2026.',
      'Leo Ruiz: Not enrolled in this class.',
      'Eva Gil: Enrolment has a duplicate value.',
    ]);
  });
});

describe('errorMessage', () => {
  it('words a 422 without its paths, else says the error', () => {
    const refused = Object.assign(new Error('Unprocessable'), {
      data: { fieldErrors: { student_id: ['The student id field is required.'] } },
    });
    expect(errorMessage(refused)).toBe('Student is required.');
    expect(errorMessage(new Error('The school is closed.'))).toBe('The school is closed.');
  });

  it('words a request that failed as requestErrorMessage does', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(UNREACHABLE);
  });
});

const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';
const SERVER_FAULT = 'Something went wrong on our side. Try again in a moment.';

/** The error the tRPC client throws for the server's answer (its error formatter's shape). */
const answered = (code: string, httpStatus: number, message: string) =>
  TRPCClientError.from({ error: { code: -32000, message, data: { code, httpStatus } } });

describe('requestErrorMessage', () => {
  it('says the server could not be reached when no answer came, in any browser', () => {
    for (const words of [
      'Failed to fetch',
      'NetworkError when attempting to fetch resource.',
      'Load failed',
    ]) {
      const failed = new TypeError(words);
      expect(requestErrorMessage(failed)).toBe(UNREACHABLE);
      expect(requestErrorMessage(TRPCClientError.from(failed))).toBe(UNREACHABLE);
      expect(requestErrorMessage(new Error('Request failed', { cause: failed }))).toBe(UNREACHABLE);
    }
  });

  it('says so of a tRPC error without the server’s data or a status (a proxy’s page)', () => {
    const unreadable = new SyntaxError('Unexpected token \'<\', "<html>" is not valid JSON');
    expect(requestErrorMessage(TRPCClientError.from(unreadable))).toBe(UNREACHABLE);
  });

  it('keeps the server’s details of a 5xx from the person', () => {
    expect(
      requestErrorMessage(answered('INTERNAL_SERVER_ERROR', 500, 'Internal server error')),
    ).toBe(SERVER_FAULT);
    const body = new Error('Unable to transform response from server');
    const unreadable = TRPCClientError.from(body, { meta: { response: { status: 502 } } });
    expect(requestErrorMessage(unreadable)).toBe(SERVER_FAULT);
  });

  it('says a 503’s own message: the maintenance message', () => {
    const closed = answered(
      'SERVICE_UNAVAILABLE',
      503,
      'The marketplace is temporarily unavailable for maintenance.',
    );
    expect(requestErrorMessage(closed)).toBe(
      'The marketplace is temporarily unavailable for maintenance.',
    );
  });

  it('asks a signed-out person to sign in again', () => {
    expect(requestErrorMessage(answered('UNAUTHORIZED', 401, 'Unauthenticated.'))).toBe(
      'Your session has ended. Sign in again to continue.',
    );
  });

  it('says any other answer’s message as the server words it', () => {
    expect(requestErrorMessage(answered('NOT_FOUND', 404, 'Payment not found.'))).toBe(
      'Payment not found.',
    );
    expect(requestErrorMessage(answered('FORBIDDEN', 403, 'Your account is suspended.'))).toBe(
      'Your account is suspended.',
    );
    expect(requestErrorMessage(new Error('The school is closed.'))).toBe('The school is closed.');
    expect(requestErrorMessage('not an error')).toBe('Something went wrong.');
  });
});

describe('fileRefusal', () => {
  const MB = 1024 * 1024;
  const photo: FileKind = {
    types: ['image/jpeg', 'image/png', 'image/webp'],
    name: 'photo',
    formats: 'JPEG, PNG or WebP',
    maxMb: 10,
  };
  const pdf: FileKind = { types: ['application/pdf'], name: 'PDF', maxMb: 20 };

  it('sends a file of a kind taken, within its size', () => {
    expect(fileRefusal({ type: 'image/png', size: 2 * MB }, [photo, pdf])).toBeNull();
    expect(fileRefusal({ type: 'application/pdf', size: 15 * MB }, [photo, pdf])).toBeNull();
  });

  it('says the types taken, in words', () => {
    expect(fileRefusal({ type: 'image/heic', size: MB }, [photo])).toBe(
      'The file must be a JPEG, PNG or WebP photo.',
    );
    expect(fileRefusal({ type: 'text/plain', size: MB }, [photo, pdf])).toBe(
      'The file must be a JPEG, PNG or WebP photo or a PDF.',
    );
  });

  it('says the limit of the file’s kind and its size', () => {
    expect(fileRefusal({ type: 'image/jpeg', size: 14.2 * MB }, [photo, pdf])).toBe(
      'A photo may be at most 10 MB; this one is 14.2 MB.',
    );
    expect(fileRefusal({ type: 'application/pdf', size: 25 * MB }, [photo, pdf])).toBe(
      'A PDF may be at most 20 MB; this one is 25.0 MB.',
    );
  });

  it('refuses an empty file, and leaves a file of no known type to the server', () => {
    expect(fileRefusal({ type: 'image/png', size: 0 }, [photo])).toBe('The file is empty.');
    expect(fileRefusal({ type: '', size: 30 * MB }, [photo])).toBeNull();
  });
});
