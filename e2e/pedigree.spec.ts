import { expect, test, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  openSection,
  screenshot,
  signInToSchool,
  unique,
} from './helpers';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test("an owner reads a horse's pedigree, is told a UELN is taken and links that horse instead", async ({
  page,
}, testInfo) => {
  const name = unique(testInfo, 'Storm junior');
  const wide = testInfo.project.name !== 'mobile';
  await signInToSchool(page, 'owner@demo.school');
  await openSection(page, 'Horses');

  await page.getByRole('button', { name: 'Pedigree of Canela' }).click();
  const pedigree = page.getByRole('region', { name: 'Pedigree of Canela' });
  // A chart on a wide screen, nested lists on a phone: the same ancestors either way.
  const tree = wide
    ? pedigree.getByRole('group', { name: 'Pedigree chart of Canela' })
    : pedigree.getByRole('list', { name: 'Ancestors of Canela' });
  for (const ancestor of ['Rhosyn Storm', 'Mair', 'Dyfed Rhys', 'Seren'])
    await expect(tree.getByText(ancestor, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'horse pedigree');
  await screenshot(page, testInfo, 'horse-pedigree');

  // A new horse with the UELN of a horse the platform knows: refused beside the field.
  await page.getByRole('button', { name: 'New horse' }).click();
  const form = page.getByRole('dialog', { name: 'New horse' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Birth year').fill('2016');
  await form.getByLabel('UELN').fill('826002030012345');
  await form.getByRole('button', { name: 'Create horse' }).click();
  await expect(form.getByLabel('UELN')).toHaveAccessibleDescription(
    /already recorded for the horse .*: link that identity/,
  );
  await expectNoSeriousA11yViolations(page, 'new horse, UELN taken');

  // Linked instead: the picker finds it by name.
  await form.getByLabel('UELN').fill('');
  await form.getByLabel('Link a horse of the platform').fill('Rhosyn');
  await form.getByRole('option', { name: /Rhosyn Storm \(2003\)/ }).click();
  await form.getByRole('button', { name: 'Create horse' }).click();
  await expect(toast(page, `${name} was saved.`)).toBeVisible();

  await page.getByRole('button', { name: `Pedigree of ${name}` }).click();
  const linked = page.getByRole('region', { name: `Pedigree of ${name}` });
  const linkedTree = wide
    ? linked.getByRole('group', { name: /Pedigree chart/ })
    : linked.getByRole('list', { name: /Ancestors/ });
  await expect(linkedTree.getByText('Dyfed Rhys', { exact: true })).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await row.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(toast(page, `${name} was deleted.`)).toBeVisible();
});
