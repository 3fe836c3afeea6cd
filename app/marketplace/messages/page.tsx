'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import type { Contact } from '@/server/marketplace/contact-schema';
import {
  cardClass,
  cn,
  Empty,
  Pager,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../../components/ui';
import { useTRPC } from '../../trpc';
import { dateText } from '../format';
import { MarketplaceShell, MarketQueryState } from '../marketplace-shell';

/** Contact requests: those buyers sent about the caller's listings, and those the caller sent. */
export default function MessagesPage() {
  return (
    <MarketplaceShell title="Messages">
      <Tabs defaultValue="received">
        <TabsList aria-label="Messages">
          <TabsTrigger value="received">Received</TabsTrigger>
          <TabsTrigger value="sent">Sent</TabsTrigger>
        </TabsList>
        <TabsContent value="received">
          <ContactList box="received" />
        </TabsContent>
        <TabsContent value="sent">
          <ContactList box="sent" />
        </TabsContent>
      </Tabs>
    </MarketplaceShell>
  );
}

function ContactList({ box }: { box: 'received' | 'sent' }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const contacts = useQuery({
    ...(box === 'received'
      ? trpc.listingContacts.received.queryOptions({ page })
      : trpc.listingContacts.sent.queryOptions({ page })),
    placeholderData: keepPreviousData,
  });
  const list = contacts.data;
  const label = box === 'received' ? 'Messages received' : 'Messages sent';
  return (
    <>
      {!list && <MarketQueryState what="the messages" query={contacts} />}
      {list && list.data.length === 0 && (
        <Empty>
          {box === 'received'
            ? 'Nobody has written about your listings yet.'
            : 'You have not contacted any seller yet.'}
        </Empty>
      )}
      {list && list.data.length > 0 && (
        <ul aria-label={label} className="m-0 list-none p-0">
          {list.data.map((contact) => (
            <ContactItem key={contact.id} contact={contact} box={box} />
          ))}
        </ul>
      )}
      {list && <Pager meta={list.meta} onPage={setPage} noun="messages" />}
    </>
  );
}

function ContactItem({ contact, box }: { contact: Contact; box: 'received' | 'sent' }) {
  return (
    <li className={cn(cardClass)} aria-label={`About ${contact.listing.title}`}>
      <p className="mt-0 flex flex-wrap justify-between gap-x-3">
        <Link href={`/marketplace/listings/${contact.listing.id}`} className="font-semibold">
          {contact.listing.title}
        </Link>
        <span className="text-muted-foreground">{dateText(contact.created_at)}</span>
      </p>
      <p className="text-muted-foreground">
        {box === 'received' ? (
          <>
            From {contact.sender.name}
            {contact.sender.email && (
              <>
                {' · '}
                <a href={`mailto:${contact.sender.email}`} className="break-all">
                  {contact.sender.email}
                </a>
              </>
            )}
            {contact.phone && (
              <>
                {' · '}
                <a href={`tel:${contact.phone}`}>{contact.phone}</a>
              </>
            )}
          </>
        ) : (
          <>To {contact.seller.display_name}</>
        )}
      </p>
      <p className="mb-0 whitespace-pre-line break-words">{contact.message}</p>
    </li>
  );
}
