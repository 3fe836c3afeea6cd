import { expect, type Locator, type Page } from '@playwright/test';

/*
 * What a person can reach on the screen (issue 26): elements inside the viewport, pages that do
 * not scroll sideways, and paths counted in steps.
 */

/** Fails unless the element lies wholly inside the viewport (across, and down when `down`). */
export async function expectInViewport(page: Page, element: Locator, { down = false } = {}) {
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  const name = (await element.getAttribute('aria-label')) ?? (await element.innerText());
  expect(box, `${name} has a box`).not.toBeNull();
  expect(box!.x, `${name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} ends inside the viewport`).toBeLessThanOrEqual(
    viewport.width,
  );
  if (down) {
    expect(box!.y, `${name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height, `${name} ends inside the viewport`).toBeLessThanOrEqual(
      viewport.height,
    );
  }
}

export async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'the page does not scroll sideways').toBeLessThanOrEqual(client);
}

/**
 * Counts the steps of a path, each action run through it: a step is one click, one choice in
 * a select or one field filled; waiting and checking are not steps.
 */
export function stepCounter() {
  const steps: string[] = [];
  return {
    async step<T>(what: string, action: () => Promise<T>): Promise<T> {
      steps.push(what);
      return action();
    },
    get count() {
      return steps.length;
    },
    get steps() {
      return [...steps];
    },
  };
}

export type Steps = ReturnType<typeof stepCounter>;
