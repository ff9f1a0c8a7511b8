import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { descriptionEditor, descriptionField, typeDescription } from '../../../test/description';
import { resetAfterEach } from '../../../test/utils';
import { DescriptionField } from './DescriptionField';

resetAfterEach();

// The toolbar's commands focus the editor, which scrolls the selection into view: jsdom measures no ranges.
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
document.elementFromPoint ??= () => null;

function Harness({ initial, outside }: { initial: string; outside?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DescriptionField label="Description" value={value} onChange={setValue} />
      {outside !== undefined && (
        <button type="button" onClick={() => setValue(outside)}>
          Accept
        </button>
      )}
      <output data-testid="value">{value}</output>
    </>
  );
}

const stored = () => screen.getByTestId('value').textContent;

describe('the Description field', () => {
  it('shows a plain-text description from before as paragraphs, and a rich one formatted, never as tags', () => {
    const { unmount } = render(<Harness initial={'First paragraph.\n\nSecond one.'} />);
    expect(descriptionField().querySelectorAll('p')).toHaveLength(2);
    expect(descriptionField().textContent).toBe('First paragraph.Second one.');
    unmount();

    render(<Harness initial="<p><b>Bold</b> and <i>quiet</i></p><ul><li>one</li></ul><script>x()</script>" />);
    const field = descriptionField();
    expect(field.querySelector('strong')?.textContent).toBe('Bold');
    expect(field.querySelector('em')?.textContent).toBe('quiet');
    expect(field.querySelector('ul li')?.textContent).toBe('one');
    expect(field.textContent).not.toContain('<');
    expect(field.querySelector('script')).toBeNull();
  });

  it('hands back the sanitiser’s HTML on every edit, marks included', async () => {
    render(<Harness initial="" />);
    await typeDescription('Letters from the sea.');
    expect(stored()).toBe('<p>Letters from the sea.</p>');
    const editor = descriptionEditor();
    await act(async () => {
      editor.commands.setTextSelection({ from: 14, to: 21 });
      await Promise.resolve();
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Bold' }));
    expect(stored()).toBe('<p>Letters from <strong>the sea</strong>.</p>');
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('makes lists from the toolbar', async () => {
    render(<Harness initial="<p>one</p>" />);
    await act(async () => {
      descriptionEditor().commands.setTextSelection(2);
      await Promise.resolve();
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Numbered list' }));
    expect(stored()).toBe('<ol><li><p>one</p></li></ol>');
  });

  it('shows a value set from outside (an accepted AI suggestion) formatted', async () => {
    render(<Harness initial="Old text" outside="<p>Letters from the <strong>sea</strong>.</p>" />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept' }));
    const field = descriptionField();
    expect(within(field).getByText('sea').tagName).toBe('STRONG');
    expect(field.textContent).toBe('Letters from the sea.');
  });
});
