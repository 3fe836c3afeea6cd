import { expect, test, type Page } from '@playwright/test';
import {
  chooseRowAction,
  expectNoSeriousA11yViolations,
  openSection,
  screenshot,
  signInAsAdmin,
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

  await chooseRowAction(
    page,
    page.getByRole('row', { name: /Canela/ }),
    'Pedigree',
    'Canela',
    !wide,
    'Pedigree of Canela',
  );
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

  const row = page.getByRole('row', { name: new RegExp(name) });
  await chooseRowAction(page, row, 'Pedigree', name, !wide, `Pedigree of ${name}`);
  const linked = page.getByRole('region', { name: `Pedigree of ${name}` });
  const linkedTree = wide
    ? linked.getByRole('group', { name: /Pedigree chart/ })
    : linked.getByRole('list', { name: /Ancestors/ });
  await expect(linkedTree.getByText('Dyfed Rhys', { exact: true })).toBeVisible();

  await chooseRowAction(page, row, 'Delete', name, !wide);
  // Asked beside the button on a wide screen, in a dialog from a phone's menu.
  await (wide ? row : page.getByRole('dialog'))
    .getByRole('button', { name: 'Yes, delete' })
    .click();
  await expect(toast(page, `${name} was deleted.`)).toBeVisible();
});

test('a platform administrator finds a horse, reads its tree, checks and imports a CSV, and sees the corrections queue', async ({
  page,
}, testInfo) => {
  // Numbers of this width's run only, so both widths can import in one database.
  const digit = testInfo.project.name === 'mobile' ? '2' : '1';
  const sireUeln = `72400900000000${digit}`;
  await signInAsAdmin(page);
  await page.goto('/admin/pedigree');
  await page.getByLabel('Search horses').fill('Rhosyn');
  await page.getByRole('link', { name: 'Rhosyn Storm' }).click();
  await expect(page.getByRole('heading', { name: /Rhosyn Storm/, level: 2 })).toBeVisible();
  const tree = page.getByRole('region', { name: 'Pedigree' });
  const ancestors =
    testInfo.project.name === 'mobile'
      ? tree.getByRole('list', { name: /Ancestors/ })
      : tree.getByRole('group', { name: /Pedigree chart/ });
  await expect(ancestors.getByText('Dyfed Rhys', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Moves \d+ records/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'admin pedigree detail');

  // A sire cannot become a mare: the rules answer beside the field, and nothing changes.
  await page.getByRole('button', { name: 'Edit Rhosyn Storm' }).click();
  const edit = page.getByRole('form', { name: 'Edit Rhosyn Storm' });
  await edit.getByLabel('Sex').selectOption('female');
  await edit.getByRole('button', { name: 'Save horse' }).click();
  await expect(edit.getByLabel('Sex')).toHaveAccessibleDescription(
    /sire of \d+ recorded foals: it must stay male/,
  );
  await expectNoSeriousA11yViolations(page, 'admin identity edit with errors');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/admin/pedigree/import');
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({
    name: 'pedigree.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'name,sex,birth_year,ueln,sire,dam',
        `Import foal ${digit},female,2018,,${sireUeln},826002030012345`,
        `Import sire ${digit},male,2010,${sireUeln},,`,
      ].join('\n'),
    ),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  const report = page.getByRole('region', { name: '2. What the import would do' });
  // Rhosyn Storm, named as the foal's dam, is a stallion: that line is refused.
  await expect(report.getByRole('status')).toHaveText('2 rows: 1 would be imported, 1 refused.');
  await expect(report.getByRole('list', { name: 'Refused lines' })).toContainText(
    'Line 2: dam: The dam must be a female horse.',
  );
  await expectNoSeriousA11yViolations(page, 'pedigree import preview');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Imported' }).getByRole('status')).toHaveText(
    '2 rows: 1 imported, 1 refused.',
  );

  await page.goto('/admin/pedigree/corrections');
  await expect(page.getByRole('heading', { name: 'Pedigree corrections', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'corrections queue');
});
