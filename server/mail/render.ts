import { render, toPlainText } from '@react-email/render';
import { createElement, type ReactNode } from 'react';
import { emailTemplateOf, type EmailKind, type EmailKinds } from '../kernel/emails';

export type RenderedEmail = {
  kind: EmailKind;
  subject: string;
  html: string;
  text: string;
  props: unknown;
};

/** Renders one e-mail (a kind a module registers): its subject, HTML and plain-text alternative. */
export async function renderEmail<K extends EmailKind>(
  kind: K,
  props: EmailKinds[K],
): Promise<RenderedEmail> {
  const template = emailTemplateOf(kind) as unknown as {
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
