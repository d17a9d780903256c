import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApartmentCombobox } from './apartment-picker';

const apartments = ['A-0101', 'A-0102', 'A-0201', 'B-0101'].map((apartment_number, i) => ({
  apartment_number,
  active_residents: i === 3 ? 0 : 1 + (i % 2),
}));

/** The combobox in a form with its value shown, as a screen holds it. */
function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  const [changes, setChanges] = useState<string[]>([]);
  return (
    <form onSubmit={(event) => event.preventDefault()} aria-label="Formular">
      <ApartmentCombobox
        label="Wohnung"
        hint="Eine Wohnung des Standorts"
        apartments={apartments}
        value={value}
        onChange={(next) => {
          setValue(next);
          setChanges((c) => [...c, next]);
        }}
      />
      <div data-testid="value">{value}</div>
      <div data-testid="changes">{changes.join('|')}</div>
      <button type="submit">Senden</button>
    </form>
  );
}

const value = () => screen.getByTestId('value').textContent;
const box = () => screen.getByRole('combobox', { name: 'Wohnung' });

describe('apartment picker (ARIA combobox with a listbox)', () => {
  it('filters as one types and announces how many apartments match', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveAccessibleDescription('Eine Wohnung des Standorts');
    await user.type(box(), '01');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Wohnungen' });
    expect(box()).toHaveAttribute('aria-controls', list.id);
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['A-01011 Bewohner:in', 'A-01022 Bewohner:innen', 'A-02011 Bewohner:in', 'B-0101kein aktives Konto']);
    await user.type(box(), '02');
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('1 passende Wohnung');
    await user.type(box(), '9');
    expect(within(list).queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Keine passende Wohnung');
    expect(within(list).getByText('Keine passende Wohnung')).toBeVisible();
  });

  it('moves with the arrow keys, takes the active option with Enter and never sends the form', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(), 'a-0');
    await user.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(box()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the last it wraps to the first; ↑ from the first goes to the last.
    expect(box()).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(value()).toBe('A-0102');
    expect(box()).toHaveValue('A-0102');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveFocus();
  });

  it('takes only numbers of the list: partial or unknown text leaves the value empty', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(), 'A-01');
    expect(value()).toBe('');
    await user.type(box(), '0');
    await user.type(box(), '2');
    // 'A-0102' typed in full is an apartment of the list.
    expect(value()).toBe('A-0102');
    await user.type(box(), '7');
    expect(value()).toBe('');
    expect(
      screen
        .getByTestId('changes')
        .textContent!.split('|')
        .every((v) => v === '' || v === 'A-0102'),
    ).toBe(true);
    // Enter with no match picks nothing and does not send.
    await user.keyboard('{Enter}');
    expect(value()).toBe('');
    // Small letters name the same apartment; leaving the field spells it as the list does.
    await user.clear(box());
    await user.type(box(), 'b-0101');
    expect(value()).toBe('B-0101');
    await user.tab();
    expect(box()).toHaveValue('B-0101');
  });

  it('closes with Escape, and a second Escape restores the chosen apartment', async () => {
    const user = userEvent.setup();
    render(<Harness initial="A-0201" />);
    expect(box()).toHaveValue('A-0201');
    await user.click(box());
    // With an apartment chosen the whole list opens, the chosen one marked.
    expect(screen.getAllByRole('option')).toHaveLength(4);
    await user.keyboard('{Backspace}');
    expect(value()).toBe('');
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('A-020');
    await user.keyboard('{Escape}');
    expect(box()).toHaveValue('');
  });

  it('picks with a click, and its options are large enough to hit (44 px, CSS)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box());
    await user.click(screen.getByRole('option', { name: /B-0101/ }));
    expect(value()).toBe('B-0101');
    expect(box()).toHaveFocus();
  });
});
