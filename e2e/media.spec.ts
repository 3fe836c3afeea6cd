import { expect, test } from '@playwright/test';
import {
  chooseRowAction,
  expectNoSeriousA11yViolations,
  openSection,
  screenshot,
  signInToSchool,
  unique,
} from './helpers';

// A 2×2 PNG, made by sharp; the server decodes it and writes it again without metadata.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVR4nGNYEKS7IEiXAUIBACE+BH3Ha5TUAAAAAElFTkSuQmCC',
  'base64',
);

test("a manager sees a horse's photos, is refused a file that is no image, uploads one and deletes it", async ({
  page,
}, testInfo) => {
  const caption = unique(testInfo, 'Canela after the lesson');
  await signInToSchool(page, 'manager@demo.school');
  await openSection(page, 'Horses');
  const canela = page.getByRole('row', { name: /Canela/ });
  await chooseRowAction(
    page,
    canela,
    'Photos',
    'Canela',
    testInfo.project.name === 'mobile',
    'Photos of Canela',
  );

  const photos = page.getByRole('region', { name: 'Photos of Canela' });
  await expect(photos.getByRole('img', { name: 'Canela in the paddock' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'horse photos');

  // A text file named like a photo: the server reads the bytes and refuses it beside the field.
  await photos.getByLabel(/^Photo/).setInputFiles({
    name: 'canela.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('not a picture at all'),
  });
  await photos.getByRole('button', { name: 'Upload photo' }).click();
  await expect(photos.getByLabel(/^Photo/)).toHaveAccessibleDescription(
    'The file must be a JPEG, PNG or WebP image or a PDF.',
  );
  await expectNoSeriousA11yViolations(page, 'horse photos, refused file');

  await photos.getByLabel(/^Photo/).setInputFiles({
    name: 'after.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await photos.getByLabel('Caption (optional)').fill(caption);
  await photos.getByRole('button', { name: 'Upload photo' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The photo of Canela was added.' }),
  ).toBeVisible();
  const uploaded = photos.getByRole('img', { name: caption });
  await expect(uploaded).toBeVisible();
  // The browser loaded the stored bytes through the content route.
  await expect.poll(() => uploaded.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await screenshot(page, testInfo, 'horse-photos');

  await photos.getByRole('button', { name: `Delete ${caption}` }).click();
  await photos
    .getByRole('group', { name: 'Delete this photo?' })
    .getByRole('button', { name: 'Yes, delete' })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The photo was deleted.' }),
  ).toBeVisible();
  await expect(photos.getByRole('img', { name: caption })).toHaveCount(0);
});
