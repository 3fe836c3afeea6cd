import NextAuth from 'next-auth';
import { authOptions } from '@/server/auth/next-auth';
import { requestIdOf } from '@/server/http/handler';
import { getRuntime } from '@/server/runtime';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, context: RouteContext): Promise<Response> {
  const { services } = await getRuntime();
  const response = (await NextAuth(req as never, context as never, authOptions(services))) as Response;
  response.headers.set('x-request-id', requestIdOf(req));
  return response;
}

export { handler as GET, handler as POST };
