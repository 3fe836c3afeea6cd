'use client';

import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { AdminShell } from '../../admin-shell';
import { ConnectionTest } from './connection-test';
import { GatewayForm } from './gateway-form';

/** The platform's payment gateway (E.5): provider, mode, keys, payout delay, connection test. */
export default function PaymentGatewayPage() {
  return (
    <AdminShell title="Payment gateway">
      <PaymentGateway />
    </AdminShell>
  );
}

function PaymentGateway() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.paymentGateway.get.queryOptions({}));
  if (!settings.data) return <QueryState what="the payment gateway settings" query={settings} />;
  const gateway = settings.data.data;
  return (
    <>
      <p className="mt-0 text-muted-foreground">
        Buyers pay through this gateway at checkout; each seller is paid when their sub-order
        completes, after the payout delay. The manual provider takes no payment: sellers mark their
        orders paid.
      </p>
      <ConnectionTest settings={gateway} />
      <GatewayForm settings={gateway} />
    </>
  );
}
