'use client';

import { useMutation } from '@tanstack/react-query';
import type { Service } from '@/server/stud-breeding/service-schema';
import {
  actionsColumn,
  errorMessage,
  RowActions,
  useToast,
  useWriteOutcome,
  type ColumnDef,
  type RowAction,
  TableOrCards,
} from '../../../components/ui';
import { useTRPC } from '../../../trpc';
import { useStud } from '../stud-context';
import {
  extraLines,
  feeLines,
  joined,
  ServiceBadges,
  serviceName,
  termLines,
} from './service-terms';

/** The 409 of deleting a service that reservations name, in the list's own words. */
const IN_USE =
  'Reservations use this service, so it cannot be deleted. Deactivate it instead to stop offering it.';

const isConflict = (error: unknown) =>
  (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus === 409;

/** Edit, deactivate or activate, and delete (asked once more), as the role allows. */
function ServiceActions({ service, onEdit }: { service: Service; onEdit: (s: Service) => void }) {
  const { studId, may } = useStud();
  const trpc = useTRPC();
  const toast = useToast();
  const { onSuccess, onError } = useWriteOutcome();
  const name = `${service.stallion.name} ${serviceName(service).toLowerCase()} ${service.season}`;
  const keys = [trpc.studServices.pathKey(), trpc.stallions.pathKey()];
  const toggle = useMutation(
    trpc.studServices.update.mutationOptions({
      onSuccess: onSuccess(keys, ({ data }: { data: Service }) =>
        data.active ? `${name} is offered again.` : `${name} is no longer offered.`,
      ),
      onError,
    }),
  );
  const remove = useMutation(
    trpc.studServices.remove.mutationOptions({
      onSuccess: onSuccess(keys, `${name} was deleted.`),
      onError: (error) => toast('error', isConflict(error) ? IN_USE : errorMessage(error)),
    }),
  );
  const actions: RowAction[] = [
    ...(may('services.edit')
      ? [
          { label: 'Edit', onSelect: () => onEdit(service) },
          {
            label: service.active ? 'Deactivate' : 'Activate',
            disabled: toggle.isPending,
            onSelect: () =>
              toggle.mutate({ studId, serviceId: service.id, active: !service.active }),
          },
        ]
      : []),
    ...(may('services.delete')
      ? [
          {
            label: 'Delete',
            destructive: true,
            disabled: remove.isPending,
            onSelect: () => remove.mutate({ studId, serviceId: service.id }),
          },
        ]
      : []),
  ];
  return <RowActions what={name} actions={actions} />;
}

const Lines = ({ lines }: { lines: string[] }) => (
  <>
    {lines.map((line) => (
      <span key={line} className="block">
        {line}
      </span>
    ))}
  </>
);

/**
 * One stallion's services of a season: a table from the width of a tablet, cards below it
 * (nothing wider than a phone's 375 px).
 */
export function ServiceGroup({
  label,
  services,
  onEdit,
  busy,
}: {
  label: string;
  services: Service[];
  onEdit: (service: Service) => void;
  busy?: boolean;
}) {
  const { stud } = useStud();
  const columns: ColumnDef<Service>[] = [
    {
      id: 'service',
      header: 'Service',
      meta: { rowHeader: true },
      cell: ({ row }) => (
        <>
          {serviceName(row.original)}
          {row.original.notes && (
            <span className="block text-sm font-normal whitespace-pre-line text-muted-foreground">
              {row.original.notes}
            </span>
          )}
        </>
      ),
    },
    {
      id: 'fees',
      header: 'Fees',
      cell: ({ row }) => <Lines lines={feeLines(row.original, stud.currency)} />,
    },
    {
      id: 'doses',
      header: 'Doses and extras',
      cell: ({ row }) => <Lines lines={extraLines(row.original, stud.currency)} />,
    },
    {
      id: 'terms',
      header: 'Terms',
      cell: ({ row }) => <span className="text-sm">{joined(termLines(row.original))}</span>,
    },
    { id: 'status', header: 'Status', cell: ({ row }) => <ServiceBadges service={row.original} /> },
    actionsColumn((service) => <ServiceActions service={service} onEdit={onEdit} />),
  ];
  return (
    <TableOrCards
      label={label}
      columns={columns}
      data={services}
      busy={busy}
      rowClassName={(s) => (s.active ? undefined : 'text-muted-foreground')}
      cardLabel={serviceName}
      card={(service) => (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h4 className="m-0 text-lg">{serviceName(service)}</h4>
            <ServiceBadges service={service} />
          </div>
          <p className="m-0 mt-1">
            <Lines lines={feeLines(service, stud.currency)} />
          </p>
          <p className="m-0 mt-1 text-sm">{joined(extraLines(service, stud.currency))}</p>
          <p className="m-0 mt-1 text-sm">{joined(termLines(service))}</p>
          {service.notes && (
            <p className="m-0 mt-1 text-sm whitespace-pre-line text-muted-foreground">
              {service.notes}
            </p>
          )}
          <div className="mt-2">
            <ServiceActions service={service} onEdit={onEdit} />
          </div>
        </>
      )}
    />
  );
}
