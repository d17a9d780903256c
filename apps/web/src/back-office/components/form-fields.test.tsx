import { describe, expect, it } from 'vitest';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyServerErrors } from '../lib/errors';
import { renderAdmin } from '../test-utils';
import { AdminForm, CheckboxGroupInput, CheckboxInput, FormSubmit, TextInput } from './form-fields';

const schema = z.object({
  title: z.string().trim().min(1, { error: 'Eingabe ist zwingend' }),
  important: z.boolean(),
  location_ids: z.array(z.number()).min(1, { error: 'Bitte wählen Sie mindestens einen Standort.' }),
});
type Values = z.infer<typeof schema>;

function Form({ serverError, onSaved }: { serverError?: unknown; onSaved?: (v: Values) => void }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { title: '', important: false, location_ids: [] },
  });
  return (
    <AdminForm
      form={form}
      onSubmit={(values) => {
        if (serverError) applyServerErrors(serverError, form.setError, ['title', 'location_ids']);
        else onSaved?.(values);
      }}
    >
      <TextInput name="title" label="Titel" />
      <CheckboxInput name="important" label="Wichtig" />
      <CheckboxGroupInput
        name="location_ids"
        label="Standorte"
        options={[
          { value: 1, label: 'Haus Nord' },
          { value: 2, label: 'Haus Süd' },
        ]}
      />
      <FormSubmit>Speichern</FormSubmit>
    </AdminForm>
  );
}

describe('admin form fields', () => {
  it('shows the schema errors under their labelled fields', async () => {
    const user = userEvent.setup();
    renderAdmin(<Form />);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const title = screen.getByRole('textbox', { name: 'Titel' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Eingabe ist zwingend');
    expect(screen.getByText('Bitte wählen Sie mindestens einen Standort.')).toBeInTheDocument();
    expect(title).toHaveFocus();
  });

  it('hands the typed values, booleans and id lists to the submit handler', async () => {
    const user = userEvent.setup();
    let saved: Values | null = null;
    renderAdmin(<Form onSaved={(v) => (saved = v)} />);
    await user.type(screen.getByRole('textbox', { name: 'Titel' }), 'Wasser abgestellt');
    await user.click(screen.getByRole('checkbox', { name: 'Wichtig' }));
    await user.click(screen.getByRole('checkbox', { name: 'Haus Süd' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(saved).toEqual({ title: 'Wasser abgestellt', important: true, location_ids: [2] });
  });

  it('puts DRF field errors under the field and non_field_errors at the top of the form', async () => {
    const user = userEvent.setup();
    const serverError = {
      status: 400,
      data: { title: ['Höchstens 200 Zeichen erlaubt.'], non_field_errors: ['Das Ende liegt in der Vergangenheit.'] },
    };
    renderAdmin(<Form serverError={serverError} />);
    await user.type(screen.getByRole('textbox', { name: 'Titel' }), 'x');
    await user.click(screen.getByRole('checkbox', { name: 'Haus Nord' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.getByRole('textbox', { name: 'Titel' })).toHaveAccessibleDescription(
      'Höchstens 200 Zeichen erlaubt.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Das Ende liegt in der Vergangenheit.');
  });

  it('says in German that the server was not reached', async () => {
    const user = userEvent.setup();
    renderAdmin(<Form serverError={{ status: 0, data: null }} />);
    await user.type(screen.getByRole('textbox', { name: 'Titel' }), 'x');
    await user.click(screen.getByRole('checkbox', { name: 'Haus Nord' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Keine Verbindung zum Server.');
  });
});
