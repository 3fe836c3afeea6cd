import type { ComponentType } from 'react';
import type { z } from 'zod';

/**
 * The e-mail kinds of every module, by kind: the props its template takes. Each manifest adds
 * its own by declaration merging (`interface EmailKinds extends EmailPropsOf<typeof emails>`),
 * so `renderEmail('contact-form', props)` is checked at compile time without the kernel
 * importing a module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EmailKinds {}

export type EmailKind = keyof EmailKinds & string;

/** One kind of e-mail: its label for the admin previews, and its template in `emails/`. */
export type EmailTemplate<P> = {
  label: string;
  schema: z.ZodType<P>;
  previewProps: P;
  subject(props: P): string;
  Component: ComponentType<P>;
};

export type EmailTemplates = Record<string, EmailTemplate<any>>;

/** Every installed kind's template, typed by kind. */
export type EmailTemplateTable = { [K in EmailKind]: EmailTemplate<EmailKinds[K]> };

/** The props of each kind of a manifest's `emails`, for its `EmailKinds` declaration. */
export type EmailPropsOf<T extends EmailTemplates> = {
  [K in keyof T]: T[K] extends EmailTemplate<infer P> ? P : never;
};

/** A template file of `emails/` (its sample props and subject), its schema and component. */
export function emailTemplate<P>(
  label: string,
  file: { previewProps: P; subject(props: P): string },
  schema: z.ZodType<P>,
  Component: ComponentType<P>,
): EmailTemplate<P> {
  return { label, schema, previewProps: file.previewProps, subject: file.subject, Component };
}

let installed: EmailTemplates = {};

/** Installs the templates of every module (`registerModules`), in registration order. */
export function installEmailTemplates(templates: EmailTemplates): void {
  installed = templates;
}

/** The kinds installed, in registration order. */
export function emailKinds(): EmailKind[] {
  return Object.keys(installed) as EmailKind[];
}

export function isEmailKind(value: string): value is EmailKind {
  return Object.hasOwn(installed, value);
}

export function emailTemplateOf<K extends EmailKind>(kind: K): EmailTemplate<EmailKinds[K]> {
  const template = installed[kind];
  if (!template) throw new Error(`No module registers the e-mail kind ${kind}`);
  return template;
}
