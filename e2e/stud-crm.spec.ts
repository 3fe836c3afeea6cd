import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openStudSection,
  screenshot,
  signInAs,
  unique,
} from './helpers';

test('a stud owner tags a new client and finds it, then takes a prospect through the pipeline to a client', async ({
  page,
}, testInfo) => {
  const tag = unique(testInfo, 'Dressage');
  const clientLast = unique(testInfo, 'Navarro');
  const clientName = `Lucía ${clientLast}`;
  const prospectLast = unique(testInfo, 'Ortega');
  const prospectName = `Álvaro ${prospectLast}`;

  await signInAs(page, 'owner@demo.stud');
  await page.getByRole('link', { name: /Demo Stud Farm/ }).click();
  await expect(page.getByRole('heading', { name: 'Demo Stud Farm', level: 1 })).toBeVisible();
  await openStudSection(page, 'Clients');
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
  const clients = page.getByRole('table', { name: 'Clients' });
  await expect(clients.getByRole('link', { name: 'María García' })).toBeVisible();
  await expect(clients.getByRole('list', { name: 'Tags of María García' })).toHaveText('VIP');
  await expect(clients.getByRole('link', { name: 'Hacienda Los Olivos' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'stud clients');

  // A tag of its own: a colour that is not #RRGGBB is refused beside the field.
  await page.getByRole('link', { name: 'Tags', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible();
  const tags = page.getByRole('table', { name: 'Tags' });
  await expect(tags.getByRole('row', { name: /VIP/ })).toBeVisible();
  await page.getByRole('button', { name: 'New tag' }).click();
  const tagDialog = page.getByRole('dialog', { name: 'New tag' });
  await tagDialog.getByLabel('Name').fill(tag);
  await tagDialog.getByLabel('Colour', { exact: true }).fill('teal');
  await tagDialog.getByRole('button', { name: 'Create tag' }).click();
  await expect(tagDialog.getByLabel('Colour', { exact: true })).toHaveAccessibleDescription(
    /Colour must be a colour in the #RRGGBB format\./,
  );
  await expectNoSeriousA11yViolations(page, 'new tag, refused');
  await tagDialog.getByLabel('Colour', { exact: true }).fill('#0f766e');
  await tagDialog.getByRole('button', { name: 'Create tag' }).click();
  await expect(tagDialog).toBeHidden();
  const tagRow = tags.getByRole('row', { name: new RegExp(tag) });
  await expect(tagRow).toContainText('#0f766e');
  await expect(tagRow.getByRole('link', { name: `0 clients tagged ${tag}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'stud tags');

  // A new client with that tag: a person needs both names, a company its name.
  await page.getByRole('link', { name: '← Clients' }).click();
  await page.getByRole('button', { name: 'New client' }).click();
  const clientDialog = page.getByRole('dialog', { name: 'New client' });
  // The kind's radios are drawn as toggle buttons: their labels take the click.
  await clientDialog.getByText('Company', { exact: true }).click();
  await expect(clientDialog.getByRole('radio', { name: 'Company' })).toBeChecked();
  await expect(clientDialog.getByLabel('Company name')).toBeVisible();
  await expect(clientDialog.getByLabel('First name')).toBeHidden();
  await clientDialog.getByText('Person', { exact: true }).click();
  await expect(clientDialog.getByRole('radio', { name: 'Person' })).toBeChecked();
  await clientDialog.getByRole('button', { name: 'Create client' }).click();
  await expect(clientDialog.getByLabel('First name')).toHaveAccessibleDescription(
    'First name is required when kind is person.',
  );
  await expectNoSeriousA11yViolations(page, 'new client, refused');
  await clientDialog.getByLabel('First name').fill('Lucía');
  await clientDialog.getByLabel('Last name').fill(clientLast);
  await clientDialog.getByLabel('Email').fill(`${clientLast.toLowerCase()}@example.com`);
  await clientDialog.getByLabel('Phone').fill('+34 600 333 444');
  await clientDialog.getByLabel('Source').selectOption('event');
  await clientDialog.getByRole('checkbox', { name: tag }).check();
  await clientDialog.getByRole('button', { name: 'Create client' }).click();
  await expect(clientDialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({ hasText: `${clientName} was added.` }),
  ).toBeVisible();

  // Found by part of the name, with the tag.
  await page.getByRole('search').getByLabel('Search').fill(clientLast.slice(0, 12));
  await expect(clients.getByRole('link', { name: 'María García' })).toBeHidden();
  await expect(clients.getByRole('list', { name: `Tags of ${clientName}` })).toHaveText(tag);
  await clients.getByRole('link', { name: clientName }).click();
  await expect(page.getByRole('heading', { name: clientName, level: 1 })).toBeVisible();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(`${clientLast.toLowerCase()}@example.com`);
  await expect(details).toContainText(tag);
  await expect(page.getByRole('region', { name: 'Horses' })).toContainText(
    `${clientName} owns no horses of the stud.`,
  );
  await expectNoSeriousA11yViolations(page, 'stud client');

  // The pipeline: the demo's prospect stands in "Contacted", with his stallion and value.
  await openStudSection(page, 'Prospects');
  await expect(page.getByRole('heading', { name: 'Prospects', level: 1 })).toBeVisible();
  const contacted = page.getByRole('region', { name: 'Contacted', exact: true });
  const pedro = contacted.getByRole('listitem').filter({ hasText: 'Pedro Ruiz' });
  await expect(pedro).toContainText('Interested in Valiente');
  await expect(pedro).toContainText('€1,500.00');
  await expectNoSeriousA11yViolations(page, 'stud prospects');

  // A new prospect lands in "New".
  await page.getByRole('button', { name: 'New prospect' }).click();
  const prospectDialog = page.getByRole('dialog', { name: 'New prospect' });
  await prospectDialog.getByLabel('First name').fill('Álvaro');
  await prospectDialog.getByLabel('Last name').fill(prospectLast);
  await prospectDialog.getByLabel('Stallion of interest').selectOption({ label: 'Valiente' });
  await prospectDialog.getByLabel('Expected value (EUR)').fill('2500');
  await expectNoSeriousA11yViolations(page, 'new prospect');
  await prospectDialog.getByRole('button', { name: 'Create prospect' }).click();
  await expect(prospectDialog).toBeHidden();
  const card = (column: string) =>
    page
      .getByRole('region', { name: column, exact: true })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: prospectName }) });
  await expect(card('New')).toContainText('Interested in Valiente');
  await expect(card('New')).toContainText('€2,500.00');

  // Moved to "qualified" by its status select.
  await card('New').getByLabel('Status').selectOption('qualified');
  await expect(card('Qualified')).toBeVisible();
  await expect(card('New')).toHaveCount(0);
  await expect(card('Qualified').getByLabel('Status')).toHaveValue('qualified');
  await expectNoSeriousA11yViolations(page, 'prospect qualified');
  await screenshot(page, testInfo, 'stud-prospects');

  // Converted: it leaves the board and is among the clients.
  await card('Qualified')
    .getByRole('button', { name: /Convert to client/ })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: `${prospectName} is now a client.` }),
  ).toBeVisible();
  await expect(card('Qualified')).toHaveCount(0);
  // The list shows stage "client" unless told otherwise.
  await openStudSection(page, 'Clients');
  await page.getByRole('search').getByLabel('Search').fill(prospectLast);
  await clients.getByRole('link', { name: prospectName }).click();
  await expect(page.getByRole('heading', { name: prospectName, level: 1 })).toBeVisible();
  await screenshot(page, testInfo, 'stud-client');
});
