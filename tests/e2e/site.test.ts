import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { usePreviewWorld } from './support/preview-world';

/**
 * The public site (spec §2): the landing page's sections and their rules, the sample-book modal and its
 * download, the rotation timings on a fake clock, every link target, and the pre-rendered pages.
 */
describe.skipIf(!browserAvailable())('the public site in the browser', () => {
  const world = usePreviewWorld();

  async function open(path: string, options: BrowserContextOptions & { fakeClock?: boolean } = {}) {
    const { fakeClock, ...contextOptions } = options;
    const context = await world.browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
    const page = await context.newPage();
    // Billing's plan list is not part of this suite: the page must fall back to the default prices.
    await page.route('**/api/v1/payment/plans', (route) => route.fulfill({ status: 404, json: { msg: 'Not found' } }));
    if (fakeClock) await page.clock.install();
    await page.goto(world.server.url + path);
    if (contextOptions.javaScriptEnabled !== false) await mounted(page);
    return page;
  }

  /** The pre-rendered page looks like the live one: wait until React has taken the root over. */
  const mounted = (page: Page) =>
    page.waitForFunction(() =>
      Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
    );

  const close = (page: Page) => page.context().close();

  describe('pre-rendered pages', () => {
    const pages = [
      {
        path: '/',
        texts: [
          'Write the book you have always meant to write.',
          'Ready to Write Your Bestseller?',
          'The Tell-Tale Heart',
          `© ${new Date().getFullYear()}`,
        ],
      },
      { path: '/privacy-policy', texts: ['Privacy Policy', 'within 30 days', 'within 48 hours', 'XSRF-TOKEN'] },
      {
        path: '/terms-of-service',
        texts: ['Terms of Service', '18 or older', 'Italian law', 'end of the billing period'],
      },
      {
        path: '/cookies-policy',
        texts: [
          'Cookies Policy',
          'Essential',
          'Performance',
          'Functional',
          'Marketing',
          'Analytics',
          'Payment',
          'Cloud hosting',
          'Email delivery',
        ],
      },
    ];

    it.each(pages)(
      '$path has its text, title and sharing tags in the HTML, and shows it without JavaScript',
      async ({ path, texts }) => {
        const html = await (await fetch(world.server.url + path)).text();
        for (const text of texts) expect(html).toContain(text.replace("'", '&#x27;'));
        expect(html).toMatch(/<title>[^<]+<\/title>/);
        expect(html).toMatch(/<meta name="description" content="[^"]+"/);
        expect(html).toMatch(/<meta property="og:image" content="[^"]+"/);
        expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
        expect(html).not.toContain('noindex');
        const image = html.match(/<meta property="og:image" content="([^"]+)"/)![1]!;
        const imageResponse = await fetch(world.server.url + new URL(image).pathname);
        expect(imageResponse.headers.get('content-type')).toBe('image/png');

        const page = await open(path, { javaScriptEnabled: false });
        for (const text of texts)
          await expect(page.getByText(text, { exact: false }).first().isVisible()).resolves.toBe(true);
        await close(page);
      },
    );

    it('keeps the app shell empty and out of search engines', async () => {
      const html = await (await fetch(`${world.server.url}/app/settings`)).text();
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).not.toContain('Ready to Write Your Bestseller?');
      const sitemap = await (await fetch(`${world.server.url}/sitemap.xml`)).text();
      for (const { path } of pages) expect(sitemap).toContain(`${path}</loc>`);
      expect(await (await fetch(`${world.server.url}/robots.txt`)).text()).toMatch(/Disallow: \/app[\s\S]*Sitemap: /);
    });
  });

  describe('landing page', () => {
    it('has every section in the spec order, then the FAQ, the closing call to action and the footer', async () => {
      const page = await open('/');
      const order = await page.evaluate(() =>
        Array.from(
          document.querySelectorAll('main > section[id], main > section[aria-labelledby="cta-heading"], footer'),
        ).map((el) => el.id || el.getAttribute('aria-labelledby') || el.tagName.toLowerCase()),
      );
      expect(order).toEqual([
        'features',
        'showcase',
        'how-it-works',
        'pricing',
        'testimonials',
        'faq',
        'cta-heading',
        'footer',
      ]);
      await expect(page.getByRole('link', { name: 'Start Writing Now' }).last().getAttribute('href')).resolves.toBe(
        '/signup',
      );
      // Billing answered 404: the default prices stay.
      await expect(page.getByTestId('price-starter').textContent()).resolves.toContain('€30');
      await expect(page.getByTestId('price-professional').textContent()).resolves.toContain('€70');
      await close(page);
    });

    it('shows the prices billing answers', async () => {
      const context = await world.browser.newContext();
      const page = await context.newPage();
      await page.route('**/api/v1/payment/plans', (route) =>
        route.fulfill({
          json: {
            data: {
              provider: 'local',
              currency: 'eur',
              plans: [
                { accountType: 'starter', amount: 25, label: 'Starter' },
                { accountType: 'professional', amount: 65, label: 'Professional' },
              ],
            },
          },
        }),
      );
      await page.goto(world.server.url + '/');
      await page.getByTestId('price-starter').getByText('€25').waitFor();
      await expect(page.getByTestId('price-professional').textContent()).resolves.toContain('€65');
      await close(page);
    });

    it('FAQ: opening one question closes the other, and clicking the open one closes it', async () => {
      const page = await open('/');
      const faq = page.locator('#faq');
      const questions = faq.getByRole('button');
      const first = questions.nth(0);
      const second = questions.nth(1);
      const expanded = async () =>
        Promise.all((await questions.all()).map(async (q) => (await q.getAttribute('aria-expanded')) === 'true'));
      expect((await expanded()).some(Boolean)).toBe(false);
      await first.click();
      expect(await expanded()).toEqual([true, false, false, false, false, false, false]);
      await expect(faq.getByText(/Starter costs €30 per month/).isVisible()).resolves.toBe(true);
      await second.click();
      expect(await expanded()).toEqual([false, true, false, false, false, false, false]);
      await second.click();
      expect((await expanded()).some(Boolean)).toBe(false);
      await expect(faq.getByText('Cancel from Settings').isVisible()).resolves.toBe(false);
      await close(page);
    });

    it('the floating button opens a help panel with the support mail and the FAQ', async () => {
      const page = await open('/');
      await page.getByRole('button', { name: 'Open help' }).click();
      const panel = page.getByRole('region', { name: 'Need a hand?' });
      await expect(panel.getByRole('link', { name: /Email/ }).getAttribute('href')).resolves.toMatch(
        /^mailto:.+\?subject=.+&body=Hello/,
      );
      await panel.getByRole('link', { name: 'Read the FAQ' }).click();
      await expect(panel.isVisible()).resolves.toBe(false);
      expect(new URL(page.url()).hash).toBe('#faq');
      await page.getByRole('button', { name: 'Open help' }).click();
      await page.keyboard.press('Escape');
      await expect(panel.isVisible()).resolves.toBe(false);
      await close(page);
    });
  });

  it('the floating button covers nothing of the header, the closing call to action or the footer, at 390 and 1280 px', async () => {
    // Issue 47: at 390 px it covered the end of the closing call to action. Every scroll position from the
    // end of the FAQ to the page's end: the button is on top of none of their texts and links.
    for (const width of [390, 1280]) {
      const page = await open('/', { viewport: { width, height: 844 }, hasTouch: width < 640 });
      const covered = await page.evaluate(() => {
        const button = document.querySelector('button[aria-label="Open help"]')!;
        const cta = document.querySelector('section[aria-labelledby="cta-heading"]')!;
        const texts = [
          ...Array.from(document.querySelectorAll('header a, header button')),
          ...Array.from(cta.querySelectorAll('h2, p, a')),
          ...Array.from(document.querySelectorAll('footer p, footer a')),
        ];
        const hits: string[] = [];
        // It keeps its round shape wherever it rests.
        const { width: w, height: h } = button.getBoundingClientRect();
        if (Math.round(w) !== Math.round(h)) hits.push(`the button is ${w}×${h}`);
        // From the last section before the call to action, where the button comes to rest on a phone.
        const faq = document.getElementById('faq')!;
        const from = Math.max(0, faq.getBoundingClientRect().bottom + window.scrollY - window.innerHeight);
        const end = document.documentElement.scrollHeight - window.innerHeight;
        for (let y = from; y <= end + 20; y += 20) {
          window.scrollTo(0, Math.min(y, end));
          const b = button.getBoundingClientRect();
          for (const text of texts) {
            const t = text.getBoundingClientRect();
            const overlaps = b.left < t.right && t.left < b.right && b.top < t.bottom && t.top < b.bottom;
            // Only what is on screen: a text above or below the window cannot be covered.
            const onScreen = t.bottom > 0 && t.top < window.innerHeight;
            if (!overlaps || !onScreen) continue;
            // Covered: where the two meet, the button is what is on top (not the header above it).
            const meetX = (Math.max(b.left, t.left) + Math.min(b.right, t.right)) / 2;
            const meetY = (Math.max(b.top, t.top, 0) + Math.min(b.bottom, t.bottom, window.innerHeight)) / 2;
            if (button.contains(document.elementFromPoint(meetX, meetY)))
              hits.push(`${text.textContent?.trim()} at scroll ${Math.round(window.scrollY)}`);
          }
        }
        return [...new Set(hits)];
      });
      expect(covered, `${width}px`).toEqual([]);
      // Still there to be tapped at the page's end.
      await page.getByRole('button', { name: 'Open help' }).click();
      await page.getByRole('region', { name: 'Need a hand?' }).waitFor();
      await close(page);
    }
  });

  describe('sample-book modal', () => {
    const dialogOf = (page: Page) => page.getByRole('dialog');

    it('opens from a card with the book, and closes with its button, Escape and a click outside', async () => {
      const page = await open('/');
      const card = page.getByRole('button', { name: 'Preview: The Tell-Tale Heart' });
      const dialog = dialogOf(page);

      await card.click();
      await dialog.waitFor();
      for (const text of [
        'The Tell-Tale Heart',
        'by Edgar Allan Poe',
        'horror',
        'Download EPUB',
        'Read this book in your favorite reader',
        'Typeset your own book the same way',
        'The same EPUB export and cover designer come with every Bookwright plan',
      ])
        await expect(dialog.getByText(text, { exact: true }).first().isVisible(), text).resolves.toBe(true);
      const box = await dialog.boundingBox();
      expect(box!.height).toBeLessThanOrEqual(900 * 0.85 + 1);
      await dialog.getByRole('button', { name: 'Close preview' }).click();
      await dialog.waitFor({ state: 'detached' });

      await card.click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await card.click();
      await dialog.waitFor();
      await page.mouse.click(8, 450);
      await dialog.waitFor({ state: 'detached' });
      await close(page);
    });

    it('closes on a click outside that comes before any of the page’s timers has run', async () => {
      // Radix starts listening for a pointerdown outside only in a setTimeout(0) after the dialog opens, so a
      // click that Chromium handles before that timer (input goes ahead of timers on a busy renderer) was
      // lost and the dialog stayed open. With the clock paused no timer runs at all: the click must still close it.
      const page = await open('/', { fakeClock: true });
      await page.clock.pauseAt(Date.now() + 1000);
      const dialog = dialogOf(page);
      await page.getByRole('button', { name: 'Preview: The Tell-Tale Heart' }).click();
      await dialog.waitFor();
      await page.mouse.click(8, 450);
      await dialog.waitFor({ state: 'detached' });
      await close(page);
    });

    it('clamps the description to four lines and opens fresh after closing', async () => {
      const page = await open('/', { viewport: { width: 390, height: 844 } });
      await page.getByRole('button', { name: 'Preview: Fables of Aesop' }).click();
      const dialog = dialogOf(page);
      const description = dialog.getByTestId('modal-description');
      await expect(description.evaluate((el) => getComputedStyle(el).webkitLineClamp)).resolves.toBe('4');
      await dialog.getByRole('button', { name: 'Read more' }).click();
      await expect(description.evaluate((el) => getComputedStyle(el).webkitLineClamp)).resolves.toBe('none');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Preview: Fables of Aesop' }).click();
      await expect(
        dialog.getByTestId('modal-description').evaluate((el) => getComputedStyle(el).webkitLineClamp),
      ).resolves.toBe('4');
      await expect(dialog.getByRole('button', { name: 'Read more' }).getAttribute('aria-expanded')).resolves.toBe(
        'false',
      );
      await close(page);
    });

    it("'Create Your Own' goes to /signup and closes the modal", async () => {
      const page = await open('/');
      await page.getByRole('button', { name: 'Preview: Fables of Aesop' }).click();
      await dialogOf(page).getByRole('link', { name: 'Create Your Own' }).click();
      await page.waitForURL('**/signup');
      await expect(dialogOf(page).count()).resolves.toBe(0);
      await close(page);
    });

    // That the shipped file passes epubcheck (and Ace) is scripts/sample-books/sample-books.test.ts's check,
    // with no browser: here, that the link gives a reader exactly that file.
    it('downloads the EPUB the repository ships', async () => {
      const page = await open('/');
      await page.getByRole('button', { name: 'Preview: The Tell-Tale Heart' }).click();
      // The link itself, then what it fetches: Chromium's download event proved unreliable on a busy
      // machine, while the link's target and its download name are what a reader actually gets.
      const link = dialogOf(page).getByRole('link', { name: 'Download EPUB' });
      await link.waitFor();
      const href = await link.getAttribute('href');
      expect(href).toMatch(/tell-tale-heart\.epub$/);
      expect(['', 'tell-tale-heart.epub']).toContain(await link.getAttribute('download'));
      const response = await page.request.get(new URL(href ?? '', world.server.url).toString());
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/application\/epub\+zip/);
      const bytes = await response.body();
      const shipped = await readFile(
        fileURLToPath(new URL('../../web/public/samples/tell-tale-heart.epub', import.meta.url)),
      );
      expect(bytes.equals(shipped)).toBe(true);
      await close(page);
    });
  });

  describe('rotation (fake clock)', () => {
    const demoStep = async (page: Page) =>
      Number((await page.getByTestId('demo-step').textContent())!.match(/Step (\d)/)![1]);
    const testimonial = async (page: Page) =>
      (await page.getByTestId('testimonials').locator('blockquote').textContent())!;

    it('advances the demo step every 3 s and the testimonial every 6 s', async () => {
      const page = await open('/', { fakeClock: true });
      await page.clock.pauseAt(Date.now() + 1000);
      // Wherever the interval stands, each period shows exactly one change.
      const step = await demoStep(page);
      await page.clock.runFor(3000);
      expect(await demoStep(page)).toBe((step % 3) + 1);
      await page.clock.runFor(6000);
      expect(await demoStep(page)).toBe(((step + 2) % 3) + 1);

      const quotes: string[] = [await testimonial(page)];
      for (let i = 0; i < 3; i++) {
        await page.clock.runFor(6000);
        quotes.push(await testimonial(page));
      }
      // Three quotes in turn, one per 6 s, back to the first.
      expect(new Set(quotes.slice(0, 3)).size).toBe(3);
      expect(quotes[3]).toBe(quotes[0]);
      await close(page);
    });

    it('holds the testimonial while hovered or focused', async () => {
      const page = await open('/', { fakeClock: true });
      await page.clock.pauseAt(Date.now() + 1000);
      const region = page.getByTestId('testimonials');
      await region.scrollIntoViewIfNeeded();
      await region.locator('figure').hover();
      const held = await testimonial(page);
      await page.clock.runFor(18_000);
      expect(await testimonial(page)).toBe(held);
      await page.mouse.move(2, 2);
      await page.clock.runFor(6000);
      expect(await testimonial(page)).not.toBe(held);

      const focused = await testimonial(page);
      await region.getByRole('button', { name: 'Next testimonial' }).focus();
      await page.clock.runFor(18_000);
      expect(await testimonial(page)).toBe(focused);
      await page.getByRole('button', { name: 'Next testimonial' }).blur();
      await page.clock.runFor(6000);
      expect(await testimonial(page)).not.toBe(focused);
      await close(page);
    });

    it('keeps both still for users who prefer reduced motion', async () => {
      const page = await open('/', { fakeClock: true, reducedMotion: 'reduce' });
      await page.clock.pauseAt(Date.now() + 1000);
      const step = await demoStep(page);
      const quote = await testimonial(page);
      await page.clock.runFor(30_000);
      expect(await demoStep(page)).toBe(step);
      expect(await testimonial(page)).toBe(quote);
      // The controls still work.
      await page.getByRole('button', { name: 'Next testimonial' }).click();
      expect(await testimonial(page)).not.toBe(quote);
      await close(page);
    });
  });

  describe('links', () => {
    it.each(['/', '/privacy-policy', '/terms-of-service', '/cookies-policy'])(
      'every link on %s leads somewhere',
      async (path) => {
        const page = await open(path);
        const hrefs = await page.$$eval('a[href]', (links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
        expect(hrefs.length).toBeGreaterThan(5);
        const landingIds = ['top', 'features', 'showcase', 'how-it-works', 'pricing', 'testimonials', 'faq'];
        for (const href of hrefs) {
          if (href.startsWith('mailto:')) {
            const mail = new URL(href);
            expect(mail.pathname, href).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
            expect(mail.searchParams.get('subject'), href).toBeTruthy();
            expect(mail.searchParams.get('body'), href).toMatch(/^Hello/);
          } else if (href.startsWith('#')) {
            expect(await page.locator(href).count(), href).toBe(1);
          } else if (href.startsWith('/#')) {
            expect(landingIds, href).toContain(href.slice(2));
          } else if (href.startsWith('/samples/')) {
            expect((await fetch(world.server.url + href)).status, href).toBe(200);
          } else {
            expect(href, 'internal links only').toMatch(/^\//);
            await targetPageRenders(href);
          }
        }
        await close(page);
      },
    );

    const checked = new Set<string>();
    /** An app route: it renders a page of its own, not the error screen. */
    async function targetPageRenders(href: string) {
      if (checked.has(href)) return;
      checked.add(href);
      const page = await open(href);
      await page.getByRole('heading').first().waitFor();
      await expect(page.getByText(/Error Code: \d+/).count(), href).resolves.toBe(0);
      expect(new URL(page.url()).pathname, href).toBe(href.split('?')[0]);
      await close(page);
    }
  });
});
