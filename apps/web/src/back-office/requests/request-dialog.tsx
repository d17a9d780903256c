import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { adminRequestUpdate, PROVIDER_REQUEST_STATUSES, type AdminProviderRequest } from '@hausportal/contract';
import { Modal } from '@/components/ui/modal';
import { AdminForm, FormButtons, SelectInput, TextAreaInput } from '../components/form-fields';
import { applyServerErrors } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { s } from '../strings';
import { useUpdateProviderRequestMutation } from './api';

type Values = z.input<typeof adminRequestUpdate>;
type Output = z.output<typeof adminRequestUpdate>;

const statusOptions = PROVIDER_REQUEST_STATUSES.map((value) => ({ value, label: s.status[value] ?? value }));

function RequestForm({ request, onDone }: { request: AdminProviderRequest; onDone: () => void }) {
  const [update] = useUpdateProviderRequestMutation();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(adminRequestUpdate),
    defaultValues: { status: request.status, note: request.note },
  });
  const onSubmit = async (values: Output) => {
    try {
      await update({ id: request.id, body: { status: values.status, note: values.note ?? '' } }).unwrap();
      toast.success(s.requests.saved);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, ['status', 'note']);
    }
  };
  return (
    <div className="stack">
      <dl className="details">
        <div>
          <dt>{s.requests.date}</dt>
          <dd>{formatDateTime(request.created_at)}</dd>
        </div>
        <div>
          <dt>{s.requests.resident}</dt>
          <dd>
            {request.user_name} · {s.moderation.apartment(request.apartment_number)} · {request.location_title}
          </dd>
        </div>
        <div>
          <dt>{s.requests.provider}</dt>
          <dd>
            {request.provider_name} ({request.service_title})
          </dd>
        </div>
      </dl>
      <figure className="admin-request-text-figure">
        <figcaption className="visually-hidden">{s.requests.text}</figcaption>
        <blockquote className="admin-request-text">{request.text}</blockquote>
      </figure>
      <AdminForm form={form} onSubmit={onSubmit}>
        <SelectInput name="status" label={s.requests.status} options={statusOptions} />
        <TextAreaInput name="note" label={s.requests.note} hint={s.requests.noteHint} required={false} rows={4} />
        <FormButtons onCancel={onDone} />
      </AdminForm>
    </div>
  );
}

/** The detail dialog of one request: what was asked, and its status and note for the resident. */
export function RequestDialog({ request, onClose }: { request: AdminProviderRequest | null; onClose: () => void }) {
  return (
    <Modal open={request !== null} title={s.requests.detailTitle} onClose={onClose}>
      {request ? <RequestForm key={request.id} request={request} onDone={onClose} /> : null}
    </Modal>
  );
}
