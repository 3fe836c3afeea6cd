import { expect, test } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openStudSection,
  screenshot,
  signInAs,
  unique,
} from './helpers';

// A 2×2 PNG, made by sharp; the server decodes it and writes it again without metadata.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVR4nGNYEKS7IEiXAUIBACE+BH3Ha5TUAAAAAElFTkSuQmCC',
  'base64',
);

/** A calendar day `days` from now, as the date inputs hold it. */
function dayFromNow(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A calendar day (`YYYY-MM-DD`) as the pages write it: `27 Nov 2026`. */
const shown = (date: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

test('a stud owner adds a new mare to the herd and records a treatment that falls due', async ({
  page,
}, testInfo) => {
  const name = unique(testInfo, 'Candela');
  // A UELN of each run's own: 15 letters and digits.
  const ueln = testInfo.project.name === 'mobile' ? '724015000000002' : '724015000000001';
  const title = unique(testInfo, 'Influenza booster');
  const due = dayFromNow(14);

  await signInAs(page, 'owner@demo.school');
  await page.getByRole('link', { name: /Demo Stud Farm/ }).click();
  await expect(page.getByRole('heading', { name: 'Demo Stud Farm', level: 1 })).toBeVisible();
  await openStudSection(page, 'Herd');
  await expect(page.getByRole('heading', { name: 'Herd', level: 1 })).toBeVisible();
  await expect(page.getByRole('search')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'herd');

  // Adding a new horse: without a name the server refuses it beside the field.
  await page.getByRole('button', { name: 'Add horse' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a horse' });
  await dialog.getByRole('tab', { name: 'New horse' }).click();
  const form = dialog.getByRole('form', { name: 'New horse' });
  await form.getByRole('button', { name: 'Add horse' }).click();
  await expect(form.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
    'Name is required.',
  );
  await expectNoSeriousA11yViolations(page, 'new horse, refused');

  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Sex').selectOption('female');
  await form.getByLabel('Birth year').fill('2016');
  await form.getByLabel('Breed').fill('Pura Raza Española');
  await form.getByLabel('UELN').fill(ueln);
  await form.getByLabel('Location').fill('Paddock 3');
  await form.getByRole('button', { name: 'Add horse' }).click();

  // Her page: the identity, what the stud records, her pedigree and her medical history.
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const facts = page.getByRole('region', { name: 'At the stud' });
  await expect(facts).toContainText('Mare');
  await expect(facts).toContainText('Paddock 3');
  await expect(page.getByRole('region', { name: 'Identity' })).toContainText(ueln);
  const medical = page.getByRole('region', { name: 'Medical history' });
  await expect(medical).toContainText(`No medical records of ${name} yet.`);
  await expectNoSeriousA11yViolations(page, 'stud horse');

  // A vaccination whose booster falls due in two weeks.
  await medical.getByRole('button', { name: 'Add record' }).click();
  const record = page.getByRole('dialog', { name: 'Add a medical record' });
  await record.getByLabel('Type').selectOption('vaccination');
  await record.getByLabel('Title').fill(title);
  await record.getByLabel('Vet').fill('Dr. Ortega');
  await record.getByLabel('Next due on').fill(due);
  await expectNoSeriousA11yViolations(page, 'add medical record');
  await record.getByRole('button', { name: 'Add record' }).click();
  await expect(record).toBeHidden();

  const history = medical.getByRole('list', { name: `Medical records of ${name}` });
  const entry = history.getByRole('listitem').filter({ hasText: title });
  await expect(entry).toContainText('Dr. Ortega');
  await expect(entry).toContainText(`Due ${shown(due)}`);
  await expect(entry).toContainText('Task open');
  await expectNoSeriousA11yViolations(page, 'stud horse with a due record');

  // A photo of her, which the herd shows as her thumbnail.
  const photos = page.getByRole('region', { name: 'Photos' });
  await photos.getByLabel(/^Photo/).setInputFiles({
    name: 'candela.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await photos.getByRole('button', { name: 'Upload photo' }).click();
  await expect(photos.getByRole('img', { name: `Photo of ${name}` })).toBeVisible();

  // She has a history now: the delete is refused and the reason shown.
  await page.getByRole('button', { name: 'Delete horse', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, delete horse' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'has history' })).toBeVisible();
  await screenshot(page, testInfo, 'stud-horse');

  // The herd, filtered to the mares, lists her with her photo.
  await openStudSection(page, 'Herd');
  await page.getByLabel('Role', { exact: true }).selectOption('mare');
  const herd = page.getByRole('list', { name: 'Horses of the herd' });
  const card = herd.getByRole('listitem').filter({ hasText: name });
  await expect(card.getByRole('link', { name })).toBeVisible();
  await expect(card.getByRole('img', { name: `Photo of ${name}` })).toBeVisible();
  await expect(card).toContainText('Mare');

  // The medical page shows what falls due in the next 30 days: her booster among them.
  await openStudSection(page, 'Medical');
  await expect(page.getByRole('heading', { name: 'Medical', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Due in the next 30 days')).toBeChecked();
  const due30 = page.getByRole('list', { name: 'Medical records' });
  await expect(due30.getByRole('listitem').filter({ hasText: title })).toContainText(
    `Due ${shown(due)}`,
  );
  await expectNoSeriousA11yViolations(page, 'stud medical records');
  await screenshot(page, testInfo, 'stud-medical');
});
