import { handleApiRequest } from '@/server/runtime';

// next-auth's catch-all beside this folder would otherwise answer /api/auth/me.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = handleApiRequest;
export const POST = handleApiRequest;
export const PUT = handleApiRequest;
export const PATCH = handleApiRequest;
export const DELETE = handleApiRequest;
