import type { QueryKey } from '@tanstack/react-query';
import type { VerificationFields, VerificationRequest } from '@/server/admin/verification-schema';

/** What the verification card needs of one organization (a school, a stud). */
export type VerificationApi = {
  /** `school`, `stud`. */
  noun: string;
  /** Whether the member may ask (owners). */
  mayAsk: boolean;
  list: {
    isPending: boolean;
    error: { message: string } | null;
    data?: { data: VerificationRequest[] };
    refetch: () => unknown;
  };
  /** Invalidated after a request. */
  queryKey: QueryKey;
  /** The organization's media route, where the documents are uploaded first. */
  mediaPath: string;
  create: (fields: VerificationFields) => Promise<unknown>;
};
