import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';

/** Shared parts of every e-mail: one look, one footer, parts a template composes. */

export const BRAND = 'Equestrian Platform';

const colors = {
  accent: '#7a4b1f',
  fg: '#1f2328',
  muted: '#5c6470',
  border: '#ddd6c8',
  bg: '#f7f5f0',
};
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function EmailLayout({
  preview,
  heading,
  children,
}: {
  preview: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: colors.bg,
          fontFamily: font,
          color: colors.fg,
          margin: 0,
          padding: '24px 0',
        }}
      >
        <Container
          style={{
            backgroundColor: '#ffffff',
            border: `1px solid ${colors.border}`,
            borderRadius: 8,
            maxWidth: 560,
            padding: 0,
          }}
        >
          <Section
            style={{
              backgroundColor: colors.accent,
              borderRadius: '8px 8px 0 0',
              padding: '16px 24px',
            }}
          >
            <Text style={{ color: '#ffffff', fontSize: 16, fontWeight: 700, margin: 0 }}>
              {BRAND}
            </Text>
          </Section>
          <Section style={{ padding: '8px 24px 24px' }}>
            <Heading as="h1" style={{ fontSize: 22, lineHeight: '28px', margin: '16px 0' }}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: colors.border, margin: 0 }} />
          <Section style={{ padding: '12px 24px' }}>
            <Text style={{ color: colors.muted, fontSize: 12, lineHeight: '18px', margin: 0 }}>
              You receive this e-mail because of your account or a request on the {BRAND}. Please do
              not reply to automated messages unless told otherwise.
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: 15, lineHeight: '22px', margin: '0 0 12px' }}>{children}</Text>;
}

/** Label and value pairs, one per row. */
export function Details({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Section
      style={{
        border: `1px solid ${colors.border}`,
        borderRadius: 6,
        margin: '8px 0 16px',
        padding: '8px 12px',
      }}
    >
      {rows.map(([label, value]) => (
        <Row key={label}>
          <Column
            style={{
              color: colors.muted,
              fontSize: 13,
              padding: '4px 8px 4px 0',
              verticalAlign: 'top',
              width: '38%',
            }}
          >
            {label}
          </Column>
          <Column style={{ fontSize: 14, padding: '4px 0', verticalAlign: 'top' }}>{value}</Column>
        </Row>
      ))}
    </Section>
  );
}

/** A message someone wrote, kept as typed (line breaks included). */
export function Quote({ children }: { children: string }) {
  return (
    <Text
      style={{
        borderLeft: `3px solid ${colors.accent}`,
        fontSize: 14,
        lineHeight: '21px',
        margin: '8px 0 16px',
        padding: '4px 12px',
        whiteSpace: 'pre-wrap',
      }}
    >
      {children}
    </Text>
  );
}

export function ActionButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.accent,
          borderRadius: 6,
          color: '#ffffff',
          fontSize: 15,
          fontWeight: 600,
          padding: '10px 18px',
        }}
      >
        {children}
      </Button>
    </Section>
  );
}

export function MailLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <Link href={href} style={{ color: colors.accent }}>
      {children ?? href}
    </Link>
  );
}

/** Amounts are given in cents, so nothing is summed in floating point. */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
}
