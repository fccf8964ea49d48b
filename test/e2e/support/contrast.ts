import type { Locator, Page } from 'playwright-core';

/** The in-page contrast measure {@link installContrast} puts on `window.__contrast`. */
export type PageContrast = {
  /**
   * WCAG contrast ratio (1..21, two decimals) of colour `fg` (a CSS rgb()/rgba() string) over the nearest opaque
   * background behind `el` (the element's, else an ancestor's; white when none). A translucent colour is blended
   * over that background first.
   */
  ratio(el: Element, fg: string): number;
};

/** Runs in the page: defines window.__contrast (see {@link PageContrast}). Self-contained, as page code must be. */
function defineContrast(): void {
  const rgba = (css: string): [number, number, number, number] => {
    const m = css.match(/rgba?\(([^)]+)\)/);
    if (!m) return [0, 0, 0, 0];
    const p = m[1]!
      .split(/[ ,/]+/)
      .filter(Boolean)
      .map(Number);
    return [p[0]!, p[1]!, p[2]!, p.length > 3 ? p[3]! : 1];
  };
  const lum = ([r, g, b]: number[]) => {
    const f = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
  };
  const contrast: PageContrast = {
    ratio(el, fgCss) {
      let bg: number[] = [255, 255, 255, 1];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c[3] >= 0.99) {
          bg = c;
          break;
        }
      }
      const fg = rgba(fgCss);
      const a = fg[3];
      const blended = [0, 1, 2].map((i) => fg[i]! * a + bg[i]! * (1 - a));
      const [l1, l2] = [lum(blended), lum(bg)].sort((x, y) => y - x);
      return Math.round(((l1! + 0.05) / (l2! + 0.05)) * 100) / 100;
    },
  };
  (window as unknown as { __contrast: PageContrast }).__contrast = contrast;
}

/** Defines window.__contrast on `page` (again after a navigation or reload). */
export async function installContrast(page: Page): Promise<void> {
  await page.evaluate(defineContrast);
}

/**
 * WCAG contrast ratio (1..21, two decimals) of an element's text colour, or of its `::placeholder` text with
 * `pseudo`, against the nearest opaque background behind it (see {@link PageContrast}).
 */
export async function contrastOf(target: Locator, pseudo: '::placeholder' | null = null): Promise<number> {
  await installContrast(target.page());
  return target.evaluate(
    (el, pseudoElt) => (window as unknown as { __contrast: PageContrast }).__contrast.ratio(el, getComputedStyle(el, pseudoElt).color),
    pseudo,
  );
}
