import { render, toPlainText } from '@react-email/render';
import { createElement, type ReactNode } from 'react';
import { EMAIL_TEMPLATES, type EmailKind, type EmailProps } from '@/emails';

export type RenderedEmail = {
  kind: EmailKind;
  subject: string;
  html: string;
  text: string;
  props: unknown;
};

/** Renders one e-mail: its subject, HTML and plain-text alternative. */
export async function renderEmail<K extends EmailKind>(
  kind: K,
  props: EmailProps<K>,
): Promise<RenderedEmail> {
  const template = EMAIL_TEMPLATES[kind] as unknown as {
    schema: { parse(value: unknown): object };
    subject(props: unknown): string;
    Component: (props: object) => ReactNode;
  };
  // A template renders exactly what its schema allows; a caller's mistake fails here, not in an inbox.
  const checked = template.schema.parse(props);
  const html = await render(createElement(template.Component, checked));
  return {
    kind,
    subject: template.subject(checked),
    html,
    text: toPlainText(html),
    props: checked,
  };
}
