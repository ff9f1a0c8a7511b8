import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetAfterEach } from '../test/utils';
import { dismissToast, toast } from './toast';
import { maxToasts, Toaster } from './Toaster';

resetAfterEach();

const shown = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

/** jsdom runs no CSS animations: end them, as a browser would, so closed toasts leave the page. */
function endAnimations() {
  for (const element of document.querySelectorAll('.Toastify__toast')) fireEvent.animationEnd(element);
}

describe('toasts', () => {
  it('shows at most three at once; the next waits until one closes', async () => {
    render(<Toaster />);
    let first: string | number = '';
    act(() => {
      first = toast.success('one');
      for (const message of ['two', 'three', 'four']) toast.info(message);
    });
    await waitFor(() => expect(shown()).toHaveLength(maxToasts));
    expect(maxToasts).toBe(3);
    expect(shown()).not.toContain('four');
    act(() => dismissToast(first));
    await waitFor(() => {
      endAnimations();
      expect(shown()).toContain('four');
    });
    expect(shown()).not.toContain('one');
    expect(shown().length).toBeLessThanOrEqual(maxToasts);
  });

  it('does not stack the same message again while it is shown', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Saved successfully!');
      toast.success('Saved successfully!');
    });
    await screen.findByText('Saved successfully!');
    act(() => {
      toast.success('Saved successfully!');
    });
    expect(screen.getAllByText('Saved successfully!')).toHaveLength(1);
    // The same words as an error are another message.
    act(() => {
      toast.error('Saved successfully!');
    });
    await waitFor(() => expect(screen.getAllByText('Saved successfully!')).toHaveLength(2));
  });

  it('gives the same id to the same message, so dismissing it dismisses the one shown', async () => {
    render(<Toaster />);
    let ids: (string | number)[] = [];
    act(() => {
      ids = [toast.warning('Careful'), toast.warning('Careful')];
    });
    expect(ids[0]).toBe(ids[1]);
    await screen.findByText('Careful');
    act(() => dismissToast(ids[0]!));
    await waitFor(() => {
      endAnimations();
      expect(screen.queryByText('Careful')).toBeNull();
    });
  });
});
