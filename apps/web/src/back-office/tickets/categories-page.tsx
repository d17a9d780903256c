import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { adminTicketCategoryInput } from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ForWorkingLocation } from '../components/location-choice';
import { moved, OrderButtons, OrderedTable, useMoveFocus } from '../components/ordered-table';
import { AdminForm, CheckboxInput, FormButtons, TextInput } from '../components/form-fields';
import { filledTranslations, TranslationFields } from '../components/translation-fields';
import { ListLoadError } from '../components/load-error';
import { RowButton } from '../components/row-actions';
import { StatusBadge } from '../components/status-badge';
import { applyServerErrors, errorMessage } from '../lib/errors';
import { s } from '../strings';
import {
  useCreateTicketCategoryMutation,
  useTicketCategoriesQuery,
  useUpdateTicketCategoryMutation,
  type TicketCategoryInput,
  type TicketCategoryRow,
} from './api';
import { TicketsFrame } from './parts';
import { t } from './strings';
import '../components/screens.css';

/** The form: name and the emergency hint; the location is the page's, the order the list's. */
const categoryFormSchema = adminTicketCategoryInput
  .pick({ name: true, emergency: true, translations: true })
  .extend({ emergency: z.boolean() });
type FormInput = z.input<typeof categoryFormSchema>;
type FormOutput = z.output<typeof categoryFormSchema>;

/** What `PUT` takes for a category: all of it, with the changes. */
function bodyOf(category: TicketCategoryRow, changes: Partial<TicketCategoryInput> = {}): TicketCategoryInput {
  return {
    location_id: category.location_id,
    name: category.name,
    emergency: category.emergency,
    sort_order: category.sort_order,
    archived: category.archived,
    ...changes,
  };
}

function CategoryForm({
  category,
  locationId,
  nextOrder,
  onDone,
}: {
  category?: TicketCategoryRow;
  locationId: number;
  nextOrder: number;
  onDone: () => void;
}) {
  const [create] = useCreateTicketCategoryMutation();
  const [update] = useUpdateTicketCategoryMutation();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: {
      name: category?.name ?? '',
      emergency: category?.emergency ?? false,
      translations: category?.translations ?? {},
    },
  });
  const onSubmit = async (submitted: FormOutput) => {
    const values = { ...submitted, translations: filledTranslations(submitted.translations) };
    try {
      if (category) await update({ id: category.id, body: bodyOf(category, values) }).unwrap();
      else await create({ location_id: locationId, sort_order: nextOrder, archived: false, ...values }).unwrap();
      toast.success(t.categories.saved);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['name', 'emergency']);
    }
  };
  return (
    <AdminForm form={form} onSubmit={onSubmit} aria-label={category ? t.categories.editTitle : t.categories.create}>
      <TextInput name="name" label={t.categories.name} maxLength={100} autoComplete="off" />
      <CheckboxInput name="emergency" label={t.categories.emergency} hint={t.categories.emergencyHint} />
      <TranslationFields fields={[{ name: 'name', label: t.categories.name }]} />
      <FormButtons onCancel={onDone} />
    </AdminForm>
  );
}

type Editing = { category?: TicketCategoryRow } | null;

function CategoryTable({ locationId, locationTitle }: { locationId: number; locationTitle: string }) {
  const { data, isLoading, isFetching, isError, error, refetch } = useTicketCategoriesQuery({
    location_id: locationId,
  });
  const [update, updateState] = useUpdateTicketCategoryMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [announcement, setAnnouncement] = useState('');
  const [saving, setSaving] = useState(false);
  const categories = useMemo(
    () => [...(data?.results ?? [])].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id),
    [data],
  );
  const { table, moving } = useMoveFocus(categories);

  // The new order as positions 0, 1, 2 …; only the categories whose position changed are saved.
  const move = async (index: number, step: -1 | 1) => {
    const category = categories[index]!;
    const ids = moved(
      categories.map((c) => c.id),
      index,
      step,
    );
    moving(category.id, step);
    setSaving(true);
    try {
      for (const [position, id] of ids.entries()) {
        const row = categories.find((c) => c.id === id)!;
        if (row.sort_order !== position) await update({ id, body: bodyOf(row, { sort_order: position }) }).unwrap();
      }
      setAnnouncement(s.order.moved(category.name, index + step + 1, categories.length));
    } catch (e) {
      toast.error(`${s.order.failed} ${errorMessage(e)}`);
    } finally {
      setSaving(false);
    }
  };

  const setArchived = async (category: TicketCategoryRow, archived: boolean) => {
    try {
      await update({ id: category.id, body: bodyOf(category, { archived }) }).unwrap();
      toast.success(archived ? t.categories.archivedDone(category.name) : t.categories.restoredDone(category.name));
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  if (isLoading) return <Spinner label={s.loading} />;
  if (isError && !data) return <ListLoadError error={error} onRetry={refetch} />;
  const busy = saving || updateState.isLoading;

  return (
    <div className="admin-table-block">
      <p className="muted">{t.categories.intro(locationTitle)}</p>
      <OrderedTable
        tableRef={table}
        className="admin-table ticket-categories"
        busy={isFetching || busy}
        caption={t.categories.caption}
        count={categories.length}
        create={t.categories.create}
        onCreate={() => setEditing({})}
        announcement={announcement}
        empty={t.categories.empty}
        head={
          <>
            <th scope="col">{t.categories.columns.position}</th>
            <th scope="col">{t.categories.columns.name}</th>
            <th scope="col">{t.categories.columns.tickets}</th>
            <th scope="col">{t.categories.columns.order}</th>
            <th scope="col">{t.categories.columns.actions}</th>
          </>
        }
      >
        {categories.map((category, index) => (
          <tr key={category.id} className={category.archived ? 'ticket-row-archived' : undefined}>
            <td>{index + 1}</td>
            <th scope="row" className="admin-row-head">
              {category.name}
              <span className="admin-tags">
                {category.emergency ? <StatusBadge status="important" label={t.categories.emergency} /> : null}
                {category.archived ? <StatusBadge status="expired" label={t.categories.archived} /> : null}
              </span>
            </th>
            <td>{category.ticket_count}</td>
            <td>
              <OrderButtons
                id={category.id}
                name={category.name}
                index={index}
                count={categories.length}
                busy={busy}
                onMove={(i, step) => void move(i, step)}
              />
            </td>
            <td>
              <span className="admin-cell-actions">
                <RowButton label={t.categories.edit} name={category.name} onClick={() => setEditing({ category })} />
                <RowButton
                  label={category.archived ? t.categories.restore : t.categories.archive}
                  name={category.name}
                  onClick={() => void setArchived(category, !category.archived)}
                />
              </span>
            </td>
          </tr>
        ))}
      </OrderedTable>
      <p className="field-hint">{t.categories.archiveHint}</p>
      <Modal
        open={editing !== null}
        title={editing?.category ? t.categories.editTitle : t.categories.create}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <CategoryForm
            category={editing.category}
            locationId={locationId}
            nextOrder={categories.reduce((max, c) => Math.max(max, c.sort_order + 1), 0)}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </div>
  );
}

/** Kategorien: the categories of one location, in the order residents see them. */
export function CategoriesPage() {
  return (
    <TicketsFrame title={t.categories.title}>
      <ForWorkingLocation none={t.categories.noLocation}>
        {(location) => <CategoryTable key={location.id} locationId={location.id} locationTitle={location.title} />}
      </ForWorkingLocation>
    </TicketsFrame>
  );
}
