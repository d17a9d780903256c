import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { trimmedText, type BookingResource } from '@hausportal/contract';
import { ConfirmDialog } from '../components/confirm-dialog';
import { AdminForm, FormSubmit, TextInput } from '../components/form-fields';
import { applyServerErrors, schemaFields } from '../lib/errors';
import { formatDateTime, fromDateTimeInput } from '../lib/format';
import { useConfirmDelete } from '../lib/use-confirm-delete';
import { useNow } from '../lib/use-now';
import { useAddBookingBlockMutation, useRemoveBookingBlockMutation } from './api';
import { addDays, berlinDay, dateOnly, dayStart } from './format';
import { t } from './strings';

const b = t.blocks;
type Block = BookingResource['blocks'][number];

/** A block as the manager set it: whole days for a guest flat, wall times for slots. */
export function blockPeriod(block: Pick<Block, 'starts_at' | 'ends_at'>, mode: BookingResource['mode']): string {
  if (mode === 'days') {
    const first = berlinDay(block.starts_at);
    const last = berlinDay(Date.parse(block.ends_at) - 1);
    return first === last ? dateOnly(first) : `${dateOnly(first)} – ${dateOnly(last)}`;
  }
  return `${formatDateTime(block.starts_at)} – ${formatDateTime(block.ends_at)}`;
}

const fields = z.object({ starts_at: z.string(), ends_at: z.string(), reason: trimmedText(500) });
const FIELDS = schemaFields(fields);

/**
 * The form's values as instants: whole days from the first day's midnight to the midnight after
 * the last (Berlin); slots from and to a wall time.
 */
function blockSchema(mode: BookingResource['mode']) {
  return fields
    .superRefine((v, ctx) => {
      if (!v.starts_at) ctx.addIssue({ code: 'custom', path: ['starts_at'], message: b.missing });
      if (!v.ends_at) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: b.missing });
      if (!v.starts_at || !v.ends_at) return;
      if (mode === 'days' ? v.ends_at < v.starts_at : v.ends_at <= v.starts_at)
        ctx.addIssue({
          code: 'custom',
          path: ['ends_at'],
          message: mode === 'days' ? b.lastBeforeFirst : b.endBeforeStart,
        });
    })
    .transform((v) => ({
      starts_at: mode === 'days' ? dayStart(v.starts_at) : fromDateTimeInput(v.starts_at)!,
      ends_at: mode === 'days' ? dayStart(addDays(v.ends_at, 1)) : fromDateTimeInput(v.ends_at)!,
      reason: v.reason,
    }));
}
type BlockInput = z.input<typeof fields>;
type BlockBody = { starts_at: string; ends_at: string; reason: string };

function AddBlockForm({ resource }: { resource: BookingResource }) {
  const [add] = useAddBookingBlockMutation();
  const form = useForm<BlockInput, unknown, BlockBody>({
    resolver: zodResolver(blockSchema(resource.mode)),
    defaultValues: { starts_at: '', ends_at: '', reason: '' },
  });
  const startsAt = useWatch({ control: form.control, name: 'starts_at' });
  const days = resource.mode === 'days';

  const onSubmit = async (body: BlockBody) => {
    try {
      await add({ id: resource.id, body }).unwrap();
      toast.success(b.added);
      form.reset({ starts_at: '', ends_at: '', reason: '' });
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  };

  return (
    <AdminForm form={form} onSubmit={onSubmit} className="admin-form booking-block-form" aria-label={b.addHeading}>
      <h3>{b.addHeading}</h3>
      <div className="booking-form-row">
        <TextInput
          name="starts_at"
          label={days ? b.firstDay : b.from}
          type={days ? 'date' : 'datetime-local'}
          min={days ? berlinDay() : undefined}
        />
        <TextInput
          name="ends_at"
          label={days ? b.lastDay : b.to}
          type={days ? 'date' : 'datetime-local'}
          min={startsAt || undefined}
        />
      </div>
      <TextInput name="reason" label={b.reason} hint={b.reasonHint} maxLength={500} required={false} />
      <p className="notice admin-notice-info">{b.warning}</p>
      <div className="button-row">
        <FormSubmit>{b.add}</FormSubmit>
      </div>
    </AdminForm>
  );
}

/** 'Sperrzeiten' of one resource: those not yet over, each with 'Aufheben', and a form for a new one. */
export function BlocksSection({ resource }: { resource: BookingResource }) {
  const now = useNow();
  const current = resource.blocks.filter((x) => Date.parse(x.ends_at) > now);
  const { ask, dialog } = useConfirmDelete(useRemoveBookingBlockMutation(), {
    argOf: (block: Block) => ({ id: resource.id, blockId: block.id }),
    title: b.removeTitle,
    message: (block) => b.removeText(blockPeriod(block, resource.mode)),
    confirmLabel: b.remove,
    done: b.removed,
  });
  return (
    <section className="card stack" aria-labelledby="blocks-heading">
      <h2 id="blocks-heading">{b.heading}</h2>
      <p className="muted">{b.intro}</p>
      {current.length === 0 ? (
        <p className="empty">{b.empty}</p>
      ) : (
        <div className="admin-table-block">
          <div className="admin-table-scroll">
            <table className="admin-table">
              <caption className="visually-hidden">{b.caption(resource.name)}</caption>
              <thead>
                <tr>
                  <th scope="col">{b.columns.period}</th>
                  <th scope="col">{b.columns.reason}</th>
                  <th scope="col">{b.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {current.map((block) => (
                  <tr key={block.id}>
                    <td>{blockPeriod(block, resource.mode)}</td>
                    <td>{block.reason || b.noReason}</td>
                    <td>
                      <button type="button" className="button button-small button-danger" onClick={() => ask(block)}>
                        {b.remove}
                        <span className="visually-hidden">: {blockPeriod(block, resource.mode)}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <AddBlockForm resource={resource} />
      <ConfirmDialog {...dialog} />
    </section>
  );
}
