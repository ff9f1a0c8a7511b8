import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { resetAfterEach } from '../../../test/utils';
import { addKeywords, splitAtLastComma } from './keywords';
import { KeywordsInput } from './KeywordsInput';

resetAfterEach();

describe('keyword rules (spec §5)', () => {
  it('trims, drops blanks and duplicates, and splits on commas', () => {
    expect(addKeywords([], '  sea  ')).toEqual(['sea']);
    expect(addKeywords(['sea'], 'sea')).toEqual(['sea']);
    expect(addKeywords(['sea'], '   ')).toEqual(['sea']);
    expect(addKeywords(['sea'], 'storm, , lighthouse ,sea,storm')).toEqual(['sea', 'storm', 'lighthouse']);
  });

  it('counts chips the same ignoring case and surrounding space, keeping the first spelling', () => {
    expect(addKeywords(['Leuchtturm'], 'leuchtturm, LEUCHTTURM ,  Mut')).toEqual(['Leuchtturm', 'Mut']);
    expect(addKeywords(['Mut'], ' mut ')).toEqual(['Mut']);
  });

  it('returns the same list when nothing was added', () => {
    const list = ['a'];
    expect(addKeywords(list, ' , a,')).toBe(list);
  });

  it('keeps what follows the last comma in the field', () => {
    expect(splitAtLastComma('a, b, c')).toEqual({ complete: 'a, b', rest: 'c' });
    expect(splitAtLastComma('sea,')).toEqual({ complete: 'sea', rest: '' });
    expect(splitAtLastComma('sea')).toEqual({ complete: '', rest: 'sea' });
  });
});

function Harness({ initial = [] as string[] }) {
  const [keywords, setKeywords] = useState<readonly string[]>(initial);
  return (
    <>
      <KeywordsInput label="Subject/Keywords" keywords={keywords} onChange={setKeywords} />
      <button type="button">elsewhere</button>
      <output data-testid="value">{keywords.join('|')}</output>
    </>
  );
}

const value = () => screen.getByTestId('value').textContent;

describe('keywords field', () => {
  it('adds on Enter, comma, leaving the field and the button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Subject/Keywords');
    expect(input.getAttribute('placeholder')).toBe('Type a keyword and press Enter or comma...');

    await user.type(input, '  sea {Enter}');
    expect(value()).toBe('sea');
    expect((input as HTMLInputElement).value).toBe('');

    await user.type(input, 'storm,');
    expect(value()).toBe('sea|storm');
    expect((input as HTMLInputElement).value).toBe('');

    await user.type(input, 'lighthouse');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(value()).toBe('sea|storm|lighthouse');

    await user.type(input, 'letters');
    await user.click(screen.getByRole('button', { name: 'Add keyword' }));
    expect(value()).toBe('sea|storm|lighthouse|letters');
  });

  it('ignores blanks and duplicates and splits what is pasted', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['sea']} />);
    const input = screen.getByLabelText('Subject/Keywords');
    await user.type(input, '   {Enter}');
    await user.type(input, 'sea{Enter}');
    expect(value()).toBe('sea');
    await user.click(input);
    await user.paste('tide, , moon ,sea, stars');
    expect(value()).toBe('sea|tide|moon');
    expect((input as HTMLInputElement).value).toBe('stars');
    await user.keyboard('{Enter}');
    expect(value()).toBe('sea|tide|moon|stars');
  });

  it('removes a keyword with its chip button', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['sea', 'tide']} />);
    const chips = screen.getByRole('list', { name: 'Keywords' });
    await user.click(within(chips).getByRole('button', { name: 'Remove keyword sea' }));
    expect(value()).toBe('tide');
  });
});
