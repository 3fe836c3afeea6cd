'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GatewaySettings } from '@/server/marketplace/gateway-schema';
import {
  Badge,
  Button,
  Card,
  CardTitle,
  errorMessage,
  formatDateTime,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';

/**
 * Tests the saved provider and keys and shows the outcome; the last test stays shown with
 * whether it still holds for today's keys, which live mode needs.
 */
export function ConnectionTest({ settings }: { settings: GatewaySettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const test = useMutation(
    trpc.admin.paymentGateway.test.mutationOptions({
      onSettled: () =>
        queryClient.invalidateQueries({ queryKey: trpc.admin.paymentGateway.pathKey() }),
    }),
  );
  const last = settings.last_test;
  return (
    <Card aria-label="Connection test">
      <CardTitle>Connection test</CardTitle>
      <p className="mt-0 text-sm text-muted-foreground">
        Tests the saved provider and keys (save changes first). Live mode needs a passing test of
        live keys; changing the provider or a key afterwards needs a new test.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button disabled={test.isPending} onClick={() => test.mutate({})}>
          {test.isPending ? 'Testing…' : 'Test the connection'}
        </Button>
        <span>
          Live mode:{' '}
          {settings.live_ready ? (
            <Badge tone="ok">Ready</Badge>
          ) : (
            <Badge tone="bad">Needs a passing test</Badge>
          )}
        </span>
      </div>
      <div role="status" aria-live="polite" className="mt-3 break-words">
        {test.error ? (
          <p className="m-0 text-destructive">The test could not run: {errorMessage(test.error)}</p>
        ) : last ? (
          <p className="m-0">
            {last.ok ? <Badge tone="ok">Passed</Badge> : <Badge tone="bad">Failed</Badge>}{' '}
            {last.message}{' '}
            <span className="text-sm text-muted-foreground">
              ({formatDateTime(last.tested_at)}
              {last.current ? '' : '; the provider or keys changed since'})
            </span>
          </p>
        ) : (
          <p className="m-0 text-muted-foreground">Not tested yet.</p>
        )}
      </div>
    </Card>
  );
}
