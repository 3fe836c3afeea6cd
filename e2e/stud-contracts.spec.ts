import { expect, test, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openStudSection,
  screenshot,
  signInAs,
  signInAsAdmin,
} from './helpers';

/** Nothing wider than the window: the page does not scroll sideways (375 px on a phone). */
async function expectNoSideways(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

type OutboxEntry = { id: string; kind: string; to: string; subject: string };

test('a stud owner sends a contract from a template, and the client signs it on a phone', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Both widths run against one database: a template and a contract each.
  const project = testInfo.project.name;
  const templateName = `Boarding agreement (${project})`;
  const title = `Boarding of Luna (${project})`;

  await signInAs(page, 'owner@demo.stud');
  await page.getByRole('link', { name: /Demo Stud Farm/ }).click();
  await expect(page.getByRole('heading', { name: 'Demo Stud Farm', level: 1 })).toBeVisible();
  await openStudSection(page, 'Contracts');
  await expect(page.getByRole('heading', { name: 'Contracts', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'contracts');

  // A template: an unknown placeholder is refused as the server words it, in the preview too.
  await page.getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { name: 'Contract templates', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New template' }).first().click();
  const editor = page.getByRole('dialog', { name: 'New template' });
  await editor.getByLabel('Name').fill(templateName);
  await editor.getByLabel('Kind').selectOption('boarding');
  const body = editor.getByLabel('Body');
  await body.fill('# Boarding agreement\n\nThe horse {{horse}} boards at {{stud}}.\n\nClient: ');
  await expect(editor.getByRole('alert')).toContainText('unknown placeholders: {{horse}}');
  await body.fill(
    '# Boarding agreement\n\n{{stud}} boards the client’s mare from {{today}}.\n\nClient: ',
  );
  await body.press('End');
  await editor.getByRole('button', { name: 'Insert {{client}}' }).click();
  await expect(body).toHaveValue(/Client: \{\{client\}\}$/);
  const preview = editor.getByRole('article', { name: 'Preview of the template' });
  await expect(preview.getByRole('heading', { name: 'Boarding agreement' })).toBeVisible();
  await expect(preview).toContainText('Client: María García');
  await expectNoSeriousA11yViolations(page, 'new template');
  await screenshot(page, testInfo, 'contract-template-editor');
  await editor.getByRole('button', { name: 'Create template' }).click();
  await expect(editor).toBeHidden();
  await expect(
    page.getByRole('row', { name: new RegExp(templateName.replace(/[()]/g, '\\$&')) }),
  ).toBeVisible();

  // A contract from it, for María García: she is its signer.
  await page.getByRole('link', { name: '← Contracts' }).click();
  await page.getByRole('button', { name: 'New contract' }).first().click();
  const form = page.getByRole('dialog', { name: 'New contract' });
  await form.getByLabel('Template').selectOption({ label: templateName });
  await expect(form.getByLabel('Title')).toHaveValue(templateName);
  await form.getByLabel('Title').fill(title);
  await form.getByRole('combobox', { name: 'Client', exact: true }).fill('María');
  await form.getByRole('option', { name: /^María García/ }).click();
  await expect(form.getByLabel('Signer 1 e-mail')).toHaveValue('maria.garcia@example.com');
  await expect(form.getByLabel('Signer 1 name')).toHaveValue('María García');
  await expectNoSeriousA11yViolations(page, 'new contract');
  await screenshot(page, testInfo, 'contract-new');
  await form.getByRole('button', { name: 'Create draft' }).click();

  // Its page: a draft, sent for signing.
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Send for signing' }).click();
  const send = page.getByRole('dialog', { name: 'Send for signing' });
  await send.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(send).toBeHidden();
  await expect(page.getByRole('button', { name: 'Remind signers' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send for signing' })).toBeHidden();
  const contractUrl = page.url();

  // The signing link, from the e-mail in the outbox (the administration's mail viewer).
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage);
  const outbox = await adminPage.request.get('/api/admin/mail/outbox?per_page=50');
  expect(outbox.ok()).toBe(true);
  const entry = ((await outbox.json()) as { data: OutboxEntry[] }).data.find(
    (e) => e.kind === 'contract-signing' && e.subject.includes(title),
  );
  expect(entry?.to).toBe('maria.garcia@example.com');
  const message = await adminPage.request.get(`/api/admin/mail/outbox/${entry!.id}`);
  const { text } = ((await message.json()) as { data: { text: string } }).data;
  const token = /\/sign\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(token).toBeTruthy();
  await admin.close();

  // The client, signed in nowhere, on a phone: reads, types her name, consents and signs.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const signer = await phone.newPage();
  await signer.goto(`/sign/${token}`);
  await expect(signer.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const document = signer.getByRole('article', { name: `The contract: ${title}` });
  await expect(document).toContainText('Demo Stud Farm boards the client’s mare');
  await expect(document).toContainText('Client: María García');
  await expectNoSeriousA11yViolations(signer, 'signing page');
  await expectNoSideways(signer);
  await screenshot(signer, testInfo, 'contract-signing');

  // Not without the consent, refused beside the box.
  await signer.getByLabel('Your full name').fill('María García');
  await signer.getByRole('button', { name: 'Sign the contract' }).click();
  await expect(signer.getByRole('checkbox')).toHaveAccessibleDescription(
    'Tick the box to agree to sign electronically.',
  );
  await signer.getByRole('checkbox').check();
  await signer.getByRole('button', { name: 'Sign the contract' }).click();
  await expect(signer.getByRole('heading', { name: 'You signed the contract' })).toBeVisible();
  await expectNoSeriousA11yViolations(signer, 'signed');
  await expectNoSideways(signer);
  const download = signer.getByRole('link', { name: 'Download the PDF' });
  const href = await download.getAttribute('href');
  expect(href).toBe(`/api/public/contracts/${token}/document`);
  // The last signature seals the PDF in the background: 409 for the moment that takes.
  await expect(async () => {
    const pdf = await signer.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }).toPass({ timeout: 60_000 });

  // The link again: the contract is signed, and the signed PDF is still there to download.
  await signer.reload();
  await expect(
    signer.getByRole('alert').filter({ hasText: 'The contract is signed' }),
  ).toBeVisible();
  await expect(signer.getByRole('link', { name: 'Download the PDF' })).toBeVisible();
  await phone.close();

  // Back as the owner: the signer signed, and the event log holds.
  await page.goto(contractUrl);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const maria = page.getByRole('region', { name: 'Signers' }).getByRole('listitem', {
    name: 'María García',
  });
  await expect(maria).toContainText('Signed');
  await expect(maria).toContainText('as “María García”');
  const log = page.getByRole('table', { name: 'Event log' });
  for (const event of ['Created', 'Sent', 'Viewed', 'Signed', 'Completed'])
    await expect(log.getByRole('rowheader', { name: new RegExp(`^${event}`) })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The hash chain holds' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'signed contract');
  await expectNoSideways(page);
  await screenshot(page, testInfo, 'stud-contract');
});
