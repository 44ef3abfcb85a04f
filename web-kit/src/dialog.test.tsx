/** @jest-environment jsdom */
import { useRef, useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { firstFocusable, useDialogFocus } from './dialog';

function Dialog({ onClose, step, first }: { onClose: () => void; step?: string; first?: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useDialogFocus(box, onClose, { focusKey: step, initialFocus: first ? firstFocusable : undefined });
  return (
    <div ref={box} role="dialog" tabIndex={-1}>
      <button type="button">one</button>
      <button type="button">two</button>
    </div>
  );
}

function Page({ first, step }: { first?: boolean; step?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && <Dialog onClose={() => setOpen(false)} step={step} first={first} />}
    </>
  );
}

describe('useDialogFocus', () => {
  it('moves focus into the dialog, keeps Tab inside, closes on Escape and gives focus back', () => {
    render(<Page first />);
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'one' }));

    screen.getByRole('button', { name: 'two' }).focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'one' }));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'two' }));

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('focuses the dialog itself without an initial focus, and again on a new step', () => {
    const { rerender } = render(<Page step="a" />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    screen.getByRole('button', { name: 'two' }).focus();
    rerender(<Page step="a" />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'two' }));
    rerender(<Page step="b" />);
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
  });
});
