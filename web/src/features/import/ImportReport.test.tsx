import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { importDroppedKinds, importKeptKinds } from '@bookwright/contracts/http';
import { resetAfterEach } from '../../test/utils';
import { ImportReport } from './ImportReport';
import { droppedText, keptText } from './importTexts';
import { sampleReport } from './testing';

resetAfterEach();

describe('the import report', () => {
  it('says every kind kept and dropped in words, one and many', () => {
    for (const kind of importKeptKinds) {
      expect(keptText[kind](1)).toMatch(/^1 /);
      expect(keptText[kind](1_200)).toMatch(/^1,200 /);
    }
    for (const kind of importDroppedKinds) {
      expect(droppedText[kind](1)).toMatch(/^1 .* was not imported/);
      expect(droppedText[kind](3)).toMatch(/^3 .* were not imported/);
    }
    expect(droppedText.comments(3)).toBe('3 Word comments were not imported');
    expect(droppedText.comments(1)).toBe('1 Word comment was not imported');
    expect(keptText['tracked-changes'](2)).toBe('2 tracked changes, as suggestions');
  });

  it('lists the chapters, the front matter, the details filled in, and what was kept and left out', () => {
    render(<ImportReport report={sampleReport()} />);
    expect(screen.getByText('the-keeper.docx · 6,024 words')).toBeTruthy();
    expect(screen.getByRole('list', { name: '2 chapters found' })).toBeTruthy();
    expect(screen.getByText('Title page, Copyright page. Kept out of the chapters.')).toBeTruthy();
    expect(screen.getByText('© 2026 Ada Author')).toBeTruthy();
    expect(screen.getByText('14 passages in italics')).toBeTruthy();
    expect(screen.getByText('1 text box was not imported')).toBeTruthy();
  });

  it('says nothing was left out, and leaves out what the manuscript did not have', () => {
    render(<ImportReport report={sampleReport({ dropped: [], frontMatter: [], metadata: {} })} />);
    expect(screen.getByText('Nothing was left out.')).toBeTruthy();
    expect(screen.queryByText('Front matter recognised')).toBeNull();
    expect(screen.queryByText('Book details filled in')).toBeNull();
  });
});
