import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { requiredTrimmedText } from '@hausportal/contract';
import { Spinner } from '@/components/ui/spinner';
import { useMeQuery } from '../api/admin-api';
import type { AdminNotice } from '../api/types';
import { AdminPage } from '../components/admin-page';
import {
  AdminForm,
  CheckboxGroupInput,
  CheckboxInput,
  FormSubmit,
  TextAreaInput,
  TextInput,
} from '../components/form-fields';
import { applyServerErrors, errorMessage } from '../lib/errors';
import { fromDateInput, toDateInput } from '../lib/format';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { s } from '../strings';
import { useCreateNoticeMutation, useNoticeQuery, useUpdateNoticeMutation } from './api';

/**
 * The notice form's schema (product §3.3: title ≤ 200, text ≤ 10000, ≥ 1 location, an end in the
 * future), with the contract's field rules. `ends_at` holds the date input's `YYYY-MM-DD`; an end
 * date kept unchanged while editing an expired notice is not refused.
 */
function noticeSchema(keptEnd: string) {
  return z.object({
    title: requiredTrimmedText(200),
    text: requiredTrimmedText(10_000),
    important: z.boolean(),
    ends_at: z.string().refine(
      (day) => {
        if (day === '' || day === keptEnd) return true;
        const end = fromDateInput(day);
        return end !== null && Date.parse(end) > Date.now();
      },
      { error: s.notices.endInPast },
    ),
    location_ids: z.array(z.number()).min(1, { error: s.notices.pickLocation }),
  });
}
type NoticeValues = z.infer<ReturnType<typeof noticeSchema>>;

function NoticeForm({ notice, defaultLocations }: { notice?: AdminNotice; defaultLocations: number[] }) {
  const navigate = useNavigate();
  const [locationId] = useLocationFilter();
  const { data: me } = useMeQuery();
  const [create] = useCreateNoticeMutation();
  const [update] = useUpdateNoticeMutation();
  const keptEnd = toDateInput(notice?.ends_at ?? null);
  const schema = useMemo(() => noticeSchema(keptEnd), [keptEnd]);
  const form = useForm<NoticeValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: notice?.title ?? '',
      text: notice?.text ?? '',
      important: notice?.important ?? false,
      ends_at: keptEnd,
      location_ids: notice?.location_ids ?? defaultLocations,
    },
  });

  // A notice may belong to locations the form lists as well as ones it does not know by name.
  const options = useMemo(() => {
    const known = (me?.locations ?? []).map((l) => ({ value: l.id, label: l.title }));
    const extra = (notice?.locations ?? [])
      .filter((l) => !known.some((k) => k.value === l.id))
      .map((l) => ({ value: l.id, label: l.title }));
    return [...known, ...extra];
  }, [me, notice]);

  const onSubmit = async (values: NoticeValues) => {
    const body = {
      title: values.title.trim(),
      text: values.text.trim(),
      important: values.important,
      ends_at: values.ends_at === keptEnd && notice ? notice.ends_at : fromDateInput(values.ends_at),
      starts_at: notice?.starts_at ?? null,
      location_ids: values.location_ids,
    };
    try {
      if (notice) await update({ id: notice.id, body }).unwrap();
      else await create(body).unwrap();
      toast.success(s.notices.saved);
      navigate(withLocation('/admin/notices', locationId));
    } catch (error) {
      applyServerErrors(error, form.setError, ['title', 'text', 'important', 'ends_at', 'location_ids']);
    }
  };

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="admin-form">
      <TextInput name="title" label={s.notices.noticeTitle} maxLength={200} />
      <TextAreaInput name="text" label={s.notices.text} rows={8} />
      <CheckboxInput name="important" label={s.notices.important} hint={s.notices.importantHint} />
      <TextInput name="ends_at" type="date" label={s.notices.endsAt} hint={s.notices.endsAtHint} required={false} />
      <CheckboxGroupInput name="location_ids" label={s.notices.locations} options={options} />
      <div className="button-row admin-form-buttons">
        <Link className="button" to={withLocation('/admin/notices', locationId)}>
          {s.form.cancel}
        </Link>
        <FormSubmit>{s.form.save}</FormSubmit>
      </div>
    </AdminForm>
  );
}

/** Create (/admin/notices/new) or edit (/admin/notices/:noticeId) a notice. */
export default function NoticeFormPage() {
  const { noticeId } = useParams();
  const id = noticeId && /^\d{1,9}$/.test(noticeId) ? Number(noticeId) : undefined;
  const editing = noticeId !== undefined;
  const [locationId] = useLocationFilter();
  const { data: me } = useMeQuery();
  const { data: notice, error, isLoading, refetch } = useNoticeQuery(id ?? 0, { skip: id === undefined });
  const title = editing ? s.notices.edit : s.notices.create;

  let content;
  if (editing && id === undefined) content = <p className="form-error">{s.shell.notFound}</p>;
  else if (editing && isLoading) content = <Spinner label={s.loading} />;
  else if (editing && !notice)
    content = (
      <div className="card admin-table-error" role="alert">
        <p>{errorMessage(error)}</p>
        <button type="button" className="button" onClick={() => void refetch()}>
          {s.table.retry}
        </button>
      </div>
    );
  else if (!me) content = <Spinner label={s.loading} />;
  else {
    const defaults = locationId ? [locationId] : me.locations.length === 1 ? [me.locations[0]!.id] : [];
    content = <NoticeForm key={notice?.id ?? 'new'} notice={notice} defaultLocations={defaults} />;
  }

  return (
    <AdminPage title={title}>
      <p>
        <Link to={withLocation('/admin/notices', locationId)}>{s.notices.back}</Link>
      </p>
      {content}
    </AdminPage>
  );
}
