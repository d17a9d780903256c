import { request, type APIRequestContext } from '@playwright/test';
import type { Message } from '@hausportal/contract';
import { DEMO_PASSWORD, MANAGER_LOGIN, baseUrl } from './env';
import type { FilePayload } from './files';

/** A post as the resident API returns it (the contract's type). */
export type ApiMessage = Message;

export interface AdminMessage {
  id: number;
  text: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: string;
  location_id: number;
  user_name: string;
}

/** An API client signed in as one user, over the real HTTP API (product §1.4: `Authorization: Token`). */
export class Api {
  private constructor(
    private readonly ctx: APIRequestContext,
    readonly token: string,
  ) {}

  static async login(login: string, password = DEMO_PASSWORD): Promise<Api> {
    const ctx = await request.newContext({ baseURL: baseUrl() });
    const res = await ctx.post('/api/login/', { data: { apartment_number: login, password } });
    if (!res.ok()) throw new Error(`API login of ${login} failed: ${res.status()} ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    return new Api(ctx, token);
  }

  /** Logs in the property manager of product §10, through the back office's sign-in (ADR 014). */
  static async manager(email = MANAGER_LOGIN, password = DEMO_PASSWORD): Promise<Api> {
    const ctx = await request.newContext({ baseURL: baseUrl() });
    const res = await ctx.post('/api/staff/login/', { data: { email, password } });
    if (!res.ok()) throw new Error(`API staff login of ${email} failed: ${res.status()} ${await res.text()}`);
    const { token } = (await res.json()) as { token: string };
    return new Api(ctx, token);
  }

  private get headers() {
    return { Authorization: `Token ${this.token}` };
  }

  async get<T>(url: string): Promise<T> {
    const res = await this.ctx.get(url, { headers: this.headers });
    if (!res.ok()) throw new Error(`GET ${url}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async post<T>(url: string, data: unknown): Promise<T> {
    const res = await this.ctx.post(url, { headers: this.headers, data });
    if (!res.ok()) throw new Error(`POST ${url}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async put<T>(url: string, data: unknown): Promise<T> {
    const res = await this.ctx.put(url, { headers: this.headers, data });
    if (!res.ok()) throw new Error(`PUT ${url}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async delete(url: string): Promise<void> {
    const res = await this.ctx.delete(url, { headers: this.headers });
    if (!res.ok()) throw new Error(`DELETE ${url}: ${res.status()} ${await res.text()}`);
  }

  /** Resident view: one page of the blackboard. */
  messages(page = 1) {
    return this.get<{ count: number; results: ApiMessage[] }>(`/api/messages/?page=${page}`);
  }

  /** Manager view: posts by moderation status, newest first. */
  async adminMessages(status: 'pending' | 'approved' | 'rejected' = 'pending'): Promise<AdminMessage[]> {
    return (await this.get<{ results: AdminMessage[] }>(`/api/admin/messages/?status=${status}&page_size=100`)).results;
  }

  approveMessage(id: number) {
    return this.put(`/api/admin/messages/${id}/moderation/`, { status: 'approved' });
  }

  approveComment(id: number) {
    return this.put(`/api/admin/comments/${id}/moderation/`, { status: 'approved' });
  }

  /** Approves the pending post with exactly this text; throws when there is none. */
  async approvePendingPost(text: string): Promise<number> {
    const pending = await this.adminMessages('pending');
    const post = pending.find((m) => m.text === text.trim());
    if (!post)
      throw new Error(`No pending post with text ${JSON.stringify(text)} among ${pending.length} pending posts`);
    await this.approveMessage(post.id);
    return post.id;
  }

  changePassword(oldPassword: string, newPassword: string) {
    return this.put('/api/profile/changepassword/', {
      old_password: oldPassword,
      new_password: newPassword,
      repeat_password: newPassword,
    });
  }

  /** Back office: uploads a PDF for the whole location or one apartment (multipart, as the form does). */
  async uploadDocument(locationId: number, title: string, file: FilePayload, apartment = ''): Promise<{ id: number }> {
    const res = await this.ctx.post('/api/admin/documents/', {
      headers: this.headers,
      multipart: {
        location_id: String(locationId),
        apartment_number: apartment,
        title,
        document: { name: file.name, mimeType: file.mimeType, buffer: file.buffer },
      },
    });
    if (!res.ok()) throw new Error(`document upload: ${res.status()} ${await res.text()}`);
    return (await res.json()) as { id: number };
  }

  /** A resident's defect report, as the form sends it (multipart, with an idempotency key). */
  async reportDefect(categoryId: number, description: string): Promise<{ id: number; number: string }> {
    const res = await this.ctx.post('/api/tickets/', {
      headers: { ...this.headers, 'Idempotency-Key': crypto.randomUUID() },
      multipart: {
        category_id: String(categoryId),
        scope: 'apartment',
        place: '',
        description,
        contact_consent: 'false',
        contact_phone: '',
      },
    });
    if (!res.ok()) throw new Error(`POST /api/tickets/: ${res.status()} ${await res.text()}`);
    return (await res.json()) as { id: number; number: string };
  }

  dispose() {
    return this.ctx.dispose();
  }
}

const berlinParts = (at: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );

/**
 * A post's time as the app shows it, the date first: 'heute, 16:48', 'gestern, 16:48', else
 * `DD.MM.YYYY, HH:mm`, in Europe/Berlin.
 */
export function formatTimestamp(iso: string): string {
  const at = berlinParts(new Date(iso));
  const day = (p: Record<string, string>) => `${p.day}.${p.month}.${p.year}`;
  const time = `${at.hour}:${at.minute}`;
  if (day(at) === day(berlinParts(new Date()))) return `heute, ${time}`;
  if (day(at) === day(berlinParts(new Date(Date.now() - 86_400_000)))) return `gestern, ${time}`;
  return `${day(at)}, ${time}`;
}
