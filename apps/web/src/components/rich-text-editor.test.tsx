import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RichTextEditor } from './rich-text-editor';

describe('the rich text editor', () => {
  it('leaves a pasted image to the form around it and keeps the focus where the member goes next', async () => {
    const pasted: File[] = [];
    render(
      <form aria-label="Post" onPaste={(event) => pasted.push(...Array.from(event.clipboardData.files))}>
        <RichTextEditor label="New post" initialHtml={null} onChange={() => undefined} />
        <label>
          Label for image 1
          <input />
        </label>
      </form>,
    );
    const editor = await screen.findByRole('textbox', { name: 'New post' });
    const image = new File([new Uint8Array(10)], 'pasted.png', { type: 'image/png' });
    fireEvent.paste(editor, { clipboardData: { files: [image], getData: () => '', types: ['Files'] } });
    expect(pasted).toEqual([image]);

    const label = screen.getByLabelText('Label for image 1');
    act(() => label.focus());
    // ProseMirror's own handling of a paste without text took the focus back 50 ms later.
    await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
    expect(label).toHaveFocus();
    await userEvent.setup().type(label, 'NQ entry');
    expect(label).toHaveValue('NQ entry');
  });
});
