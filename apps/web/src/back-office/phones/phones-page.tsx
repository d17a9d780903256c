import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { adminPhoneInput, type AdminPhone } from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { AdminPage } from '../components/admin-page';
import { ConfirmDialog } from '../components/confirm-dialog';
import { AdminForm, CheckboxInput, FormButtons, TextInput } from '../components/form-fields';
import { IconTitle } from '../components/icon-title';
import { ListLoadError } from '../components/load-error';
import { RowButton } from '../components/row-actions';
import { StatusBadge } from '../components/status-badge';
import { applyServerErrors, errorMessage, schemaFields } from '../lib/errors';
import { useConfirmDelete } from '../lib/use-confirm-delete';
import { s } from '../strings';
import { IconSelect } from '../components/icon-select';
import { filledTranslations, TranslationFields } from '../components/translation-fields';
import { ForWorkingLocation } from '../components/location-choice';
import { moved, OrderButtons, OrderedTable, useMoveFocus } from '../components/ordered-table';
import {
  useCreatePhoneMutation,
  useDeletePhoneMutation,
  useOrderPhonesMutation,
  usePhonesQuery,
  useUpdatePhoneMutation,
} from './api';
import { t } from './strings';
import '../components/screens.css';

/** The form: the contract's fields without the location (the page's) and the position (the list's). */
export const phoneFormSchema = adminPhoneInput
  .omit({ location_id: true, sort_order: true })
  .extend({ highlighted: z.boolean(), hidden: z.boolean() });
type FormInput = z.input<typeof phoneFormSchema>;
type FormOutput = z.output<typeof phoneFormSchema>;

function PhoneForm({ phone, locationId, onDone }: { phone?: AdminPhone; locationId: number; onDone: () => void }) {
  const [create] = useCreatePhoneMutation();
  const [update] = useUpdatePhoneMutation();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(phoneFormSchema),
    defaultValues: {
      name: phone?.name ?? '',
      number: phone?.number ?? '',
      icon: phone?.icon ?? '',
      highlighted: phone?.highlighted ?? false,
      hidden: phone?.hidden ?? false,
      translations: phone?.translations ?? {},
    },
  });
  const onSubmit = async (values: FormOutput) => {
    const body = { ...values, translations: filledTranslations(values.translations), location_id: locationId };
    try {
      if (phone) await update({ id: phone.id, body }).unwrap();
      else await create(body).unwrap();
      toast.success(t.saved);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, schemaFields(phoneFormSchema));
    }
  };
  return (
    <AdminForm form={form} onSubmit={onSubmit} aria-label={phone ? t.editTitle : t.create}>
      <TextInput name="name" label={t.fields.name} />
      <TextInput name="number" label={t.fields.number} type="tel" autoComplete="off" />
      <IconSelect label={t.fields.icon} initial={phone?.icon} noneLabel="Standardsymbol (Telefon)" />
      <CheckboxInput name="highlighted" label={t.fields.highlighted} hint={t.hints.highlighted} />
      <CheckboxInput name="hidden" label={t.fields.hidden} hint={t.hints.hidden} />
      <TranslationFields fields={[{ name: 'name', label: t.fields.name }]} />
      <FormButtons onCancel={onDone} />
    </AdminForm>
  );
}

type Editing = { phone?: AdminPhone } | null;

function PhoneFlags({ phone }: { phone: AdminPhone }) {
  return (
    <span className="admin-tags">
      {phone.highlighted ? <StatusBadge status="new" label={t.highlighted} /> : null}
      {phone.hidden ? <StatusBadge status="expired" label={t.hidden} /> : null}
    </span>
  );
}

function PhoneTable({ locationId }: { locationId: number }) {
  const { data, isLoading, isFetching, isError, error, refetch } = usePhonesQuery(locationId);
  const [order, orderState] = useOrderPhonesMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const { ask, dialog } = useConfirmDelete(useDeletePhoneMutation(), {
    argOf: (phone: AdminPhone) => ({ id: phone.id, location_id: locationId }),
    title: t.deleteTitle,
    message: (phone) => t.deleteText(phone.name),
    confirmLabel: t.delete,
    done: t.deleted,
  });
  const [announcement, setAnnouncement] = useState('');
  const phones = useMemo(() => data?.results ?? [], [data]);
  const { table, moving } = useMoveFocus(phones);

  const move = async (index: number, step: -1 | 1) => {
    const ids = moved(
      phones.map((p) => p.id),
      index,
      step,
    );
    const phone = phones[index]!;
    moving(phone.id, step);
    try {
      await order({ location_id: locationId, ids }).unwrap();
      setAnnouncement(s.order.moved(phone.name, index + step + 1, phones.length));
    } catch (e) {
      toast.error(`${s.order.failed} ${errorMessage(e)}`);
    }
  };

  if (isLoading) return <Spinner label={s.loading} />;
  if (isError && !data) return <ListLoadError error={error} onRetry={refetch} />;

  return (
    <div className="admin-table-block">
      <OrderedTable
        tableRef={table}
        busy={isFetching || orderState.isLoading}
        caption={t.caption}
        count={phones.length}
        create={t.create}
        onCreate={() => setEditing({})}
        announcement={announcement}
        empty={t.empty}
        head={
          <>
            <th scope="col">{t.columns.position}</th>
            <th scope="col">{t.columns.name}</th>
            <th scope="col">{t.columns.number}</th>
            <th scope="col" className="admin-col-folds">
              {t.columns.flags}
            </th>
            <th scope="col">{t.columns.order}</th>
            <th scope="col">{t.columns.actions}</th>
          </>
        }
      >
        {phones.map((phone, index) => (
          <tr key={phone.id}>
            <td>{index + 1}</td>
            <th scope="row" className="admin-row-head">
              <IconTitle icon={phone.icon || '/icons/phone.svg'} title={phone.name} />
              {/* On a tablet the flags fold under the name (admin.css). */}
              <span className="admin-fold">
                <PhoneFlags phone={phone} />
              </span>
            </th>
            <td className="col-number">{phone.number}</td>
            <td className="admin-col-folds">
              <PhoneFlags phone={phone} />
            </td>
            <td>
              <OrderButtons
                id={phone.id}
                name={phone.name}
                index={index}
                count={phones.length}
                busy={orderState.isLoading}
                words
                onMove={(i, step) => void move(i, step)}
              />
            </td>
            <td>
              <span className="admin-cell-actions">
                <RowButton label={t.edit} name={phone.name} onClick={() => setEditing({ phone })} />
                <RowButton label={t.delete} name={phone.name} danger onClick={() => ask(phone)} />
              </span>
            </td>
          </tr>
        ))}
      </OrderedTable>
      <Modal open={editing !== null} title={editing?.phone ? t.editTitle : t.create} onClose={() => setEditing(null)}>
        {editing ? <PhoneForm phone={editing.phone} locationId={locationId} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <ConfirmDialog {...dialog} />
    </div>
  );
}

/** Telefonnummern of one location: flags, create/edit, delete, and the order residents see. */
export default function PhonesPage() {
  return (
    <AdminPage title={t.title}>
      <ForWorkingLocation none={t.noLocation}>
        {(location) => (
          <>
            <p className="muted">{t.intro(location.title)}</p>
            <PhoneTable key={location.id} locationId={location.id} />
          </>
        )}
      </ForWorkingLocation>
    </AdminPage>
  );
}
