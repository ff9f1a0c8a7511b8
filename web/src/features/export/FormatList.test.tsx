import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetAfterEach } from '../../test/utils';
import { FormatList } from './FormatList';

resetAfterEach();

const titles = () =>
  within(screen.getByRole('list'))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('export format list', () => {
  it("puts the author's default format first and marks it", () => {
    const { rerender } = render(<FormatList busy={undefined} onEpub={() => {}} onPdf={() => {}} onWord={() => {}} />);
    expect(titles()[0]).toMatch(/EPUB/);
    rerender(<FormatList busy={undefined} onEpub={() => {}} onPdf={() => {}} onWord={() => {}} preferred="pdf" />);
    expect(titles()[0]).toMatch(/KDP/);
    const first = within(screen.getByRole('list')).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Default')).toBeTruthy();
  });

  it('offers Word as its own option, with Other Platforms (coming soon) keeping its place last', () => {
    render(<FormatList busy={undefined} onEpub={() => {}} onPdf={() => {}} onWord={() => {}} />);
    expect(titles()).toEqual(['EPUB', 'PDF - Amazon KDP', 'Word', 'Other Platforms']);
  });
});
