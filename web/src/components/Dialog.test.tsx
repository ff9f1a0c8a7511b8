import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

describe('Dialog', () => {
  it('closes on a click on the overlay as soon as it is shown, with no timer having run', () => {
    vi.useFakeTimers();
    try {
      const onClose = vi.fn();
      render(
        <Dialog open onClose={onClose} title="Share this book">
          <button type="button">Inside</button>
        </Dialog>,
      );
      // A click inside leaves it open.
      fireEvent.click(screen.getByRole('button', { name: 'Inside' }));
      expect(onClose).not.toHaveBeenCalled();
      fireEvent.click(screen.getByTestId('dialog-overlay'));
      expect(onClose).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
