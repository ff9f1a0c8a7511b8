import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { footer } from '../landing/content';
import { SiteFooter } from './SiteFooter';

afterEach(() => vi.useRealTimers());

describe('the footer copyright (issue 47: the current year, not 2024)', () => {
  it('names the year the page is read in', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-14T12:00:00Z') });
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    expect(screen.getByText('© 2031 Bookwright. All rights reserved.')).toBeTruthy();
    expect(screen.queryByText(/© 2024/)).toBeNull();
  });

  it('turns over with the year, not with the day the module was loaded', () => {
    expect(footer.copyright(new Date('2026-12-31T12:00:00Z'))).toBe('© 2026 Bookwright. All rights reserved.');
    expect(footer.copyright(new Date('2027-01-01T12:00:00Z'))).toBe('© 2027 Bookwright. All rights reserved.');
  });
});
