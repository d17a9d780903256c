import { useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import {
  NOTICE_ENDS_BEFORE_START,
  NOTICE_MAX_ATTACHMENTS,
  NOTICE_TOO_MANY_ATTACHMENTS,
  fileTooLargeMessage,
  requiredTrimmedText,
} from '@hausportal/contract';
import { NoticeCard } from '@/components/notice-card';
import { Spinner } from '@/components/ui/spinner';
import { ACCEPT, isPdf, isTooLarge } from '@/lib/files';
import { adminApi, useMeQuery } from '../api/admin-api';
import { useUpload } from '../api/upload';
import type { AdminNotice } from '../api/types';
import { AdminPage } from '../components/admin-page';
import { ProgressBar } from '../components/progress-bar';
import {
  AdminForm,
  CheckboxGroupInput,
  CheckboxInput,
  FieldNotes,
  fieldLabel,
  FormSubmit,
  TextAreaInput,
  TextInput,
} from '../components/form-fields';
import { applyServerErrors, errorMessage } from '../lib/errors';
import { fromDateInput, fromDateTimeInput, toDateInput, toDateTimeInput } from '../lib/format';
import { useLocationFilter, withLocation } from '../lib/list-params';
import { useAdminDispatch } from '../store';
import { s } from '../strings';
import {
  useCreateNoticeMutation,
  useDeleteNoticeAttachmentMutation,
  useNoticeQuery,
  useUpdateNoticeMutation,
} from './api';
import './notices.css';

/**
 * The notice form's schema (product §3.3: title ≤ 200, text ≤ 10000, ≥ 1 location, an end in the
 * future and after the start), with the contract's field rules. `ends_at` holds the date input's
 * `YYYY-MM-DD`, `starts_at` the Berlin wall time `YYYY-MM-DDTHH:mm`; an end date kept unchanged
 * while editing an expired notice is not refused.
 */
function noticeSchema(keptEnd: string) {
  return z
    .object({
      title: requiredTrimmedText(200),
      text: requiredTrimmedText(10_000),
      important: z.boolean(),
      starts_at: z.string(),
      ends_at: z.string().refine(
        (day) => {
          if (day === '' || day === keptEnd) return true;
          const end = fromDateInput(day);
          return end !== null && Date.parse(end) > Date.now();
        },
        { error: s.notices.endInPast },
      ),
      location_ids: z.array(z.number()).min(1, { error: s.notices.pickLocation }),
    })
    .superRefine((v, ctx) => {
      const start = fromDateTimeInput(v.starts_at);
      const end = fromDateInput(v.ends_at);
      if (start && end && Date.parse(end) <= Date.parse(start))
        ctx.addIssue({ code: 'custom', path: ['ends_at'], message: NOTICE_ENDS_BEFORE_START });
    });
}
type NoticeValues = z.infer<ReturnType<typeof noticeSchema>>;

/** A PDF in the form: one the notice has (with its link), or one picked and not sent yet. */
type FormAttachment = { key: string; name: string; document: string | null } & (
  { kind: 'kept'; id: number } | { kind: 'new'; file: File }
);
type NewAttachment = Extract<FormAttachment, { kind: 'new' }>;

/**
 * The notice's PDFs: the ones it has (each with 'Entfernen') and the ones picked now. A picked
 * file that is no PDF by its first bytes, over 10 MB or one too many is named at once and left out.
 */
function AttachmentsField({
  items,
  onChange,
}: {
  items: FormAttachment[];
  onChange: (items: FormAttachment[]) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const picked = useRef(0);

  const pick = async (files: File[]) => {
    const errors: string[] = [];
    const next = [...items];
    for (const file of files) {
      if (next.length >= NOTICE_MAX_ATTACHMENTS) {
        errors.push(NOTICE_TOO_MANY_ATTACHMENTS);
        break;
      }
      if (isTooLarge(file)) errors.push(fileTooLargeMessage(file.name));
      else if (!(await isPdf(file))) errors.push(s.notices.notPdf(file.name));
      else next.push({ kind: 'new', key: `new-${(picked.current += 1)}`, name: file.name, document: null, file });
    }
    setError(errors.length ? errors.join(' ') : null);
    onChange(next);
    setInputKey((k) => k + 1);
  };

  return (
    <fieldset className="field notice-attachments" aria-describedby={`${id}-hint`}>
      <legend className="admin-legend">{fieldLabel(s.notices.attachments, false)}</legend>
      {items.length ? (
        <ul className="notice-attachment-list">
          {items.map((a) => (
            <li key={a.key}>
              {a.document ? (
                <a href={a.document} target="_blank" rel="noopener noreferrer">
                  {a.name}
                </a>
              ) : (
                <span>
                  {a.name} <span className="muted">({s.notices.attachmentNew})</span>
                </span>
              )}
              <button
                type="button"
                className="button button-small"
                aria-label={s.notices.removeAttachment(a.name)}
                onClick={() => onChange(items.filter((x) => x.key !== a.key))}
              >
                {s.notices.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{s.notices.attachmentsNone}</p>
      )}
      {items.length < NOTICE_MAX_ATTACHMENTS ? (
        <input
          key={inputKey}
          id={`${id}-input`}
          type="file"
          accept={ACCEPT.pdf}
          multiple
          aria-label={s.notices.attachments}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => void pick([...(event.target.files ?? [])])}
        />
      ) : null}
      <FieldNotes id={id} hint={s.notices.attachmentsHint} error={error} alert />
    </fieldset>
  );
}

/** 'Vorschau': the notice as the form now stands, drawn with the residents' own card. */
function NoticePreview({ attachments }: { attachments: FormAttachment[] }) {
  const v = useWatch<NoticeValues>();
  const start = fromDateTimeInput(v.starts_at ?? '');
  const end = v.ends_at ? fromDateInput(v.ends_at) : null;
  // The preview's clock is its first draw: a notice without a start appears 'now'.
  const [now] = useState(() => new Date().toISOString());
  return (
    <section className="card notice-preview stack" aria-labelledby="notice-preview-heading">
      <h2 id="notice-preview-heading">{s.notices.preview}</h2>
      <p className="muted">{s.notices.previewHint}</p>
      <NoticeCard
        headingLevel={3}
        region={false}
        labels={{
          notice: s.notices.notice,
          important: s.notices.important,
          validUntil: s.notices.validUntil,
          attachments: s.notices.attachments,
          openPdf: s.notices.openPdf,
        }}
        notice={{
          id: 'preview',
          title: v.title?.trim() || s.notices.previewTitle,
          text: v.text?.trim() || s.notices.previewText,
          important: Boolean(v.important),
          shownAt: start ?? now,
          ends_at: end,
          attachments: attachments.map((a) => ({ id: a.key, name: a.name, document: a.document })),
        }}
      />
    </section>
  );
}

const FIELDS = ['title', 'text', 'important', 'starts_at', 'ends_at', 'location_ids'] as const;

function NoticeForm({ notice, defaultLocations }: { notice?: AdminNotice; defaultLocations: number[] }) {
  const navigate = useNavigate();
  const [locationId] = useLocationFilter();
  const { data: me } = useMeQuery();
  const [create] = useCreateNoticeMutation();
  const [update] = useUpdateNoticeMutation();
  const [detach] = useDeleteNoticeAttachmentMutation();
  const upload = useUpload();
  const dispatch = useAdminDispatch();
  // The PDF going up after the notice is saved, and how far.
  const [sending, setSending] = useState<{ label: string; percent: number } | null>(null);
  const keptEnd = toDateInput(notice?.ends_at ?? null);
  const schema = useMemo(() => noticeSchema(keptEnd), [keptEnd]);
  const form = useForm<NoticeValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: notice?.title ?? '',
      text: notice?.text ?? '',
      important: notice?.important ?? false,
      starts_at: toDateTimeInput(notice?.starts_at ?? null),
      ends_at: keptEnd,
      location_ids: notice?.location_ids ?? defaultLocations,
    },
  });
  const [attachments, setAttachments] = useState<FormAttachment[]>(() =>
    (notice?.attachments ?? []).map((a) => ({
      kind: 'kept',
      id: a.id,
      key: `kept-${a.id}`,
      name: a.name,
      document: a.document,
    })),
  );

  // A notice may belong to locations the form lists as well as ones it does not know by name.
  const options = useMemo(() => {
    const known = (me?.locations ?? []).map((l) => ({ value: l.id, label: l.title }));
    const extra = (notice?.locations ?? [])
      .filter((l) => !known.some((k) => k.value === l.id))
      .map((l) => ({ value: l.id, label: l.title }));
    return [...known, ...extra];
  }, [me, notice]);

  /** Sends what changed in the PDFs after the notice is saved; false (with a message) when one failed. */
  const syncAttachments = async (saved: AdminNotice): Promise<boolean> => {
    const kept = new Set(attachments.flatMap((a) => (a.kind === 'kept' ? [a.id] : [])));
    try {
      for (const a of saved.attachments.filter((x) => !kept.has(x.id)))
        await detach({ id: saved.id, attachmentId: a.id }).unwrap();
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    }
    const fresh = attachments.filter((a): a is NewAttachment => a.kind === 'new');
    for (const [index, a] of fresh.entries()) {
      const body = new FormData();
      body.set('document', a.file, a.name);
      const label = s.notices.attachmentProgress(a.name, index + 1, fresh.length);
      setSending({ label, percent: 0 });
      try {
        await upload<AdminNotice>({
          path: `/api/admin/notices/${saved.id}/attachments/`,
          form: body,
          onProgress: (loaded, total) => setSending({ label, percent: Math.round((loaded / total) * 100) }),
        });
      } catch (error) {
        toast.error(s.notices.attachFailed(a.name, errorMessage(error)));
        return false;
      } finally {
        setSending(null);
        dispatch(
          adminApi.util.invalidateTags([
            { type: 'Notices', id: saved.id },
            { type: 'Notices', id: 'LIST' },
          ]),
        );
      }
    }
    return true;
  };

  const onSubmit = async (values: NoticeValues) => {
    const body = {
      title: values.title.trim(),
      text: values.text.trim(),
      important: values.important,
      ends_at: values.ends_at === keptEnd && notice ? notice.ends_at : fromDateInput(values.ends_at),
      starts_at: fromDateTimeInput(values.starts_at),
      location_ids: values.location_ids,
    };
    let saved: AdminNotice;
    try {
      saved = notice ? await update({ id: notice.id, body }).unwrap() : await create(body).unwrap();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
      return;
    }
    if (await syncAttachments(saved)) {
      toast.success(s.notices.saved);
      navigate(withLocation('/admin/notices', locationId), { state: { saved: saved.id } });
    } else if (!notice) {
      // The notice exists now: further tries edit it instead of creating a second one.
      navigate(withLocation(`/admin/notices/${saved.id}`, locationId), { replace: true });
    }
  };

  return (
    <div className="notice-editor">
      <AdminForm form={form} onSubmit={onSubmit} className="admin-form">
        <TextInput name="title" label={s.notices.noticeTitle} maxLength={200} />
        <TextAreaInput name="text" label={s.notices.text} rows={8} />
        <CheckboxInput name="important" label={s.notices.important} hint={s.notices.importantHint} />
        <TextInput
          name="starts_at"
          type="datetime-local"
          label={s.notices.startsAt}
          hint={s.notices.startsAtHint}
          required={false}
        />
        <TextInput name="ends_at" type="date" label={s.notices.endsAt} hint={s.notices.endsAtHint} required={false} />
        <CheckboxGroupInput name="location_ids" label={s.notices.locations} options={options} />
        <AttachmentsField items={attachments} onChange={setAttachments} />
        <NoticePreview attachments={attachments} />
        {sending ? (
          <ProgressBar
            label={sending.label}
            value={sending.percent}
            max={100}
            text={s.upload.percent(sending.percent)}
          />
        ) : null}
        <div className="button-row admin-form-buttons">
          <Link className="button" to={withLocation('/admin/notices', locationId)}>
            {s.form.cancel}
          </Link>
          <FormSubmit>{s.form.save}</FormSubmit>
        </div>
      </AdminForm>
    </div>
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
      <p className="admin-link-line">
        <Link to={withLocation('/admin/notices', locationId)}>{s.notices.back}</Link>
      </p>
      {content}
    </AdminPage>
  );
}
